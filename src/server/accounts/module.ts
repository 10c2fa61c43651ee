import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/database";
import { AUTH_RATE_LIMIT_WINDOW_MS, AuthAttemptLimits } from "../rate-limit/auth-limits";
import { createRateLimitStore } from "../rate-limit/create-store";
import type { RateLimitStore } from "../rate-limit/store";
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
  /** Rate-limit counters; by default Redis with REDIS_URL, else memory. Closed by its owner. */
  rateLimitStore?: RateLimitStore;
  /** Least answer time of the endpoints that must not reveal whether an address has an account. */
  sameAnswerTimeMs?: number;
}

export const DEFAULT_SAME_ANSWER_TIME_MS = 250;

/** Makes the guards available to every route and returns the /auth routes, for buildApp to mount. */
export function setUpAccounts(
  app: FastifyInstance,
  { config, database, options = {} }: { config: Config; database: DatabaseHandle; options?: AccountsOptions },
): FastifyPluginAsync {
  const now = options.clock ?? systemClock;
  registerGuards(app, { db: database.db, now });

  let store = options.rateLimitStore;
  if (!store) {
    const ownStore = createRateLimitStore(config, () => now().getTime());
    app.addHook("onClose", () => ownStore.close());
    store = ownStore;
  }

  return accountRoutes({
    db: database.db,
    now,
    passwords: createPasswordHasher(options.passwordHashing ?? owaspPasswordHashing),
    limits: new AuthAttemptLimits(store, {
      perIp: config.authRateLimitMax,
      perAccount: config.authAccountRateLimitMax,
      windowMs: AUTH_RATE_LIMIT_WINDOW_MS,
    }),
    publicUrl: config.publicUrl,
    sameAnswerTimeMs: options.sameAnswerTimeMs ?? DEFAULT_SAME_ANSWER_TIME_MS,
  });
}
