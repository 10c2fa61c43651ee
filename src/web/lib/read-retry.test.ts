import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { READ_RETRIES, retryDelayMs, shouldRetry } from "./read-retry";

describe("when a failed read is tried again", () => {
  it("tries a read again when no answer came or the server failed, at most twice", () => {
    expect(shouldRetry(0, new ApiError(0, "offline"))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, "busy"))).toBe(true);
    expect(shouldRetry(READ_RETRIES, new ApiError(503, "busy"))).toBe(false);
  });

  it("never tries again after a refusal, a 401 or an error of the client's own", () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetry(0, new ApiError(status, "refused"))).toBe(false);
    }
    expect(shouldRetry(0, new Error("answer against the contract"))).toBe(false);
  });

  it("waits twice as long before each try, at most 30 s", () => {
    expect([0, 1, 2, 5, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});
