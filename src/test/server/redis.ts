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

export async function keysUnder(keyPrefix: string, url = testRedisUrl()): Promise<string[]> {
  const redis = new Redis(url);
  try {
    return await redis.keys(`${keyPrefix}*`);
  } finally {
    await redis.quit();
  }
}

export async function deleteKeys(keyPrefix: string): Promise<void> {
  const keys = await keysUnder(keyPrefix);
  if (keys.length === 0) return;
  const redis = new Redis(testRedisUrl());
  try {
    await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
