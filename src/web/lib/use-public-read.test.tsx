import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { usePublicRead } from "./use-public-read";

/** A read whose every call waits for the test to answer it; records each call's key and signal. */
function controlledRead() {
  const calls: {
    key: string;
    signal: AbortSignal;
    resolve: (value: string) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const readFor = (key: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => calls.push({ key, signal, resolve, reject }));
  return { calls, readFor };
}

function show(
  key: string,
  enabled: boolean,
  readFor: (key: string) => (signal: AbortSignal) => Promise<string>,
) {
  return renderHook(
    ({ key, enabled }: { key: string; enabled: boolean }) => usePublicRead(key, readFor(key), enabled),
    { initialProps: { key, enabled } },
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a public page's read", () => {
  it("asks nothing until enabled, then once, and gives the answer", async () => {
    const { calls, readFor } = controlledRead();
    const hook = show("25", false, readFor);
    expect(calls).toEqual([]);
    expect(hook.result.current.data).toBeUndefined();
    hook.rerender({ key: "25", enabled: true });
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve("Lagos's reports"));
    expect(hook.result.current).toMatchObject({ data: "Lagos's reports", failure: null });
    hook.rerender({ key: "25", enabled: true });
    expect(calls).toHaveLength(1);
  });

  it("tries again after 1 s and 2 s when no answer came or the server failed, then says why", async () => {
    vi.useFakeTimers();
    const { calls, readFor } = controlledRead();
    const hook = show("25", true, readFor);
    await act(async () => calls[0]!.reject(new ApiError(0, "No answer")));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.reject(new ApiError(503, "Resting")));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls).toHaveLength(3);
    expect(hook.result.current.failure).toBeNull();
    await act(async () => calls[2]!.reject(new ApiError(503, "Still resting")));
    expect(hook.result.current.failure?.message).toBe("Still resting");
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls).toHaveLength(3);
  });

  it("says at once why the server refused, without asking again, and Retry asks anew", async () => {
    const { calls, readFor } = controlledRead();
    const hook = show("25", true, readFor);
    await act(async () => calls[0]!.reject(new ApiError(400, "Please choose a state of Nigeria.")));
    expect(hook.result.current.failure?.message).toBe("Please choose a state of Nigeria.");
    act(() => hook.result.current.retry());
    expect(hook.result.current.failure).toBeNull();
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve("found"));
    expect(hook.result.current.data).toBe("found");
  });

  it("shows nothing of another key's answer, and drops the answer of a key no longer shown", async () => {
    const { calls, readFor } = controlledRead();
    const hook = show("25", true, readFor);
    await act(async () => calls[0]!.resolve("Lagos"));
    hook.rerender({ key: "20", enabled: true });
    expect(hook.result.current.data).toBeUndefined();
    expect(calls.map((call) => call.key)).toEqual(["25", "20"]);
    hook.rerender({ key: "1", enabled: true });
    expect(calls[1]!.signal.aborted).toBe(true);
    await act(async () => calls[1]!.resolve("Kano"));
    expect(hook.result.current.data).toBeUndefined();
    await act(async () => calls[2]!.resolve("Abia"));
    expect(hook.result.current.data).toBe("Abia");
  });

  it("tries again when the browser is back online after a read failed for want of a connection", async () => {
    const { calls, readFor } = controlledRead();
    const hook = show("25", true, readFor);
    await act(async () => calls[0]!.reject(new ApiError(400, "Refused")));
    act(() => window.dispatchEvent(new Event("online")));
    expect(calls).toHaveLength(1);
    act(() => hook.result.current.retry());
    vi.useFakeTimers();
    // The read and its two tries again, 1 s and 2 s apart, each without an answer.
    for (const [at, pauseMs] of [
      [1, 1000],
      [2, 2000],
      [3, 0],
    ] as const) {
      await act(async () => calls[at]!.reject(new ApiError(0, "No answer")));
      if (pauseMs) await act(() => vi.advanceTimersByTimeAsync(pauseMs));
    }
    expect(hook.result.current.failure?.message).toBe("No answer");
    act(() => window.dispatchEvent(new Event("online")));
    expect(hook.result.current.failure).toBeNull();
    expect(calls).toHaveLength(5);
    await act(async () => calls[4]!.resolve("back"));
    expect(hook.result.current.data).toBe("back");
    act(() => window.dispatchEvent(new Event("online")));
    expect(calls).toHaveLength(5);
  });

  it("shows a key's failure no more once another key was shown, and reads it anew when it comes back", async () => {
    const { calls, readFor } = controlledRead();
    const hook = show("25", true, readFor);
    await act(async () => calls[0]!.reject(new ApiError(404, "No such state")));
    expect(hook.result.current.failure?.message).toBe("No such state");
    hook.rerender({ key: "20", enabled: true });
    hook.rerender({ key: "25", enabled: true });
    expect(hook.result.current.failure).toBeNull();
    expect(calls.map((call) => call.key)).toEqual(["25", "20", "25"]);
  });

  it("fails like a refused answer when the read throws at once", async () => {
    const hook = renderHook(() =>
      usePublicRead(
        "25",
        () => {
          throw new ApiError(400, "Bad key");
        },
        true,
      ),
    );
    await act(async () => undefined);
    expect(hook.result.current.failure?.message).toBe("Bad key");
  });

  it("abandons the read and its next try when the page leaves", async () => {
    vi.useFakeTimers();
    const { calls, readFor } = controlledRead();
    const hook = show("25", true, readFor);
    await act(async () => calls[0]!.reject(new ApiError(0, "No answer")));
    hook.unmount();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);

    const second = show("25", true, readFor);
    second.unmount();
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(calls).toHaveLength(2);
  });
});
