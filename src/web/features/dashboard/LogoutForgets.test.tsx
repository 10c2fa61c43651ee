import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeXhr } from "../../../test/web/fake-xhr";
import { renderWithRoutes, screenIs, storedUser } from "../../../test/web/dashboard";
import {
  deleteReportsDatabase,
  draftOf,
  report,
  submissionOf,
  stubDeviceDatabases,
} from "../../../test/web/reports";
import { session } from "../../lib/session";
import { toast } from "../../ui/toast/toast-store";
import { loadReportStore } from "../eyewitness/lazy";
import { DashboardGate } from "./DashboardGate";

stubDeviceDatabases();

// Logout on a shared phone: the account's draft never outlives the session here, and reports still unsent
// are sent, kept for the account's next sign-in, or deleted, as the person answers. IndexedDB is
// fake-indexeddb (a fresh database per test); the logout goes through fetch, a report through XHR.

type Store = Awaited<ReturnType<typeof loadReportStore>>;
let store: Store;
let xhr: ReturnType<typeof installFakeXhr>;
let logoutCalls: ReturnType<typeof vi.fn>;

const draft = draftOf({ comment: "A draft about the ramp at the clinic" });
const unsent = submissionOf({ comment: "Queued while offline" });

beforeEach(async () => {
  await deleteReportsDatabase();
  store = await loadReportStore();
  window.localStorage.clear();
  toast.clear();
  screenIs("wide");
  xhr = installFakeXhr();
  logoutCalls = vi.fn(
    async () => new Response(JSON.stringify({ success: true, message: "Logout successful" })),
  );
  vi.stubGlobal("fetch", logoutCalls);
  storedUser();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  toast.clear();
});

async function openDashboardAndLogOut() {
  const user = userEvent.setup();
  renderWithRoutes(
    <DashboardGate logo={<span>Inclusion Atlas</span>}>
      <Outlet />
    </DashboardGate>,
  );
  await user.click(screen.getByRole("button", { name: "Amina (your account)" }));
  await user.click(screen.getByRole("button", { name: "Logout" }));
  return user;
}

const question = () => screen.findByRole("dialog", { name: "A report has not been sent" });
const notifications = () => screen.getByRole("region", { name: "Notifications" });

async function expectSignedOutAtHome(said = "Logout successful") {
  // The notices move out of the dialog as it closes: looked up afresh each time.
  await waitFor(() => expect(within(notifications()).getByText(said)).toBeInTheDocument());
  expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
  expect(session.current()).toBeNull();
  expect(logoutCalls).toHaveBeenCalledTimes(1);
}

/** What the device keeps once the logout has finished with it (IndexedDB answers a few tasks later). */
async function expectOnDevice(unsent: { waiting: number; refused: number }, draftComment: string | null) {
  await waitFor(async () => {
    expect(await store.unsentReports(7)).toEqual(unsent);
    expect((await store.loadDraft(7, () => "k"))?.draft.comment ?? null).toBe(draftComment);
  });
}

describe("Logout with nothing unsent", () => {
  it("asks nothing, and leaves no draft on the device", async () => {
    await store.saveDraft(7, draft);
    await openDashboardAndLogOut();
    await expectSignedOutAtHome();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await expectOnDevice({ waiting: 0, refused: 0 }, null);
  });
});

describe("Logout with a report still unsent", () => {
  beforeEach(async () => {
    await store.saveDraft(7, draft);
    await store.queueReport(7, unsent);
  });

  it("asks in a dialog whether to send it now, keep it on this phone for the next sign-in, or delete it", async () => {
    await openDashboardAndLogOut();
    const dialog = await question();
    expect(dialog).toHaveAccessibleDescription(
      "It is kept on this phone. Send it now, keep it on this phone for your next sign-in, or delete it?",
    );
    expect(within(dialog).getByRole("button", { name: "Send it now" })).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Keep it on this phone" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Delete it" })).toBeInTheDocument();
    // Nothing happens before the answer.
    expect(session.current()).not.toBeNull();
    expect(logoutCalls).not.toHaveBeenCalled();
  });

  it("Delete: deletes the report and the draft, then signs out", async () => {
    const user = await openDashboardAndLogOut();
    await user.click(within(await question()).getByRole("button", { name: "Delete it" }));
    await expectSignedOutAtHome();
    await expectOnDevice({ waiting: 0, refused: 0 }, null);
  });

  it("Keep: keeps the report, and only the report, for this account's next sign-in", async () => {
    const user = await openDashboardAndLogOut();
    await user.click(within(await question()).getByRole("button", { name: "Keep it on this phone" }));
    await expectSignedOutAtHome();
    await expectOnDevice({ waiting: 1, refused: 0 }, null);
    // Another account on this phone has nothing waiting.
    expect(await store.unsentReports(8)).toEqual({ waiting: 0, refused: 0 });
  });

  it("Close: stays signed in with everything as it was, focus back on the account button", async () => {
    const user = await openDashboardAndLogOut();
    await user.click(within(await question()).getByRole("button", { name: /^Close/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Amina (your account)" })).toHaveFocus();
    expect(session.current()).not.toBeNull();
    expect(logoutCalls).not.toHaveBeenCalled();
    await expectOnDevice({ waiting: 1, refused: 0 }, draft.comment);
    // Logout can be chosen again.
    await user.click(screen.getByRole("button", { name: "Amina (your account)" }));
    await user.click(screen.getByRole("button", { name: "Logout" }));
    expect(await question()).toBeInTheDocument();
  });

  it("Send it now: says when it cannot send and keeps the choice open; once sent, signs out", async () => {
    let online = false;
    vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
    const user = await openDashboardAndLogOut();
    const dialog = await question();
    await user.click(within(dialog).getByRole("button", { name: "Send it now" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "The report could not be sent: there is no connection, or the server did not answer. Try again, keep it on this phone, or delete it.",
    );
    expect(session.current()).not.toBeNull();
    expect(await store.unsentReports(7)).toEqual({ waiting: 1, refused: 0 });

    online = true;
    await user.click(within(dialog).getByRole("button", { name: "Send it now" }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(xhr.latest().headers.authorization).toBe("Bearer session-token-of-amina");
    expect(within(dialog).getByRole("button", { name: "Sending…" })).toHaveAttribute("aria-disabled", "true");
    await act(async () =>
      xhr.latest().respond(201, { success: true, message: "Report received", report: report() }),
    );
    await expectSignedOutAtHome("Your report was sent, and you are logged out.");
    await expectOnDevice({ waiting: 0, refused: 0 }, null);
  });

  it("Send it now, refused by the server: says it cannot be sent as it is, and keeps the choice open", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    const user = await openDashboardAndLogOut();
    const dialog = await question();
    await user.click(within(dialog).getByRole("button", { name: "Send it now" }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    await act(async () =>
      xhr.latest().respond(400, {
        success: false,
        message: "The comment is too long.",
        code: "VALIDATION_FAILED",
        field: "comment",
      }),
    );
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      /^The server did not accept a report, so it cannot be sent as it is\./,
    );
    expect(session.current()).not.toBeNull();
    expect(await store.unsentReports(7)).toEqual({ waiting: 0, refused: 1 });
  });
});
