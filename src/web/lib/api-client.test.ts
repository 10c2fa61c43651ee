import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentToasts, toast } from "../ui/toast/toast-store";
import { ApiError, apiRequest, errorMessage, UNAUTHORIZED_MESSAGE } from "./api-client";
import { session } from "./session";

const user = {
  id: 7,
  firstname: "Ada",
  lastname: "Obi",
  email: "ada@example.org",
  role: "user" as const,
  isVerified: true,
};

function answer(status: number, body: unknown) {
  // A fresh Response for every call: a body can be read only once.
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
}

describe("apiRequest", () => {
  beforeEach(() => {
    localStorage.clear();
    toast.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON with the bearer token of the signed-in user", async () => {
    session.signIn(user, "secret-token");
    const fetchMock = answer(200, { success: true, user });
    vi.stubGlobal("fetch", fetchMock);
    await expect(
      apiRequest("PATCH", "/auth/update-profile", { body: { firstname: "Ada" } }),
    ).resolves.toEqual({
      success: true,
      user,
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/auth/update-profile");
    expect(init.method).toBe("PATCH");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer secret-token");
    expect((init.headers as Record<string, string>)["content-type"]).toBe("application/json");
    expect(init.body).toBe(JSON.stringify({ firstname: "Ada" }));
  });

  it("carries the failure's code and field, to branch on instead of the message", async () => {
    const refusal = {
      success: false,
      message: "Please enter a valid email address",
      code: "VALIDATION_FAILED",
      field: "email",
    };
    vi.stubGlobal("fetch", answer(400, refusal));
    const error = await apiRequest("POST", "/auth/register", { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: refusal.message,
      code: "VALIDATION_FAILED",
      field: "email",
    });

    // Not the API's failure shape (a proxy's page, an unknown code): no code to branch on.
    vi.stubGlobal("fetch", answer(502, { success: false, message: "Bad gateway", code: "SOMETHING_ELSE" }));
    const other = await apiRequest("GET", "/health").catch((caught: unknown) => caught);
    expect(other).toMatchObject({ status: 502, code: null, field: null });
  });

  it("sends no token when signed out or asked not to", async () => {
    const fetchMock = answer(200, { success: true });
    vi.stubGlobal("fetch", fetchMock);
    await apiRequest("POST", "/auth/login", { body: {} });
    session.signIn(user, "t");
    await apiRequest("POST", "/auth/login", { body: {}, anonymous: true });
    for (const call of fetchMock.mock.calls) {
      expect(
        ((call as [string, RequestInit])[1].headers as Record<string, string>).authorization,
      ).toBeUndefined();
    }
  });

  it("throws the server's sentence with the status", async () => {
    vi.stubGlobal("fetch", answer(400, { success: false, message: "Please fill out all fields" }));
    const error = await apiRequest("POST", "/auth/register", { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "Please fill out all fields" });
  });

  it("falls back to a readable message when the answer is not JSON", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response("<html>bad gateway</html>", { status: 502 })),
    );
    await expect(apiRequest("GET", "/health")).rejects.toMatchObject({
      status: 502,
      message: "Request failed with status code 502.",
    });
  });

  it("turns a network failure into a message about the connection", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(apiRequest("GET", "/health")).rejects.toMatchObject({
      status: 0,
      message: "Network error: please check your connection and try again.",
    });
  });

  it("signs out once, with 'Unauthorized! Logging Out...', when a signed-in call gets 401", async () => {
    session.signIn(user, "revoked");
    vi.stubGlobal(
      "fetch",
      answer(401, { success: false, message: "Your session has ended. Please sign in again." }),
    );
    await expect(apiRequest("PATCH", "/auth/update-profile", { body: {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(session.current()).toBeNull();
    expect(currentToasts().map((t) => t.message)).toEqual([UNAUTHORIZED_MESSAGE]);
  });

  it("does not sign anyone out for a 401 on a signed-out call (wrong password)", async () => {
    vi.stubGlobal("fetch", answer(401, { success: false, message: "Wrong e-mail address or password." }));
    await expect(apiRequest("POST", "/auth/login", { body: {} })).rejects.toMatchObject({ status: 401 });
    expect(currentToasts()).toEqual([]);
  });
});

describe("errorMessage", () => {
  it("prefers the server's sentence and falls back otherwise", () => {
    expect(
      errorMessage(new ApiError(400, "Bad e-mail"), "Login failed. Please check your credentials."),
    ).toBe("Bad e-mail");
    expect(errorMessage(new Error("boom"), "Login failed. Please check your credentials.")).toBe(
      "Login failed. Please check your credentials.",
    );
  });
});
