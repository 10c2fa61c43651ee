// GET /health is polled by load balancers and monitors, often by several at once. Asking the database on
// every poll made the health check cost as much as a real query; instead a good answer is reused for a
// second, and requests that arrive while a check is running wait for that one check. A bad answer is not
// reused, so recovery shows on the next poll; a failure shows within `maxAgeMs` of happening.

export const DATABASE_CHECK_MAX_AGE_MS = 1000;

export interface DatabaseCheckOptions {
  maxAgeMs?: number;
  now?: () => number;
}

/** The check; `knownUp()` says, without waiting, whether a good answer is still fresh enough to reuse. */
export type CachedCheck = (() => Promise<boolean>) & { knownUp(): boolean };

export function cachedDatabaseCheck(
  ping: () => Promise<boolean>,
  { maxAgeMs = DATABASE_CHECK_MAX_AGE_MS, now = () => performance.now() }: DatabaseCheckOptions = {},
): CachedCheck {
  let lastUpAt: number | null = null;
  let running: Promise<boolean> | null = null;
  const knownUp = () => lastUpAt !== null && now() - lastUpAt < maxAgeMs;

  const check = () => {
    if (knownUp()) return Promise.resolve(true);
    running ??= ping()
      .catch(() => false)
      .then((up) => {
        lastUpAt = up ? now() : null;
        return up;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return Object.assign(check, { knownUp });
}
