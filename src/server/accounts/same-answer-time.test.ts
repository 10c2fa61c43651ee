import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withSameAnswerTime } from "./same-answer-time";

describe("withSameAnswerTime", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Settles the answer on the fake clock and says when (in fake milliseconds) it came. */
  async function answeredAt<T>(answer: Promise<T>): Promise<number> {
    let at: number | null = null;
    void answer.then(
      () => (at = performance.now()),
      () => (at = performance.now()),
    );
    const started = performance.now();
    while (at === null) await vi.advanceTimersByTimeAsync(1);
    return at - started;
  }

  it("answers a quick branch and a slower one at the same time: no sooner than the floor", async () => {
    const quick = answeredAt(withSameAnswerTime(150, async () => "unknown address"));
    expect(await quick).toBe(150);
    const slower = answeredAt(
      withSameAnswerTime(150, () => new Promise((resolve) => setTimeout(() => resolve("known"), 90))),
    );
    expect(await slower).toBe(150);
  });

  it("adds nothing to work that already took longer than the floor, and keeps its answer", async () => {
    const work = () => new Promise<string>((resolve) => setTimeout(() => resolve("done"), 400));
    const answer = withSameAnswerTime(150, work);
    expect(await answeredAt(answer)).toBe(400);
    await expect(answer).resolves.toBe("done");
  });

  it("waits for the floor on a failure too, then passes the failure on", async () => {
    const answer = withSameAnswerTime(150, async () => {
      throw new Error("database down");
    });
    const settled = answeredAt(answer);
    await expect(answer).rejects.toThrow("database down");
    expect(await settled).toBe(150);
  });
});
