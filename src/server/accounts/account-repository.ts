import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { PublicUser } from "../../domain/accounts/user";
import type { Database } from "../db/database";
import { authTokens, passwords, users } from "../db/schema";
import { publicUserColumns } from "./public-user";
import { hashSecretToken } from "./secret-tokens";

// The accounts' SQL: users and their password hashes. Functions take the database or a transaction, so
// a route can run several of them in one transaction.
//
// An address has at most one verified account. Until one is verified, each registration of the address is
// a row of its own (an unverified user) with its own names, password and link, so no registration can
// overwrite another; verifying one deletes the others.

/** The e-mail address matches case-insensitively, the way the unique index compares them. */
const emailIs = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export interface NewUser {
  email: string;
  firstname: string;
  lastname: string;
  /** The language of the account's e-mails; the column's default ("en") when not given. */
  language?: string | undefined;
}

/** Creates an unverified user: one registration of the address. */
export async function insertUser(db: Database, user: NewUser, at: Date): Promise<PublicUser> {
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
    .returning(publicUserColumns);
  if (!created) throw new Error("the registration was not stored");
  return created;
}

/**
 * Holds the address until the transaction ends, so registering it and verifying one of its registrations
 * happen one after the other: a registration never slips in beside a verification that ends the others.
 */
export async function lockAddress(db: Database, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(lower(${email})))`);
}

/** The first key of the address locks (the second is the address's hash), apart from other advisory locks. */
const ADDRESS_LOCK_CLASS = 20_260_302;

/** The address's verified account, else its newest registration. */
export async function findUserByEmail(db: Database, email: string): Promise<PublicUser | undefined> {
  const [user] = await db
    .select(publicUserColumns)
    .from(users)
    .where(emailIs(email))
    .orderBy(desc(users.isVerified), desc(users.id))
    .limit(1);
  return user;
}

export async function findVerifiedUserByEmail(db: Database, email: string): Promise<PublicUser | undefined> {
  const [user] = await db
    .select(publicUserColumns)
    .from(users)
    .where(and(emailIs(email), eq(users.isVerified, true)))
    .limit(1);
  return user;
}

/**
 * The registration of the address that this browser made (its registration cookie's hash is bound to the
 * registration's verify token), else the newest; undefined when the address has no unverified registration.
 */
export async function findRegistrationToResend(
  db: Database,
  email: string,
  browserHash: string | null,
): Promise<(PublicUser & { hasEarlier: boolean }) | undefined> {
  const pending = await db
    .select({ ...publicUserColumns, browserHash: authTokens.browserHash })
    .from(users)
    .leftJoin(authTokens, and(eq(authTokens.userId, users.id), eq(authTokens.purpose, "verify")))
    .where(and(emailIs(email), eq(users.isVerified, false)))
    .orderBy(desc(users.id));
  const chosen = pending.find((row) => browserHash !== null && row.browserHash === browserHash) ?? pending[0];
  if (!chosen) return undefined;
  const { browserHash: _bound, ...user } = chosen;
  return { ...user, hasEarlier: pending.some((row) => row.id < chosen.id) };
}

/** How many registrations of the address wait for verification. */
export async function countRegistrations(db: Database, email: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(emailIs(email), eq(users.isVerified, false)));
  return row?.count ?? 0;
}

/**
 * Deletes the address's registrations that nobody can finish any more: no link of theirs (verification or
 * reset) is still usable. An abandoned sign-up does not stay once the address is registered again.
 */
export async function deleteAbandonedRegistrations(db: Database, email: string, now: Date): Promise<void> {
  const liveLink = db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.userId, users.id), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)));
  await db
    .delete(users)
    .where(and(emailIs(email), eq(users.isVerified, false), sql`not exists (${liveLink})`));
}

/**
 * Ends the address's other registrations once one of them is verified (or reset): their rows go, and with
 * them their passwords and links. Returns how many ended.
 */
export async function endOtherRegistrations(
  db: Database,
  keptUserId: number,
  email: string,
): Promise<number> {
  const ended = await db
    .delete(users)
    .where(and(emailIs(email), eq(users.isVerified, false), ne(users.id, keptUserId)))
    .returning({ id: users.id });
  return ended.length;
}

/**
 * Who may sign in with this address, with their password hashes: the verified account; or, while nobody
 * has verified the address, its newest registrations (at most `registrations`), so a correct password can
 * be told "verify first" while the work per attempt stays bounded.
 */
export async function findSignInCandidates(
  db: Database,
  email: string,
  registrations: number,
): Promise<(PublicUser & { passwordHash: string | null })[]> {
  const found = await db
    .select({ ...publicUserColumns, passwordHash: passwords.hash })
    .from(users)
    .leftJoin(passwords, eq(passwords.userId, users.id))
    .where(emailIs(email))
    .orderBy(desc(users.isVerified), desc(users.id))
    .limit(registrations);
  const verified = found.find((user) => user.isVerified);
  return verified ? [verified] : found;
}

/** The holder of a one-time token: address, names, when they registered, and their password hash. */
export async function findTokenHolder(
  db: Database,
  token: string,
): Promise<
  | {
      id: number;
      email: string;
      firstname: string;
      lastname: string;
      createdAt: Date;
      browserHash: string | null;
      passwordHash: string | null;
    }
  | undefined
> {
  const [owner] = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      createdAt: users.createdAt,
      browserHash: authTokens.browserHash,
      passwordHash: passwords.hash,
    })
    .from(users)
    .innerJoin(authTokens, eq(authTokens.userId, users.id))
    .leftJoin(passwords, eq(passwords.userId, users.id))
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
