import { describe, expect, it } from "vitest";
import { ConcurrencyLimit } from "./concurrency-limit";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("ConcurrencyLimit", () => {
  it("runs at most the limit at once, the rest in the order they came", async () => {
    const limit = new ConcurrencyLimit(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const finished = gates.map((gate, index) =>
      limit.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(limit.queued).toBe(2);

    gates[1]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);

    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(finished)).toEqual([0, 1, 2, 3]);
    expect(limit.queued).toBe(0);
  });

  it("frees the slot when a task fails, and passes the failure on", async () => {
    const limit = new ConcurrencyLimit(1);
    const failing = limit.run(() => Promise.reject(new Error("unreadable")));
    const next = limit.run(async () => "next");
    await expect(failing).rejects.toThrow("unreadable");
    expect(await next).toBe("next");
  });

  it("refuses a limit that is not a whole number of at least 1", () => {
    expect(() => new ConcurrencyLimit(0)).toThrow();
    expect(() => new ConcurrencyLimit(1.5)).toThrow();
  });
});
