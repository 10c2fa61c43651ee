import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import LocalStore from "@fastify/rate-limit/store/LocalStore.js";
import RedisStore from "@fastify/rate-limit/store/RedisStore.js";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

// The counters of the rate limits when REDIS_URL is set. Redis holds the totals every instance shares;
// when it cannot count (stopped, unreachable, answering errors) the limits must not switch off, or a Redis
// outage would open sign-in to password guessing. So every count is also kept in this instance's memory
// (the plugin's LocalStore: an LRU of recent keys per limit, so a flood of distinct keys cannot grow
// memory for ever), with the same keys, windows and maxima, and while Redis is away that count decides.
//
// The trade-off: while Redis is away each instance counts alone, so with N instances a client may get up
// to N times a limit, and an instance started during the outage counts from zero. That is what running
// without Redis always means; it is never unlimited. Counting in memory all along (not only once Redis
// fails) means the counts this instance saw before the outage still hold during it.

export type RateLimitState = "ok" | "degraded";

/** While degraded, at most one count a second tries Redis again (a Redis answering errors sends no 'ready'). */
export const REDIS_RETRY_INTERVAL_MS = 1000;

/** Whether counts go to Redis now; logs one line when they stop (warn) and one when they resume (info). */
export class RedisAvailability {
  private degraded = false;
  private retryAt = 0;
  private closing = false;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = () => performance.now(),
  ) {
    // 'close' comes as soon as the connection drops; 'ready' once ioredis has reconnected by itself.
    redis.on("close", () => this.lost("the connection to Redis closed"));
    redis.on("ready", () => this.recovered());
  }

  /** "degraded" while the limits are counted in this instance's memory only. */
  state(): RateLimitState {
    // Also before any count: a Redis unreachable since start-up has sent no 'close' to notice.
    if (this.redis.status !== "ready") this.lost(`Redis connection ${this.redis.status}`);
    return this.degraded ? "degraded" : "ok";
  }

  /** Whether this count should go to Redis. */
  shouldTry(): boolean {
    if (this.redis.status !== "ready") {
      this.lost(`Redis connection ${this.redis.status}`);
      return false;
    }
    if (!this.degraded) return true;
    const now = this.now();
    if (now < this.retryAt) return false;
    this.retryAt = now + REDIS_RETRY_INTERVAL_MS;
    return true;
  }

  counted(): void {
    this.recovered();
  }

  failed(error: unknown): void {
    this.lost(String(error));
    this.retryAt = this.now() + REDIS_RETRY_INTERVAL_MS;
  }

  /** The app is closing its Redis connection: that is no outage. */
  stop(): void {
    this.closing = true;
  }

  private lost(reason: string) {
    if (this.degraded || this.closing) return;
    this.degraded = true;
    this.log.warn(
      { reason },
      "rate limits: Redis cannot count; counting in this instance's memory until it answers again",
    );
  }

  private recovered() {
    if (!this.degraded || this.closing) return;
    this.degraded = false;
    this.log.info("rate limits: Redis answers again; counting there again");
  }
}

/** Counts in Redis when it can, and always in memory too (see above). */
class CounterStoreWithFallback implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly availability: RedisAvailability,
  ) {}

  incr(...[key, answer, timeWindow, max]: Parameters<FastifyRateLimitStore["incr"]>): void {
    this.local.incr(
      key,
      (localError, localCount) => {
        if (!this.availability.shouldTry()) return answer(localError, localCount);
        this.shared.incr(
          key,
          (error, sharedCount) => {
            if (error) {
              this.availability.failed(error);
              return answer(localError, localCount);
            }
            this.availability.counted();
            answer(null, sharedCount);
          },
          timeWindow,
          max,
        );
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
    return new CounterStoreWithFallback(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.availability,
    );
  }
}

/**
 * The store to give @fastify/rate-limit (it takes a class): counters in `redis` under `keyPrefix`, as the
 * plugin's own Redis store names them, with the fallback in memory.
 */
export function counterStoreWithFallback(
  redis: Redis,
  keyPrefix: string,
  availability: RedisAvailability,
): FastifyRateLimitStoreCtor {
  const shared = new RedisStore(false, false, redis, keyPrefix);
  const local = new LocalStore(false, false);
  return class extends CounterStoreWithFallback {
    constructor() {
      super(shared, local, availability);
    }
  };
}
