import { describe, expect, it } from "vitest";
import { isCancelledRequest, quietCancelledRequests } from "./cancelled-requests";

/** An unhandled rejection as the browser announces it (jsdom has no PromiseRejectionEvent). */
function unhandledRejection(reason: unknown): Event {
  return Object.assign(new Event("unhandledrejection", { cancelable: true }), { reason });
}

describe("cancelled requests", () => {
  it("are the AbortErrors of an aborted signal or request, and nothing else", () => {
    const controller = new AbortController();
    controller.abort();
    expect(isCancelledRequest(controller.signal.reason)).toBe(true);
    expect(isCancelledRequest(new DOMException("The upload was cancelled.", "AbortError"))).toBe(true);
    expect(isCancelledRequest(new DOMException("Quota exceeded", "QuotaExceededError"))).toBe(false);
    expect(isCancelledRequest(new TypeError("Failed to fetch"))).toBe(false);
    expect(isCancelledRequest("AbortError")).toBe(false);
    expect(isCancelledRequest(undefined)).toBe(false);
  });

  it("are kept out of the console; any other unhandled rejection is still reported", () => {
    const page = new EventTarget();
    quietCancelledRequests(page);
    const controller = new AbortController();
    controller.abort();

    const cancelled = unhandledRejection(controller.signal.reason);
    page.dispatchEvent(cancelled);
    const failure = unhandledRejection(new Error("The server's answer could not be read."));
    page.dispatchEvent(failure);

    expect(cancelled.defaultPrevented).toBe(true);
    expect(failure.defaultPrevented).toBe(false);
  });
});
