import { and, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// What the durable outboxes (mail, phone replies) share: a row is claimed by one attempt ("sending",
// attempts + 1, hidden for a lease), every write of that attempt's outcome holds only while the row is
// still that attempt's, a failure is retried after a delay that doubles up to a ceiling until the
// attempts run out, and a worker runs rounds on a timer. What each sends, and what it keeps or removes
// of a row once done, stays in its own module (mail/outbox.ts, channels/reply-outbox.ts).

export interface RetryPolicy {
  /** Rows claimed per round. */
  batchSize: number;
  /** After this many failed attempts a row is marked failed and left alone. */
  maxAttempts: number;
  /** Delay before the first retry; doubles with each failure up to maxRetryDelayMs. */
  firstRetryDelayMs: number;
  maxRetryDelayMs: number;
}

export const retryPolicyDefaults: RetryPolicy = {
  batchSize: 20,
  // 1, 2, 4 … 60 minutes: about 8 hours of trying.
  maxAttempts: 12,
  firstRetryDelayMs: 60 * 1000,
  maxRetryDelayMs: 60 * 60 * 1000,
};

/** The policy an outbox's options ask for, the defaults where they say nothing. */
export function retryPolicyOf(options: Partial<RetryPolicy>): RetryPolicy {
  return {
    batchSize: options.batchSize ?? retryPolicyDefaults.batchSize,
    maxAttempts: options.maxAttempts ?? retryPolicyDefaults.maxAttempts,
    firstRetryDelayMs: options.firstRetryDelayMs ?? retryPolicyDefaults.firstRetryDelayMs,
    maxRetryDelayMs: options.maxRetryDelayMs ?? retryPolicyDefaults.maxRetryDelayMs,
  };
}

/** How long after its `attempts`-th failure a row is tried again. */
export function retryDelayMs(policy: RetryPolicy, attempts: number): number {
  return Math.min(policy.firstRetryDelayMs * 2 ** (attempts - 1), policy.maxRetryDelayMs);
}

/** What one round did. */
export interface DeliveryRound {
  sent: number;
  retrying: number;
  failed: number;
}

/** One round's bookkeeping of attempts: the policy's numbers, and what the round did. */
export function attemptBook(options: Partial<RetryPolicy>) {
  const policy = retryPolicyOf(options);
  const round: DeliveryRound = { sent: 0, retrying: 0, failed: 0 };
  return {
    batchSize: policy.batchSize,
    round,
    /** Whether a row that failed its `attempts`-th attempt is given up. */
    outOfAttempts: (attempts: number) => attempts >= policy.maxAttempts,
    /** When a row that failed its `attempts`-th attempt is tried again. */
    retryAt: (attempts: number, now: Date) => new Date(now.getTime() + retryDelayMs(policy, attempts)),
    count(outcome: keyof DeliveryRound) {
      round[outcome] += 1;
    },
  };
}

/** The columns every outbox table has for its attempts. */
export interface AttemptColumns {
  id: AnyPgColumn;
  status: AnyPgColumn;
  attempts: AnyPgColumn;
}

/**
 * The row while it is still this attempt's: a worker that outlived its lease (paused, cut off) must not
 * overwrite the attempt that took over.
 */
export function thisAttempt(table: AttemptColumns, row: { id: string; attempts: number }): SQL {
  return and(eq(table.id, row.id), eq(table.status, "sending"), eq(table.attempts, row.attempts))!;
}

export interface OutboxWorker {
  /** Finishes the round in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * Runs `round` at once, then every `intervalMs` after each one ends, until stopped; a failing round
 * (the database down) is reported to `roundFailed`, not fatal.
 */
export function startOutboxWorker(
  round: () => Promise<unknown>,
  options: { intervalMs?: number; roundFailed(error: unknown): void },
): OutboxWorker {
  const intervalMs = options.intervalMs ?? 2000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = round()
      .then(
        () => undefined,
        (error: unknown) => options.roundFailed(error),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
