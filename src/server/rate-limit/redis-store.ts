import { Redis } from "ioredis";
import type { RateLimitStore, WindowCount } from "./store";

// Counts in Redis so every instance sees the same totals. One script per hit: increment, start the
// window's expiry on the first hit, report the time left, atomically.

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private firstConnection: Promise<void> | undefined;

  constructor(options: { url: string; keyPrefix?: string }) {
    this.redis = new Redis(options.url, {
      keyPrefix: options.keyPrefix ?? "inclusion-atlas:rate-limit:",
      lazyConnect: true,
      // While Redis is away a command fails at once instead of waiting in a queue: a sign-in must not
      // hang on its rate limit. ioredis keeps reconnecting in the background.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
    });
    // Connection errors surface as failed commands; the 'error' event must not crash the process.
    this.redis.on("error", () => undefined);
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    this.firstConnection ??= this.redis.connect();
    if (this.redis.status === "connecting" || this.redis.status === "wait") await this.firstConnection;
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, key, String(windowMs))) as [number, number];
    return { count, msLeft: ttl };
  }

  async close(): Promise<void> {
    if (this.redis.status === "ready") await this.redis.quit().catch(() => undefined);
    this.redis.disconnect();
  }
}
