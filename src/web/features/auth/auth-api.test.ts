import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { authApi, failureMessage } from "./auth-api";
import { mockApi, resetAuthTestState, signInLocally, storedUser } from "../../../test/web/auth";

afterEach(resetAuthTestState);

describe("the accounts calls", () => {
  it("go without the stored session's token, and a 401 does not end that session", async () => {
    const api = mockApi().answer("POST /auth/login", {
      status: 401,
      body: { success: false, message: "No" },
    });
    signInLocally();
    await expect(authApi.login({ email: "ada@example.org", password: "x" })).rejects.toBeInstanceOf(ApiError);
    expect(api.sent[0]?.authorization).toBeNull();
    expect(storedUser()).not.toBeNull();
  });

  it("put the token of a verification link in the path when reading it, encoded", async () => {
    const api = mockApi().answer("GET /auth/verify-email/a%2Fb%3Fc-0123456789/registration", { status: 400 });
    await expect(authApi.verificationLink("a/b?c-0123456789")).rejects.toBeInstanceOf(ApiError);
    expect(api.sent[0]?.path).toBe("/auth/verify-email/a%2Fb%3Fc-0123456789/registration");
  });

  it("send the token of a verification link in the body when using it", async () => {
    const api = mockApi().answer("POST /auth/verify-email", { status: 400 });
    await expect(authApi.verifyEmail({ token: "a/b?c-0123456789", password: "x" })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(api.sent[0]).toMatchObject({
      path: "/auth/verify-email",
      body: { token: "a/b?c-0123456789", password: "x" },
    });
  });

  it("fail with the server's sentence, else the fallback for no answer or for any other failure", () => {
    const fallbacks = { network: "offline", other: "failed" };
    expect(failureMessage(new ApiError(400, "Bad", { message: "Be nicer" }), fallbacks)).toBe("Be nicer");
    expect(failureMessage(new ApiError(500, "Request failed", null), fallbacks)).toBe("failed");
    expect(failureMessage(new ApiError(0, "Network error"), fallbacks)).toBe("offline");
    expect(failureMessage(new TypeError("boom"), fallbacks)).toBe("offline");
  });
});
