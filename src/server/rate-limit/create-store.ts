import { RedisRateLimitStore } from "./redis-store";
import { MemoryRateLimitStore, type RateLimitStore } from "./store";

/** Redis when REDIS_URL is set (counters shared by all instances), otherwise this process's memory. */
export function createRateLimitStore(
  config: { redisUrl: string | undefined },
  nowMs: () => number = Date.now,
): RateLimitStore {
  return config.redisUrl
    ? new RedisRateLimitStore({ url: config.redisUrl })
    : new MemoryRateLimitStore(nowMs);
}
