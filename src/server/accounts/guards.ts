import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UserRole } from "../../domain/accounts/user";
import { can, type Action } from "../../domain/permissions";
import type { Database } from "../db/database";
import type { HttpError } from "../http/errors";
import { accountRefusal } from "./refusal";
import type { Clock } from "../clock";
import { findSignedInUser, type SignedInUser } from "./sessions";

// Guards for route handlers: call one first, then the handler reads as a plain sentence.
//   const user = await requireUser(request);
//   const admin = await requirePermission(request, "roles:change");
// The role is read from the database on every request, so a role change applies at once (docs/architecture.md).

export type { SignedInUser } from "./sessions";

interface SessionReader {
  db: Database;
  now: Clock;
}

declare module "fastify" {
  interface FastifyInstance {
    accountSessions: SessionReader;
  }
}

/** Makes the guards work in every route of the app; buildApp calls it once, before the routes. */
export function registerGuards(app: FastifyInstance, reader: SessionReader): void {
  app.decorate("accountSessions", reader);
}

// One lookup per request, however many guards ask.
const lookups = new WeakMap<FastifyRequest, Promise<SignedInUser | null>>();

/** The signed-in user of the request, or null when there is no bearer token or its session is not live. */
export function getSignedInUser(request: FastifyRequest): Promise<SignedInUser | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const token = bearerToken(request);
    const { db, now } = request.server.accountSessions;
    lookup = token ? findSignedInUser(db, token, now()) : Promise.resolve(null);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The signed-in user; otherwise 401 with a message saying to sign in. */
export async function requireUser(request: FastifyRequest): Promise<SignedInUser> {
  const user = await getSignedInUser(request);
  if (user) return user;
  throw accountRefusal(401, request.headers.authorization ? "sessionEnded" : "signInRequired");
}

/** The signed-in user when their role is one of `roles`; otherwise 401 (not signed in) or 403. */
export async function requireRole(
  request: FastifyRequest,
  roles: readonly UserRole[],
): Promise<SignedInUser> {
  const user = await requireUser(request);
  if (!roles.includes(user.role)) throw notAllowed();
  return user;
}

/**
 * The signed-in user when the permission table (src/domain/permissions.ts) lets their role do `action`;
 * otherwise 401 (not signed in) or 403. Default deny: an action not granted is refused.
 */
export async function requirePermission(request: FastifyRequest, action: Action): Promise<SignedInUser> {
  const user = await requireUser(request);
  if (!can(user.role, action)) throw notAllowed();
  return user;
}

/**
 * The same checks as route hooks, for `preValidation`: a route whose body is validated checks the session
 * first, so a request without one is a 401 whatever it sends. The handler asks again for the user (the
 * lookup is made once per request).
 */
export const signedIn = async (request: FastifyRequest): Promise<void> => {
  await requireUser(request);
};

export const permitted =
  (action: Action) =>
  async (request: FastifyRequest): Promise<void> => {
    await requirePermission(request, action);
  };

/** 403: the person is signed in, but their role may not do this. */
export function notAllowed(): HttpError {
  return accountRefusal(403, "notAllowed");
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer +([A-Za-z0-9_-]{20,200}) *$/i.exec(request.headers.authorization ?? "");
  return match?.[1] ?? null;
}
