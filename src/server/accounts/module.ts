import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/database";
import { AUTH_RATE_LIMIT_WINDOW_MS, AuthAttemptLimits } from "../rate-limit/auth-limits";
import { systemClock, type Clock } from "../clock";
import { registerGuards } from "./guards";
import { createPasswordHasher, owaspPasswordHashing, type PasswordHashingOptions } from "./passwords";
import { accountRoutes } from "./routes";

/** What tests (and only tests) change about accounts; production uses the defaults. */
export interface AccountsOptions {
  /** Where accounts read the time; tests move it to expire tokens and sessions. */
  clock?: Clock;
  /** argon2id cost; tests lower it, production keeps OWASP's recommendation. */
  passwordHashing?: PasswordHashingOptions;
  /** Least answer time of the endpoints that must not reveal whether an address has an account. */
  sameAnswerTimeMs?: number;
}

export const DEFAULT_SAME_ANSWER_TIME_MS = 250;

/**
 * Makes the guards available to every route and returns the /auth routes, for buildApp to mount; the
 * app's rate limiting (rate-limit/rate-limiting.ts) must be registered first.
 */
export function setUpAccounts(
  app: FastifyInstance,
  { config, database, options = {} }: { config: Config; database: DatabaseHandle; options?: AccountsOptions },
): FastifyPluginAsync {
  const now = options.clock ?? systemClock;
  registerGuards(app, { db: database.db, now });

  return accountRoutes({
    db: database.db,
    now,
    passwords: createPasswordHasher(options.passwordHashing ?? owaspPasswordHashing),
    limits: new AuthAttemptLimits(app, {
      perIp: config.authRateLimitMax,
      perAccount: config.authAccountRateLimitMax,
      windowMs: AUTH_RATE_LIMIT_WINDOW_MS,
    }),
    publicUrl: config.publicUrl,
    sameAnswerTimeMs: options.sameAnswerTimeMs ?? DEFAULT_SAME_ANSWER_TIME_MS,
  });
}
