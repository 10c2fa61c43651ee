// GET /health is polled by load balancers and monitors, often by several at once. Asking the database on
// every poll made the health check cost as much as a real query; instead a good answer is reused for a
// second, and requests that arrive while a check is running wait for that one check. A bad answer is not
// reused, so recovery shows on the next poll; a failure shows within `maxAgeMs` of happening.

export const DATABASE_CHECK_MAX_AGE_MS = 1000;

export interface CachedCheckOptions {
  maxAgeMs?: number;
  now?: () => number;
}

/** The check; `knownGood()` says, without waiting, whether a good answer is still fresh enough to reuse. */
export type CachedCheck<Answer> = (() => Promise<Answer>) & { knownGood(): boolean };

/**
 * `check` cached: `good` is its good answer (reused), `failed` what a check that throws answers.
 * Booleans for a part that is up or not, or a state such as the database's.
 */
export function cachedCheck<Answer>(
  check: () => Promise<Answer>,
  { good, failed }: { good: Answer; failed: Answer },
  { maxAgeMs = DATABASE_CHECK_MAX_AGE_MS, now = () => performance.now() }: CachedCheckOptions = {},
): CachedCheck<Answer> {
  let lastGoodAt: number | null = null;
  let running: Promise<Answer> | null = null;
  const knownGood = () => lastGoodAt !== null && now() - lastGoodAt < maxAgeMs;

  const cached = () => {
    if (knownGood()) return Promise.resolve(good);
    running ??= check()
      .catch(() => failed)
      .then((answer) => {
        lastGoodAt = answer === good ? now() : null;
        return answer;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return Object.assign(cached, { knownGood });
}
