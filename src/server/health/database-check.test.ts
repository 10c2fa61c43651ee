import { describe, expect, it } from "vitest";
import { cachedCheck } from "./database-check";

/** A database whose answers the test sets, counting how often it is asked. */
function fakeDatabase() {
  const state = { up: true, pings: 0, pending: [] as (() => void)[], hold: false };
  const ping = () => {
    state.pings += 1;
    const answer = state.up;
    if (!state.hold) return Promise.resolve(answer);
    return new Promise<boolean>((resolve) => state.pending.push(() => resolve(answer)));
  };
  return { state, ping };
}

const upOrNot = { good: true, failed: false };

describe("the cached checks of GET /health", () => {
  it("asks the database once a second at most while it is up", async () => {
    const { state, ping } = fakeDatabase();
    let clock = 0;
    const isUp = cachedCheck(ping, upOrNot, { maxAgeMs: 1000, now: () => clock });

    expect(await isUp()).toBe(true);
    clock = 999;
    expect(await isUp()).toBe(true);
    expect(state.pings).toBe(1);

    clock = 1000;
    expect(await isUp()).toBe(true);
    expect(state.pings).toBe(2);
  });

  it("reports a failure within the second it happens, and every poll asks again while down", async () => {
    const { state, ping } = fakeDatabase();
    let clock = 0;
    const isUp = cachedCheck(ping, upOrNot, { maxAgeMs: 1000, now: () => clock });

    expect(await isUp()).toBe(true);
    state.up = false;
    clock = 1000;
    expect(await isUp()).toBe(false);
    expect(await isUp()).toBe(false);
    expect(state.pings).toBe(3);

    state.up = true;
    expect(await isUp()).toBe(true);
    expect(state.pings).toBe(4);
  });

  it("answers every poll that arrives during a check with that one check", async () => {
    const { state, ping } = fakeDatabase();
    state.hold = true;
    const isUp = cachedCheck(ping, upOrNot, { maxAgeMs: 1000, now: () => 0 });

    const answers = Promise.all([isUp(), isUp(), isUp()]);
    expect(state.pings).toBe(1);
    state.pending.forEach((answer) => answer());
    expect(await answers).toEqual([true, true, true]);
  });

  it("takes a ping that throws as a database that is down", async () => {
    const isUp = cachedCheck(() => Promise.reject(new Error("connection refused")), upOrNot);
    expect(await isUp()).toBe(false);
  });

  it("reuses only the good one of several states, and gives the failed state when the check throws", async () => {
    const answers: string[] = ["up", "full", "full", "read-only", "up"];
    let clock = 0;
    let checks = 0;
    const state = cachedCheck(
      () => {
        checks += 1;
        const answer = answers.shift();
        return answer ? Promise.resolve(answer) : Promise.reject(new Error("no answer"));
      },
      { good: "up", failed: "down" },
      { maxAgeMs: 1000, now: () => clock },
    );

    expect(await state()).toBe("up");
    expect(await state()).toBe("up");
    expect(checks).toBe(1);
    clock = 1000;
    expect([await state(), await state(), await state()]).toEqual(["full", "full", "read-only"]);
    expect(state.knownGood()).toBe(false);
    expect(await state()).toBe("up");
    expect(state.knownGood()).toBe(true);
    clock = 2000;
    expect(await state()).toBe("down");
    expect(checks).toBe(6);
  });
});
