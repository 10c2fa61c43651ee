import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/database";
import { authTokens } from "../db/schema";
import { hashSecretToken, newSecretToken } from "./secret-tokens";

// Verification and password reset links (docs/architecture.md): one live token per user and purpose (a new request
// replaces the old), bound to its purpose, single use, short-lived. Only the SHA-256 is stored.

export type TokenPurpose = "verify" | "reset";

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

export type TokenProblem = "invalid" | "expired" | "used";

/** Issues a token for the user and purpose, replacing any earlier one; returns the token to send. */
export async function issueOneTimeToken(
  db: Database,
  userId: number,
  purpose: TokenPurpose,
  now: Date,
  /** Verify tokens: the hash of the registering browser's cookie (see cookies.ts). */
  browserHash: string | null = null,
): Promise<string> {
  const token = newSecretToken();
  const values = {
    tokenHash: hashSecretToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    usedAt: null,
    browserHash,
  };
  await db
    .insert(authTokens)
    .values({ userId, purpose, ...values })
    .onConflictDoUpdate({ target: [authTokens.userId, authTokens.purpose], set: values });
  return token;
}

/**
 * Marks the token used and returns its user, in one statement: of two concurrent uses, one wins.
 * Call it inside the transaction that acts on the token, so a failure leaves the token unused.
 */
export async function consumeOneTimeToken(
  db: Database,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ userId: number; browserHash: string | null } | { problem: TokenProblem }> {
  const tokenHash = hashSecretToken(token);
  const [consumed] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId, browserHash: authTokens.browserHash });
  if (consumed) return consumed;
  return { problem: (await inspect(db, tokenHash, purpose, now)) ?? "invalid" };
}

/** Says why a token cannot be used, without using it (a cheap check before expensive work). */
export async function checkOneTimeToken(
  db: Database,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenProblem | null> {
  return inspect(db, hashSecretToken(token), purpose, now);
}

export async function discardOneTimeTokens(db: Database, userId: number, purpose: TokenPurpose) {
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose)));
}

async function inspect(
  db: Database,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenProblem | null> {
  const [found] = await db
    .select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
    .limit(1);
  if (!found) return "invalid";
  if (found.usedAt) return "used";
  if (found.expiresAt.getTime() <= now.getTime()) return "expired";
  return null;
}
