import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { READ_RETRIES, shouldRetry } from "./query-client";

describe("the data layer's retries", () => {
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
});
