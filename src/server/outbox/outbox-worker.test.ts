import { describe, expect, it } from "vitest";
import { retryDelayMs, retryPolicyOf, startOutboxWorker } from "./outbox-worker";

describe("the outboxes' shared worker", () => {
  it("waits 1, 2, 4 … minutes between attempts, never more than an hour", () => {
    const policy = retryPolicyOf({});
    expect([1, 2, 3, 7, 12].map((attempts) => retryDelayMs(policy, attempts) / 60_000)).toEqual([
      1, 2, 4, 60, 60,
    ]);
    expect(retryPolicyOf({ maxAttempts: 3 })).toMatchObject({ maxAttempts: 3, batchSize: 20 });
  });

  it("goes on after a failing round, and stops only once the round in progress has finished", async () => {
    const failures: unknown[] = [];
    let rounds = 0;
    let finished = 0;
    let reachedFour: () => void = () => undefined;
    const fourRounds = new Promise<void>((resolve) => (reachedFour = resolve));
    const worker = startOutboxWorker(
      async () => {
        rounds += 1;
        if (rounds === 4) reachedFour();
        if (rounds === 2) throw new Error("the database is down");
        await Promise.resolve();
        finished += 1;
      },
      { intervalMs: 1, roundFailed: (error) => void failures.push(error) },
    );
    await fourRounds;
    await worker.stop();
    const stoppedAt = rounds;
    expect(failures).toEqual([new Error("the database is down")]);
    expect(finished).toBe(stoppedAt - 1);
  });
});
