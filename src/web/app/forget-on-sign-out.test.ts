import { waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  deleteReportsDatabase,
  draftOf,
  signIn,
  submissionOf,
  stubDeviceDatabases,
} from "../../test/web/reports";
import { loadReportStore } from "../features/eyewitness/lazy";
import { ACCOUNT_LANGUAGE_KEY } from "../i18n/remember-language";
import { ApiError, apiRoute, request } from "../lib/api-client";
import { session } from "../lib/session";
import { toast } from "../ui/toast/toast-store";
import { forgetWhenSessionEnds } from "./forget-on-sign-out";

stubDeviceDatabases();

// A session that ends without Logout (the server answers 401, another account signs in over it): nobody
// is asked, so the account's unsent reports stay for its next sign-in, and nothing else of it stays.

type Store = Awaited<ReturnType<typeof loadReportStore>>;

const mine = apiRoute("reports.mine", "GET", "/api/v1/eyewitness/mine");
let store: Store;
let stopForgetting: () => void;

beforeEach(async () => {
  await deleteReportsDatabase();
  store = await loadReportStore();
  window.localStorage.clear();
  signIn();
  await store.saveDraft(7, draftOf({ comment: "Amina's draft" }));
  await store.queueReport(7, submissionOf({ comment: "Amina's unsent report" }));
  window.localStorage.setItem(ACCOUNT_LANGUAGE_KEY, "ha");
  stopForgetting = forgetWhenSessionEnds();
});

afterEach(() => {
  stopForgetting();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  toast.clear();
});

/** Amina's draft is gone and her one report waits, keyed to her, for her next sign-in. */
async function expectOnlyAminasOutboxKept() {
  await waitFor(async () => expect(await store.loadDraft(7, () => "k")).toBeNull());
  expect((await store.waitingReports(7)).map((record) => record.submission.comment)).toEqual([
    "Amina's unsent report",
  ]);
  expect(window.localStorage.getItem(ACCOUNT_LANGUAGE_KEY)).toBeNull();
}

describe("a session that ends without Logout", () => {
  it("the server answers 401 (the session expired): signed out, the draft gone, the outbox kept", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          { success: false, message: "Your session has ended. Please sign in again.", code: "UNAUTHORIZED" },
          { status: 401 },
        ),
      ),
    );
    await expect(request(mine, {})).rejects.toBeInstanceOf(ApiError);
    expect(session.current()).toBeNull();
    expect(window.localStorage.getItem("user")).toBeNull();
    await expectOnlyAminasOutboxKept();
  });

  it("another account signs in over it: that account sees neither the draft nor the outbox", async () => {
    signIn({ id: 8, firstname: "Chidi", email: "chidi@example.org", token: "chidi" });
    // localStorage written directly, as another tab's sign-in arrives: the storage event tells this tab.
    window.dispatchEvent(new StorageEvent("storage", { key: "user" }));
    await expectOnlyAminasOutboxKept();
    expect(await store.loadDraft(8, () => "k")).toBeNull();
    expect(await store.unsentReports(8)).toEqual({ waiting: 0, refused: 0 });
  });

  it("forgets nothing while the same account stays signed in (a profile change)", async () => {
    session.update({ firstname: "Aminah" });
    session.signIn({ ...session.current()!, firstname: "Aminah" }, "a-new-token-of-amina");
    // Had either change started a forgetting, its transaction would come before these reads.
    await vi.dynamicImportSettled();
    expect((await store.loadDraft(7, () => "k"))?.draft.comment).toBe("Amina's draft");
    expect(window.localStorage.getItem(ACCOUNT_LANGUAGE_KEY)).toBe("ha");
  });
});
