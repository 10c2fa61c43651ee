import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentToasts, toast } from "../ui/toast/toast-store";
import {
  ApiError,
  apiRoute,
  isSessionEnded,
  isTransient,
  request,
  serverMessage,
  UNAUTHORIZED_MESSAGE,
} from "./api-client";
import { session } from "./session";
import { setUnauthorizedNotice } from "./unauthorized-notice";
import { sayUnauthorizedInPageLanguage } from "../app/unauthorized-notice";
import { ada } from "../../test/web/users";

const user = ada;

const credentials = { email: "ada@example.org", password: "Kettle-Drum-42" };
const newAccount = { ...credentials, firstname: "Ada", lastname: "Obi" };

function answer(status: number, body: unknown) {
  // A fresh Response for every call: a body can be read only once.
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
}

describe("the transport", () => {
  const updateProfile = apiRoute("accounts.updateProfile", "PATCH", "/api/v1/auth/update-profile");
  const register = apiRoute("accounts.register", "POST", "/api/v1/auth/register");
  const login = apiRoute("accounts.login", "POST", "/api/v1/auth/login");
  const health = apiRoute("health.health", "GET", "/api/v1/health");
  const signedIn = { success: true, message: "Welcome back", token: "t", user };

  beforeEach(() => {
    localStorage.clear();
    toast.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON with the bearer token of the signed-in user", async () => {
    session.signIn(user, "secret-token");
    const updated = { success: true, message: "Profile updated", user };
    const fetchMock = answer(200, updated);
    vi.stubGlobal("fetch", fetchMock);
    await expect(request(updateProfile, { body: { firstname: "Ada", lastname: "Obi" } })).resolves.toEqual(
      updated,
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/auth/update-profile");
    expect(init.method).toBe("PATCH");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer secret-token");
    expect((init.headers as Record<string, string>)["content-type"]).toBe("application/json");
    expect(init.body).toBe(JSON.stringify({ firstname: "Ada", lastname: "Obi" }));
  });

  it("carries the failure's code and field, to branch on instead of the message", async () => {
    const refusal = {
      success: false,
      message: "Please enter a valid email address",
      code: "VALIDATION_FAILED",
      field: "email",
    };
    vi.stubGlobal("fetch", answer(400, refusal));
    const error = await request(register, { body: newAccount }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: refusal.message,
      code: "VALIDATION_FAILED",
      field: "email",
    });

    // Not the API's failure shape (a proxy's page, an unknown code): no code to branch on.
    vi.stubGlobal("fetch", answer(502, { success: false, message: "Bad gateway", code: "SOMETHING_ELSE" }));
    const other = await request(health, {}).catch((caught: unknown) => caught);
    expect(other).toMatchObject({ status: 502 });
    expect((other as ApiError).code).toBeUndefined();
  });

  it("sends no token when signed out or asked not to", async () => {
    const fetchMock = answer(200, signedIn);
    vi.stubGlobal("fetch", fetchMock);
    await request(login, { body: credentials });
    session.signIn(user, "t");
    await request(login, { body: credentials, anonymous: true });
    for (const call of fetchMock.mock.calls) {
      expect(
        ((call as [string, RequestInit])[1].headers as Record<string, string>).authorization,
      ).toBeUndefined();
    }
  });

  it("throws the server's sentence with the status", async () => {
    vi.stubGlobal("fetch", answer(400, { success: false, message: "Please fill out all fields" }));
    const error = await request(register, { body: newAccount }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "Please fill out all fields" });
  });

  it("falls back to a readable message when the answer is not JSON", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response("<html>bad gateway</html>", { status: 502 })),
    );
    await expect(request(health, {})).rejects.toMatchObject({
      status: 502,
      message: "Request failed with status code 502.",
    });
  });

  it("turns a network failure into a message about the connection", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(request(health, {})).rejects.toMatchObject({
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
    await expect(request(updateProfile, { body: { firstname: "A", lastname: "O" } })).rejects.toMatchObject({
      status: 401,
    });
    expect(session.current()).toBeNull();
    expect(currentToasts().map((t) => t.message)).toEqual([UNAUTHORIZED_MESSAGE]);
  });

  it("gives the notice the app registered, once (a toast in the page's language: app/unauthorized-notice.ts)", async () => {
    const notice = vi.fn();
    setUnauthorizedNotice(notice);
    try {
      session.signIn(user, "revoked");
      vi.stubGlobal("fetch", answer(401, { success: false, message: "Your session has ended." }));
      await expect(request(updateProfile, { body: { firstname: "A", lastname: "O" } })).rejects.toMatchObject(
        {
          status: 401,
          message: "Your session has ended.",
        },
      );
      expect(notice).toHaveBeenCalledOnce();
      expect(notice).toHaveBeenCalledWith(UNAUTHORIZED_MESSAGE);
      expect(currentToasts()).toEqual([]);
    } finally {
      sayUnauthorizedInPageLanguage();
    }
  });

  it("does not sign anyone out for a 401 on a signed-out call (wrong password)", async () => {
    vi.stubGlobal("fetch", answer(401, { success: false, message: "Wrong e-mail address or password." }));
    await expect(request(login, { body: credentials })).rejects.toMatchObject({ status: 401 });
    expect(currentToasts()).toEqual([]);
  });
});

describe("request (the typed client)", () => {
  const users = apiRoute("roles.users", "GET", "/api/v1/roles/users");
  const decide = apiRoute("reviews.decide", "PATCH", "/api/v1/eyewitness/:id/review");
  const page = {
    success: true,
    users: [user],
    meta: { total: 1, page: 2, per_page: 50, last_page: 2, total_exact: true },
  };

  beforeEach(() => {
    localStorage.clear();
    toast.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("fills in the path, sends the query in its order without empty values, and resolves with the answer", async () => {
    const fetchMock = answer(200, page);
    vi.stubGlobal("fetch", fetchMock);
    await expect(request(users, { query: { page: "2", per_page: "50", search: "" } })).resolves.toEqual(page);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/roles/users?page=2&per_page=50");

    const notFound = answer(404, { success: false, message: "Not found." });
    vi.stubGlobal("fetch", notFound);
    await expect(
      request(decide, { params: { id: "a/b" }, body: { status: "verified", fromStatus: "pending" } }),
    ).rejects.toMatchObject({ status: 404 });
    const [url, init] = notFound.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/eyewitness/a%2Fb/review");
    expect(init.method).toBe("PATCH");
  });

  it("refuses, in development and tests, an answer its contract does not describe", async () => {
    vi.stubGlobal("fetch", answer(200, { success: true, users: [{ id: "seven" }] }));
    await expect(request(users, {})).rejects.toThrow(/roles\.users answered 200 against its contract/);
  });

  it("carries the server's code and field, and copes with a failure that has none", async () => {
    vi.stubGlobal(
      "fetch",
      answer(400, {
        success: false,
        message: "Please say whose role to change.",
        code: "VALIDATION_FAILED",
        field: "userId",
      }),
    );
    await expect(request(users, {})).rejects.toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      field: "userId",
      message: "Please say whose role to change.",
    });

    vi.stubGlobal("fetch", answer(409, { success: false, message: "Someone decided first." }));
    const error = await request(users, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: undefined, field: undefined });
  });
});

describe("reading failures", () => {
  it("serverMessage is the server's own sentence only", () => {
    expect(serverMessage(new ApiError(400, "x", { message: "Bad e-mail" }))).toBe("Bad e-mail");
    expect(serverMessage(new ApiError(502, "Request failed with status code 502.", null))).toBeNull();
    expect(serverMessage(new ApiError(400, "x", { message: "" }))).toBeNull();
    expect(serverMessage(new Error("boom"))).toBeNull();
  });

  it("a 401 is the session's end; only no answer or a 5xx is worth sending again", () => {
    expect(isSessionEnded(new ApiError(401, "x"))).toBe(true);
    expect(isSessionEnded(new ApiError(403, "x"))).toBe(false);
    expect([0, 500, 503].map((status) => isTransient(new ApiError(status, "x")))).toEqual([true, true, true]);
    expect([400, 401, 404, 409, 429].some((status) => isTransient(new ApiError(status, "x")))).toBe(false);
    expect(isTransient(new Error("contract"))).toBe(false);
  });
});
