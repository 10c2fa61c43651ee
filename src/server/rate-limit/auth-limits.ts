import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { accountMessages } from "../../domain/accounts/messages";
import { HttpError } from "../http/errors";
import type { RateLimitStore } from "./store";

// Rate limits of the sign-in and account e-mail endpoints (DESIGN §7): per client IP, against guessing
// and floods, and per account (e-mail address), against guessing one account's password from many IPs
// and against filling someone's inbox. Each endpoint counts separately, in windows of 15 minutes.

export type AuthAction =
  | "login"
  | "register"
  | "resend-verification"
  | "request-password-reset"
  | "reset-password"
  | "choose-password";

export interface AuthLimitSettings {
  /** Attempts per IP per window and endpoint (AUTH_RATE_LIMIT_MAX). */
  perIp: number;
  /** Attempts per e-mail address per window and endpoint (AUTH_ACCOUNT_RATE_LIMIT_MAX). */
  perAccount: number;
  windowMs: number;
}

export const AUTH_RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000;

/** Hashed so the shared store never holds people's addresses. */
function accountKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

export class AuthAttemptLimits {
  constructor(
    private readonly store: RateLimitStore,
    private readonly settings: AuthLimitSettings,
  ) {}

  /** Counts an attempt from this IP; throws 429 when there have been too many. */
  async countIp(request: FastifyRequest, reply: FastifyReply, action: AuthAction): Promise<void> {
    await this.count(request, reply, `${action}:ip:${request.ip}`, this.settings.perIp);
  }

  /** Counts an attempt on this e-mail address, whoever makes it; throws 429 when there have been too many. */
  async countAccount(
    request: FastifyRequest,
    reply: FastifyReply,
    action: AuthAction,
    email: string,
  ): Promise<void> {
    await this.count(request, reply, `${action}:account:${accountKey(email)}`, this.settings.perAccount);
  }

  /**
   * Counts an attempt on this e-mail address from this IP. Unlike countAccount, attempts from other
   * addresses never use it up, so it can apply to everyone, the account's owner included.
   */
  async countAccountFromClient(
    request: FastifyRequest,
    reply: FastifyReply,
    action: AuthAction,
    email: string,
  ): Promise<void> {
    const key = `${action}:account-client:${accountKey(email)}:${request.ip}`;
    await this.count(request, reply, key, this.settings.perAccount);
  }

  private async count(request: FastifyRequest, reply: FastifyReply, key: string, max: number) {
    let window;
    try {
      window = await this.store.hit(key, this.settings.windowMs);
    } catch (error) {
      // Better to let people sign in while the counter store is away than to lock everyone out.
      request.log.warn({ error: String(error) }, "rate-limit store unavailable; attempt not counted");
      return;
    }
    if (window.count <= max) return;
    const seconds = Math.max(1, Math.ceil(window.msLeft / 1000));
    reply.header("retry-after", String(seconds));
    throw new HttpError(429, accountMessages.tooManyAttempts(Math.ceil(seconds / 60)));
  }
}
