// @fastify/rate-limit types its store interface but not its two stores' files, which the fallback store
// (counter-store.ts) combines: the part of them it uses (node_modules/@fastify/rate-limit/store/).
declare module "@fastify/rate-limit/store/LocalStore.js" {
  import type { FastifyRateLimitStore } from "@fastify/rate-limit";

  /** Counts in this process's memory: an LRU of `cache` keys (default 5000) per limit. */
  export default class LocalStore implements FastifyRateLimitStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    incr: FastifyRateLimitStore["incr"];
    child: FastifyRateLimitStore["child"];
  }
}

declare module "@fastify/rate-limit/store/RedisStore.js" {
  import type { FastifyRateLimitStore } from "@fastify/rate-limit";
  import type { Redis } from "ioredis";

  /** Counts in Redis with one Lua script per count (INCR, then PEXPIRE on the first). */
  export default class RedisStore implements FastifyRateLimitStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr: FastifyRateLimitStore["incr"];
    child: FastifyRateLimitStore["child"];
  }
}
