// @vitest-environment node
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError as ApiErrorClass } from "../../lib/api-client";
import type * as OutboxModule from "./outbox";
import type { EyewitnessSubmission } from "../../lib/eyewitness-submission";
import type * as StoreModule from "./report-store";
import { submissionOf } from "../../../test/web/reports";

let store: typeof StoreModule;
let outbox: typeof OutboxModule;
// Imported after resetModules like the modules under test, so that instanceof sees the same class.
let ApiError: typeof ApiErrorClass;

beforeEach(async () => {
  vi.stubGlobal("indexedDB", new IDBFactory());
  vi.resetModules();
  store = await import("./report-store");
  outbox = await import("./outbox");
  ({ ApiError } = await import("../../lib/api-client"));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const report = (comment: string): EyewitnessSubmission => submissionOf({ comment });

/**
 * Waits for a condition by letting fake-indexeddb's real setImmediate tasks run (timers are fake here, and
 * vi.waitFor would advance them).
 */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1_000 && !condition(); turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  expect(condition(), "the condition waited for").toBe(true);
}

const online = () => true;
/** The middle of the jitter range: delays are then exactly three quarters of each step. */
const random = () => 0.5;

describe("backoffDelay", () => {
  it("doubles each attempt, with jitter in the upper half of the step, up to the cap", () => {
    expect(outbox.backoffDelay(0, () => 0)).toBe(1_000);
    expect(outbox.backoffDelay(0, () => 1)).toBe(2_000);
    expect(outbox.backoffDelay(1, () => 0)).toBe(2_000);
    expect(outbox.backoffDelay(3, () => 1)).toBe(16_000);
    expect(outbox.backoffDelay(20, () => 1)).toBe(outbox.RETRY.capMs);
  });

  it("retries no answer and server errors, never a refusal", () => {
    expect(outbox.isRetryable(new ApiError(0, "Network error"))).toBe(true);
    expect(outbox.isRetryable(new ApiError(503, "Unavailable"))).toBe(true);
    expect(outbox.isRetryable(new ApiError(429, "Slow down"))).toBe(true);
    expect(outbox.isRetryable(new ApiError(400, "Bad"))).toBe(false);
    expect(outbox.isRetryable(new ApiError(413, "Too large"))).toBe(false);
  });
});

describe("sendOutbox", () => {
  it("sends the user's waiting reports oldest first and empties the outbox", async () => {
    await store.queueReport(7, report("first"));
    await store.queueReport(7, report("second"));
    await store.queueReport(8, report("someone else's"));
    const send = vi.fn(async (_sent: EyewitnessSubmission) => ({}));
    const run = await outbox.sendOutbox(7, { send, random, isOnline: online });
    expect(run).toEqual({ sent: 2, refused: [] });
    expect(send.mock.calls.map(([sent]) => sent.comment)).toEqual(["first", "second"]);
    expect(await store.countWaiting(7)).toBe(0);
    expect(await store.countWaiting(8)).toBe(1);
  });

  it("retries network errors and 5xx with growing delays, then sends", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await store.queueReport(7, report("flaky"));
    const send = vi
      .fn<(sent: EyewitnessSubmission) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(0, "Network error"))
      .mockRejectedValueOnce(new ApiError(502, "Bad gateway"))
      .mockResolvedValue({});
    const running = outbox.sendOutbox(7, { send, random, isOnline: online });

    await until(() => send.mock.calls.length === 1);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(3);
    expect(await running).toEqual({ sent: 1, refused: [] });
    expect(await store.countWaiting(7)).toBe(0);
  });

  it("sends every try of a report with the key it was queued with, so the server stores it once", async () => {
    await store.queueReport(7, { ...report("answer lost"), idempotencyKey: "key-of-the-first-try-0001" });
    await store.queueReport(7, report("queued offline"));
    const send = vi
      .fn<(sent: EyewitnessSubmission) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(0, "Network error"))
      .mockResolvedValue({});

    await outbox.sendOutbox(7, { send, random: () => 0, isOnline: online });

    const keys = send.mock.calls.map(([sent]) => sent.idempotencyKey);
    expect(keys.slice(0, 2)).toEqual(["key-of-the-first-try-0001", "key-of-the-first-try-0001"]);
    expect(keys[2]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("tries each report only as often as asked, when a person waits for the answer", async () => {
    await store.queueReport(7, report("once"));
    const send = vi.fn(async () => Promise.reject(new ApiError(0, "Network error")));
    // No timers faked and no backoff waited for: the run ends after the one try.
    const run = await outbox.sendOutbox(7, { send, random, isOnline: online, attempts: 1 });
    expect(run).toEqual({ sent: 0, refused: [] });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await store.countWaiting(7)).toBe(1);
  });

  it("leaves the report waiting after the last retry, for the next time the connection returns", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await store.queueReport(7, report("never"));
    const send = vi.fn(async () => Promise.reject(new ApiError(0, "Network error")));
    const running = outbox.sendOutbox(7, { send, random, isOnline: online });
    await until(() => send.mock.calls.length === 1 && vi.getTimerCount() === 1);
    // Every backoff of the run fits in this much time (each at most the cap).
    await vi.advanceTimersByTimeAsync(outbox.RETRY.capMs * outbox.RETRY.attempts);
    expect(await running).toEqual({ sent: 0, refused: [] });
    expect(send).toHaveBeenCalledTimes(outbox.RETRY.attempts);
    expect(await store.countWaiting(7)).toBe(1);
  });

  it("does not retry a refusal: the report goes back to the form with the server's refusal", async () => {
    await store.queueReport(7, report("too long"));
    await store.queueReport(7, report("fine"));
    const message = "Your comment can be at most 5,000 characters long.";
    const problem = { key: "code.VALIDATION_FAILED", params: {} };
    const send = vi
      .fn<(sent: EyewitnessSubmission) => Promise<unknown>>()
      .mockRejectedValueOnce(
        new ApiError(400, message, {
          success: false,
          message,
          code: "VALIDATION_FAILED",
          field: "comment",
          problem,
        }),
      )
      .mockResolvedValue({});
    const run = await outbox.sendOutbox(7, { send, random, isOnline: online });
    expect(run.sent).toBe(1);
    // The refusal as failureText reads it: its problem, code and field, not only its English sentence.
    expect(run.refused).toHaveLength(1);
    const [said] = run.refused;
    expect(said).toBeInstanceOf(ApiError);
    expect([said?.status, said?.message, said?.code, said?.field]).toEqual([
      400,
      message,
      "VALIDATION_FAILED",
      "comment",
    ]);
    expect(said?.problem).toEqual(problem);
    expect(send).toHaveBeenCalledTimes(2);
    expect(await store.countWaiting(7)).toBe(0);
    const restored = await store.loadDraft(7, () => "k");
    // The field the server named comes back with the sentence and the problem, so the form says it on
    // that field in the page's language.
    expect(restored).toMatchObject({
      problem: message,
      problemField: "comment",
      refusal: { status: 400, code: "VALIDATION_FAILED", problem },
      draft: { comment: "too long" },
    });
  });

  it("sends nothing while offline, and stops on a 401", async () => {
    await store.queueReport(7, report("one"));
    await store.queueReport(7, report("two"));
    const send = vi.fn(async () => Promise.reject(new ApiError(401, "Unauthorized")));
    expect(await outbox.sendOutbox(7, { send, random, isOnline: () => false })).toEqual({
      sent: 0,
      refused: [],
    });
    expect(send).not.toHaveBeenCalled();
    expect(await outbox.sendOutbox(7, { send, random, isOnline: online })).toEqual({ sent: 0, refused: [] });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await store.countWaiting(7)).toBe(2);
  });

  it("runs once at a time: a flush asked for during a run starts after it and sends what was queued meanwhile", async () => {
    await store.queueReport(7, report("first"));
    let release = () => {};
    const send = vi
      .fn<(sent: EyewitnessSubmission) => Promise<unknown>>()
      .mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve({}))))
      .mockResolvedValue({});
    const first = outbox.flushOutbox(7, { send, random, isOnline: online });
    await until(() => send.mock.calls.length === 1);
    await store.queueReport(7, report("second"));
    const second = outbox.flushOutbox(7, { send, random, isOnline: online });
    expect(send).toHaveBeenCalledTimes(1);
    release();
    expect(await first).toEqual({ sent: 1, refused: [] });
    expect(await second).toEqual({ sent: 1, refused: [] });
    expect(send.mock.calls.map(([sent]) => sent.comment)).toEqual(["first", "second"]);
  });

  it("a run asked for while one waits between tries takes over at once, with its own options", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await store.queueReport(7, report("stuck"));
    const failing = vi.fn(async () => Promise.reject(new ApiError(0, "Network error")));
    const first = outbox.flushOutbox(7, { send: failing, random, isOnline: online });
    await until(() => failing.mock.calls.length === 1 && vi.getTimerCount() === 1);

    // "Send it now": no timer is advanced, so the first run's backoff never ends by itself.
    const sending = vi.fn(async (_sent: EyewitnessSubmission) => ({}));
    const now = outbox.flushOutbox(7, { send: sending, random, isOnline: online, attempts: 1 });
    expect(await first).toEqual({ sent: 0, refused: [] });
    expect(await now).toEqual({ sent: 1, refused: [] });
    expect(failing).toHaveBeenCalledTimes(1);
    expect(sending.mock.calls.map(([sent]) => sent.comment)).toEqual(["stuck"]);
    expect(await store.countWaiting(7)).toBe(0);
  });

  it("a run asked for while one is sending takes over when that try fails, not after its backoff", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await store.queueReport(7, report("stuck"));
    let fail = () => {};
    const failing = vi.fn(
      () =>
        new Promise<unknown>((_resolve, reject) => (fail = () => reject(new ApiError(0, "Network error")))),
    );
    const first = outbox.flushOutbox(7, { send: failing, random, isOnline: online });
    await until(() => failing.mock.calls.length === 1);
    const sending = vi.fn(async (_sent: EyewitnessSubmission) => ({}));
    const now = outbox.flushOutbox(7, { send: sending, random, isOnline: online, attempts: 1 });
    fail();
    expect(await first).toEqual({ sent: 0, refused: [] });
    expect(await now).toEqual({ sent: 1, refused: [] });
    expect(vi.getTimerCount()).toBe(0);
  });
});
