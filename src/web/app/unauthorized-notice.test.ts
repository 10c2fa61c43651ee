import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadMessages } from "../i18n/runtime";
import { apiRoute, request } from "../lib/api-client";
import { UNAUTHORIZED_MESSAGE } from "../lib/api-client";
import { session } from "../lib/session";
import { currentToasts, toast } from "../ui/toast/toast-store";
import { sayUnauthorizedInPageLanguage } from "./unauthorized-notice";
import { ada } from "../../test/web/users";

// The notice the API client shows when a 401 ends a signed-in session, as the root sets it up.

const user = ada;
const updateProfile = apiRoute("accounts.updateProfile", "PATCH", "/api/v1/auth/update-profile");

async function endedSession(): Promise<string[]> {
  session.signIn(user, "revoked");
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, message: "Your session has ended." }), {
          status: 401,
        }),
    ),
  );
  await expect(request(updateProfile, { body: { firstname: "A", lastname: "O" } })).rejects.toMatchObject({
    status: 401,
    message: "Your session has ended.",
  });
  return currentToasts().map((t) => t.message);
}

describe("the API client's notice of an ended session", () => {
  beforeEach(() => {
    localStorage.clear();
    toast.clear();
    sayUnauthorizedInPageLanguage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.pushState(null, "", "/");
  });

  it("says 'Unauthorized! Logging Out...' in the page's language (a Hausa page)", async () => {
    await loadMessages("ha", []);
    window.history.pushState(null, "", "/ha/dashboard");
    expect(await endedSession()).toEqual(["Ba ku da izini! Ana fitar da ku..."]);
  });

  it("says it in English while the page's language has no messages yet", async () => {
    window.history.pushState(null, "", "/yo/dashboard");
    expect(await endedSession()).toEqual([UNAUTHORIZED_MESSAGE]);
  });
});
