import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { problem, type ProblemParams } from "../../domain/api/problems";
import { HttpError } from "../http/errors";

// One rate limit: a number of requests per key per fixed window, counted by @fastify/rate-limit's store
// (rate-limiting.ts). A route calls its limits where they apply, so a limit can count a request only
// once the body is read (per account) or the caller is known (per user). Over the limit: 429 with a
// sentence saying when to try again and Retry-After. Every request is counted: when Redis cannot count,
// this instance's memory does (counter-store.ts), so a limit never lets a request through uncounted.

export interface LimitOptions {
  /** Requests allowed per key and window. */
  max: number;
  windowMs: number;
  /** What is counted, read from the request alone, e.g. `correction:ip:${clientAddressKey(request.ip)}`. */
  key: (request: FastifyRequest) => string | Promise<string>;
  /** The 429's sentence, given the minutes until the window ends. */
  tooMany: (minutes: number) => string;
  /** The same as a problem key, for the web app to say in the page's language. */
  problemKey: TooManyKey;
}

/** The problems that say how many minutes to wait. */
type TooManyKey = {
  [K in keyof ProblemParams]: ProblemParams[K] extends { minutes: number } ? K : never;
}[keyof ProblemParams];

/** Counts the request; throws 429 when there have been too many. */
export type Limit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A limit counted in the app's rate-limit store; registerRateLimiting must have run on `app`. */
export function createLimit(
  app: FastifyInstance,
  { max, windowMs, key, tooMany, problemKey }: LimitOptions,
): Limit {
  const count = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: key });
  return async (request, reply) => {
    const outcome = await count(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    const seconds = Math.max(1, outcome.ttlInSeconds);
    reply.header("retry-after", String(seconds));
    const minutes = Math.ceil(seconds / 60);
    throw new HttpError(429, tooMany(minutes), {
      code: "RATE_LIMITED",
      problem: problem(problemKey, { minutes }),
    });
  };
}
