import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { counterStoreWithFallback, RedisAvailability, type RateLimitState } from "./counter-store";

// Rate limits through @fastify/rate-limit. Its counters live in Redis when REDIS_URL is set,
// so every instance of the service sees the same totals, and in this instance's memory too, which counts
// alone while Redis cannot (counter-store.ts); without REDIS_URL in memory only (an LRU of recent keys
// per limit, so a flood of distinct keys cannot grow memory for ever). No route is limited by default:
// each limit is made with createLimit (limit.ts) where it applies.

export interface RateLimitingOptions {
  /** Redis for the counters (REDIS_URL); unset: this process's memory. */
  redisUrl: string | undefined;
  /** Prefix of the counters' Redis keys; tests give each run its own. */
  keyPrefix?: string;
}

/** Where the limits count now, for the health check. */
export interface RateLimitCounting {
  /** "ok": in the configured store; "degraded": Redis is configured but cannot count, so in memory. */
  state(): RateLimitState;
}

export const DEFAULT_RATE_LIMIT_KEY_PREFIX = "inclusion-atlas:rate-limit:";

/** Registers the plugin on the app (its decorators serve every route); the app closes the Redis client. */
export async function registerRateLimiting(
  app: FastifyInstance,
  { redisUrl, keyPrefix = DEFAULT_RATE_LIMIT_KEY_PREFIX }: RateLimitingOptions,
): Promise<RateLimitCounting> {
  if (!redisUrl) {
    await app.register(fastifyRateLimit, { global: false });
    return { state: () => "ok" };
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    // While Redis is away a count fails at once instead of waiting in a queue, and the memory counts:
    // a sign-in must not hang on its rate limit. ioredis keeps reconnecting meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
  });
  // Connection errors surface as failed counts; the 'error' event must not crash the process.
  redis.on("error", () => undefined);
  const availability = new RedisAvailability(redis, app.log);
  app.addHook("onClose", async () => {
    availability.stop();
    if (redis.status === "ready") await redis.quit().catch(() => undefined);
    redis.disconnect();
  });
  // Connected before the first request, so the first counts go to Redis; if it is away, the failure has
  // been logged (RedisAvailability) and the memory counts until ioredis reconnects.
  await redis.connect().catch((error: unknown) => availability.failed(error));
  await app.register(fastifyRateLimit, {
    global: false,
    store: counterStoreWithFallback(redis, keyPrefix, availability),
  });
  return availability;
}
