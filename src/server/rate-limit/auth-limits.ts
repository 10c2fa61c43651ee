import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { accountMessages } from "../../domain/accounts/messages";
import { clientAddressKey } from "./client-address";
import { createLimit, type Limit } from "./limit";

// Rate limits of the sign-in and account e-mail endpoints (docs/architecture.md): per client IP, against guessing
// and floods, and per account (e-mail address), against guessing one account's password from many IPs
// and against filling someone's inbox. Each endpoint counts separately, in windows of 15 minutes.

const authActions = [
  "login",
  "register",
  "resend-verification",
  "request-password-reset",
  "reset-password",
  "verify-email",
] as const;
export type AuthAction = (typeof authActions)[number];

export interface AuthLimitSettings {
  /** Attempts per IP per window and endpoint (AUTH_RATE_LIMIT_MAX). */
  perIp: number;
  /** Attempts per e-mail address per window and endpoint (AUTH_ACCOUNT_RATE_LIMIT_MAX). */
  perAccount: number;
  windowMs: number;
}

export const AUTH_RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000;

/**
 * The account an attempt is about: the body's e-mail address, normalised as the unique index compares
 * addresses, hashed so the shared store never holds people's addresses. Read once the body is parsed.
 */
function accountKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === "string" ? body.email : "";
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

type Scope = "ip" | "account" | "account-client";

const keys: Record<Scope, (request: FastifyRequest) => string> = {
  ip: (request) => clientAddressKey(request.ip),
  account: accountKey,
  "account-client": (request) => `${accountKey(request)}:${clientAddressKey(request.ip)}`,
};

export class AuthAttemptLimits {
  private readonly limits = new Map<string, Limit>();

  constructor(app: FastifyInstance, settings: AuthLimitSettings) {
    for (const action of authActions) {
      for (const scope of Object.keys(keys) as Scope[]) {
        const limit = createLimit(app, {
          max: scope === "ip" ? settings.perIp : settings.perAccount,
          windowMs: settings.windowMs,
          key: (request) => `${action}:${scope}:${keys[scope](request)}`,
          tooMany: accountMessages.tooManyAttempts,
          problemKey: "account.tooManyAttempts",
        });
        this.limits.set(`${action}:${scope}`, limit);
      }
    }
  }

  /** Counts an attempt from this IP; throws 429 when there have been too many. */
  countIp(request: FastifyRequest, reply: FastifyReply, action: AuthAction): Promise<void> {
    return this.count(request, reply, action, "ip");
  }

  /** countIp as a route's `preValidation` hook: every attempt counts, before its body is checked. */
  ipHook(action: AuthAction): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
    return (request, reply) => this.countIp(request, reply, action);
  }

  /**
   * Counts an attempt on the e-mail address of the (parsed) body, whoever makes it; throws 429 when
   * there have been too many.
   */
  countAccount(request: FastifyRequest, reply: FastifyReply, action: AuthAction): Promise<void> {
    return this.count(request, reply, action, "account");
  }

  /**
   * Counts an attempt on the body's e-mail address from this IP. Unlike countAccount, attempts from
   * other addresses never use it up, so it can apply to everyone, the account's owner included.
   */
  countAccountFromClient(request: FastifyRequest, reply: FastifyReply, action: AuthAction): Promise<void> {
    return this.count(request, reply, action, "account-client");
  }

  private count(request: FastifyRequest, reply: FastifyReply, action: AuthAction, scope: Scope) {
    const limit = this.limits.get(`${action}:${scope}`);
    if (!limit) throw new Error(`no rate limit for ${action}:${scope}`);
    return limit(request, reply);
  }
}
