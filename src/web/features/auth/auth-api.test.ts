import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { failureText } from "../../i18n";
import { translatorFor } from "../../i18n/runtime";
import { authApi } from "./auth-api";
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

  it("fail with the problem's sentence, else the fallback for no answer or for any other failure", () => {
    const english = translatorFor("/");
    const options = { network: "offline", other: "failed" };
    const refused = new ApiError(401, "Wrong", {
      message: "Wrong",
      code: "WRONG_CREDENTIALS",
      problem: { key: "account.wrongCredentials", params: {} },
    });
    expect(failureText(refused, english, options)).toBe(english("errors.account.wrongCredentials"));
    expect(failureText(new ApiError(500, "Request failed", null), english, options)).toBe("failed");
    expect(failureText(new ApiError(0, "Network error"), english, options)).toBe("offline");
    expect(failureText(new TypeError("boom"), english, options)).toBe("failed");
  });
});
