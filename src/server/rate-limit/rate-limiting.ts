import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";

// Rate limits through @fastify/rate-limit (DESIGN §7). Its counters live in Redis when REDIS_URL is set,
// so every instance of the service sees the same totals; otherwise in this process's memory (an LRU of
// recent keys per limit, so a flood of distinct keys cannot grow memory for ever). No route is limited
// by default: each limit is made with createLimit (limit.ts) where it applies.

export interface RateLimitingOptions {
  /** Redis for the counters (REDIS_URL); unset: this process's memory. */
  redisUrl: string | undefined;
  /** Prefix of the counters' Redis keys; tests give each run its own. */
  keyPrefix?: string;
}

export const DEFAULT_RATE_LIMIT_KEY_PREFIX = "inclusion-atlas:rate-limit:";

/** Registers the plugin on the app (its decorators serve every route); the app closes the Redis client. */
export async function registerRateLimiting(
  app: FastifyInstance,
  { redisUrl, keyPrefix = DEFAULT_RATE_LIMIT_KEY_PREFIX }: RateLimitingOptions,
): Promise<void> {
  const redis = redisUrl ? await connectCounterRedis(app, redisUrl) : undefined;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: keyPrefix } : {}),
  });
}

async function connectCounterRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // While Redis is away a count fails at once instead of waiting in a queue: a sign-in must not hang
    // on its rate limit (limit.ts lets the request through). ioredis keeps reconnecting meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
  });
  // Connection errors surface as failed counts; the 'error' event must not crash the process.
  redis.on("error", () => undefined);
  app.addHook("onClose", async () => {
    if (redis.status === "ready") await redis.quit().catch(() => undefined);
    redis.disconnect();
  });
  try {
    // Connected before the first request, so the first counts are not lost to the handshake.
    await redis.connect();
  } catch (error) {
    app.log.warn(
      { error: String(error) },
      "rate-limit Redis unreachable; requests are not counted until it is",
    );
  }
  return redis;
}
