import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { PublicUser } from "../../domain/accounts/user";
import type { Database } from "../db/database";
import { preparedPerDatabase } from "../db/prepared";
import { sessions, users } from "../db/schema";
import { publicUserColumns } from "./public-user";
import { hashSecretToken, newSecretToken } from "./secret-tokens";

// Sessions live in the database (docs/architecture.md), so any instance can check a bearer token and a session
// can be ended: idle expiry slides forward with use, absolute expiry never moves.

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding on every request would write on every request; a minute's precision is plenty for 7 days.
const SLIDE_AFTER_MS = 60 * 1000;

export interface SignedInUser extends PublicUser {
  sessionId: string;
}

/** Starts a session and returns its bearer token, which is never stored. */
export async function startSession(db: Database, userId: number, now: Date): Promise<string> {
  const token = newSecretToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashSecretToken(token),
    createdAt: now,
    lastUsedAt: now,
    idleExpiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

// Every signed-in request asks this, so it is prepared (src/server/db/prepared.ts). The instant goes through
// the column's own encoder, as a Date compared in a built query would.
const signedInUserStatement = preparedPerDatabase((db) => {
  const now = sql.param(sql.placeholder("now"), sessions.idleExpiresAt);
  return db
    .select({
      ...publicUserColumns,
      sessionId: sessions.id,
      idleExpiresAt: sessions.idleExpiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .limit(1)
    .prepare("signed_in_user");
});

/** The user of a live session, with the role as it is in the database now; null for anything else. */
export async function findSignedInUser(db: Database, token: string, now: Date): Promise<SignedInUser | null> {
  const [found] = await signedInUserStatement(db).execute({ tokenHash: hashSecretToken(token), now });
  if (!found) return null;

  const { idleExpiresAt, absoluteExpiresAt, ...user } = found;
  const slid = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteExpiresAt.getTime()));
  if (slid.getTime() - idleExpiresAt.getTime() > SLIDE_AFTER_MS) {
    await db
      .update(sessions)
      .set({ idleExpiresAt: slid, lastUsedAt: now })
      .where(eq(sessions.id, user.sessionId));
  }
  return user;
}

export async function endSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, e.g. after a password reset, wherever they are signed in. */
export async function endAllSessions(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
