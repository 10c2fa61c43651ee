import { and, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/database";
import { trustedDevices, users } from "../db/schema";
import { DEVICE_COOKIE, DEVICE_COOKIE_SECONDS, readCookie, setCookie } from "./cookies";
import { hashSecretToken, newSecretToken } from "./secret-tokens";

// A browser that has signed in to an account carries a device cookie (a random token; only its hash is
// stored). Failed sign-ins from other addresses can lock an account for unknown browsers, never for
// these: an attacker cannot lock the owner out (targeted lockout).

/** True when the request's device cookie belongs to the account with this e-mail address. */
export async function isTrustedDevice(
  db: Database,
  request: FastifyRequest,
  email: string,
): Promise<boolean> {
  const token = readCookie(request, DEVICE_COOKIE);
  if (!token) return false;
  const [found] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(
      and(eq(trustedDevices.tokenHash, hashSecretToken(token)), sql`lower(${users.email}) = lower(${email})`),
    )
    .limit(1);
  return found !== undefined;
}

/** Remembers this browser for the user: a new device cookie, or the same one touched. */
export async function trustDevice(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  now: Date,
  secureCookies: boolean,
): Promise<void> {
  const existing = readCookie(request, DEVICE_COOKIE);
  if (existing) {
    const [touched] = await db
      .update(trustedDevices)
      .set({ lastUsedAt: now })
      .where(and(eq(trustedDevices.tokenHash, hashSecretToken(existing)), eq(trustedDevices.userId, userId)))
      .returning({ id: trustedDevices.id });
    if (touched) return;
  }
  const token = newSecretToken();
  await db
    .insert(trustedDevices)
    .values({ userId, tokenHash: hashSecretToken(token), createdAt: now, lastUsedAt: now });
  setCookie(reply, DEVICE_COOKIE, token, DEVICE_COOKIE_SECONDS, secureCookies);
}
