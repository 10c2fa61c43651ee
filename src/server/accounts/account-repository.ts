import { and, eq, sql } from "drizzle-orm";
import type { PublicUser } from "../../domain/accounts/user";
import type { Database } from "../db/database";
import { authTokens, passwords, users } from "../db/schema";
import { publicUserColumns } from "./public-user";
import { hashSecretToken } from "./secret-tokens";

// The accounts' SQL: users and their password hashes. Functions take the database or a transaction, so
// a route can run several of them in one transaction.

/** The e-mail address matches case-insensitively, the way the unique index compares them. */
const emailIs = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export interface NewUser {
  email: string;
  firstname: string;
  lastname: string;
  /** The language of the account's e-mails; the column's default ("en") when not given. */
  language?: string | undefined;
}

/** Creates the user, or returns undefined when the address already has an account. */
export async function insertUser(db: Database, user: NewUser, at: Date): Promise<PublicUser | undefined> {
  const [created] = await db
    .insert(users)
    .values({
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      ...(user.language === undefined ? {} : { language: user.language }),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning(publicUserColumns);
  return created;
}

export async function findUserById(db: Database, id: number): Promise<PublicUser | undefined> {
  const [user] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findUserByEmail(db: Database, email: string): Promise<PublicUser | undefined> {
  const [user] = await db.select(publicUserColumns).from(users).where(emailIs(email)).limit(1);
  return user;
}

export async function findUnverifiedUserByEmail(
  db: Database,
  email: string,
): Promise<PublicUser | undefined> {
  const [user] = await db
    .select(publicUserColumns)
    .from(users)
    .where(and(emailIs(email), eq(users.isVerified, false)))
    .limit(1);
  return user;
}

/** The user with this address and their password hash (null when they have none yet). */
export async function findUserWithPasswordHash(
  db: Database,
  email: string,
): Promise<(PublicUser & { passwordHash: string | null }) | undefined> {
  const [found] = await db
    .select({ ...publicUserColumns, passwordHash: passwords.hash })
    .from(users)
    .leftJoin(passwords, eq(passwords.userId, users.id))
    .where(emailIs(email))
    .limit(1);
  return found;
}

/** The address and names of the holder of a one-time token, for the new-password rules. */
export async function findTokenHolder(
  db: Database,
  token: string,
): Promise<{ email: string; firstname: string; lastname: string } | undefined> {
  const [owner] = await db
    .select({ email: users.email, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .innerJoin(authTokens, eq(authTokens.userId, users.id))
    .where(eq(authTokens.tokenHash, hashSecretToken(token)))
    .limit(1);
  return owner;
}

/** New names and, when given, a new language for the account's e-mails. */
export async function renameUser(
  db: Database,
  id: number,
  names: { firstname: string; lastname: string; language?: string | undefined },
  at: Date,
): Promise<PublicUser | undefined> {
  const [renamed] = await db
    .update(users)
    .set({
      firstname: names.firstname,
      lastname: names.lastname,
      ...(names.language === undefined ? {} : { language: names.language }),
      updatedAt: at,
    })
    .where(eq(users.id, id))
    .returning(publicUserColumns);
  return renamed;
}

/** Records that the user proved the address is theirs. */
export async function markVerified(db: Database, id: number, at: Date): Promise<PublicUser | undefined> {
  const [user] = await db
    .update(users)
    .set({ isVerified: true, updatedAt: at })
    .where(eq(users.id, id))
    .returning(publicUserColumns);
  return user;
}

/** Sets the user's password hash, replacing any earlier one. */
export async function savePasswordHash(db: Database, userId: number, hash: string, at: Date): Promise<void> {
  await db
    .insert(passwords)
    .values({ userId, hash, updatedAt: at })
    .onConflictDoUpdate({ target: passwords.userId, set: { hash, updatedAt: at } });
}

export async function deletePasswordHash(db: Database, userId: number): Promise<void> {
  await db.delete(passwords).where(eq(passwords.userId, userId));
}
