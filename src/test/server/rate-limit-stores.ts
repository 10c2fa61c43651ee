import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { RedisRateLimitStore } from "../../server/rate-limit/redis-store";
import { MemoryRateLimitStore, type RateLimitStore } from "../../server/rate-limit/store";

// Rate-limit tests run on the memory store always, and on the Redis of TEST_REDIS_URL when it is set,
// under a key prefix of their own so parallel runs never share counters.

export type TestStoreKind = "memory" | "redis";

export function testStoreKinds(): TestStoreKind[] {
  return process.env.TEST_REDIS_URL ? ["memory", "redis"] : ["memory"];
}

export interface TestStores {
  /** A new store; Redis stores made by one TestStores share their counters, like instances would. */
  open(nowMs: () => number): RateLimitStore;
  /** Closes the stores and deletes their keys. */
  close(): Promise<void>;
}

export function testStores(kind: TestStoreKind): TestStores {
  const opened: RateLimitStore[] = [];
  const url = process.env.TEST_REDIS_URL ?? "";
  const keyPrefix = `inclusion-atlas-test:${process.pid}-${randomBytes(4).toString("hex")}:`;
  return {
    open(nowMs) {
      const store =
        kind === "redis" ? new RedisRateLimitStore({ url, keyPrefix }) : new MemoryRateLimitStore(nowMs);
      opened.push(store);
      return store;
    },
    async close() {
      await Promise.all(opened.map((store) => store.close()));
      if (kind !== "redis") return;
      const redis = new Redis(url);
      try {
        const keys = await redis.keys(`${keyPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        await redis.quit();
      }
    },
  };
}
