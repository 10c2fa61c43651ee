import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

// The rate-limit tests count in memory and in Redis: TEST_REDIS_URL, or the Redis every development
// machine and CI runs on its default port. Each run counts under a key prefix of its own, so parallel
// runs never share counters, and deletes its keys afterwards.

export type CounterStoreKind = "memory" | "redis";
export const counterStoreKinds: CounterStoreKind[] = ["memory", "redis"];

export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
}

export function uniqueKeyPrefix(): string {
  return `inclusion-atlas-test:${process.pid}-${randomBytes(4).toString("hex")}:`;
}

/**
 * A client of the tests' own that tries once: ioredis' defaults reconnect for ever and queue commands
 * meanwhile, so with Redis away a clean-up in a hook would wait for the hook's time-out, not fail.
 */
async function withTestRedis<T>(url: string, use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // Kept to say why connect() failed (it says only "Connection is closed"); without a listener ioredis would
  // also print it.
  let lastError: Error | undefined;
  redis.on("error", (error: Error) => {
    lastError = error;
  });
  try {
    await redis.connect();
    return await use(redis);
  } catch (error) {
    throw lastError ?? error;
  } finally {
    redis.disconnect();
  }
}

/**
 * Fails at once, saying what to do, when the tests' Redis does not answer. Without it each test would
 * wait for its hooks' time-outs (a minute each) and then fail on counts, which hides the cause.
 */
export async function expectTestRedisAnswers(url = testRedisUrl()): Promise<void> {
  try {
    await withTestRedis(url, (redis) => redis.ping());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The Redis these tests count in, ${url}, does not answer (${reason}). Start it ` +
        `(redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "") or set TEST_REDIS_URL ` +
        `to one that answers.`,
    );
  }
}

export async function keysUnder(keyPrefix: string, url = testRedisUrl()): Promise<string[]> {
  return withTestRedis(url, (redis) => redis.keys(`${keyPrefix}*`));
}

export async function deleteKeys(keyPrefix: string): Promise<void> {
  await withTestRedis(testRedisUrl(), async (redis) => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  });
}
