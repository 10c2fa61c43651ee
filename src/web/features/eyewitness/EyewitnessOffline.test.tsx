import "fake-indexeddb/auto";
import { act, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { placeMessages } from "../../../domain/reports/report-place";
import { reportMessages } from "../../../domain/reports/report-rules";
import { installFakeXhr } from "../../../test/web/fake-xhr";
import { inLanguage } from "../../../test/web/i18n";
import { OUTBOX, result, transact } from "../../lib/reports-db";
import { session } from "../../lib/session";
import { Toaster } from "../../ui/toast/Toaster";
import { toast } from "../../ui/toast/toast-store";
import { DRAFT_SAVE_DELAY_MS } from "./use-eyewitness-draft";
import { EyewitnessPage } from "./EyewitnessPage";
import { draftMessages, queuedMessage, stillShrinkingMessage } from "../../../test/web/report-messages";
import { OutboxSender } from "./OutboxSender";
import { countWaiting, loadDraft, markRefused, queueReport, waitingReports } from "./report-store";
import { shrinkPhoto } from "./shrink-photo";
import { jpeg, MB, report, signIn, submissionOf, trackObjectUrls } from "../../../test/web/reports";

// The form on a phone with patchy data: the draft kept on the device, the outbox, and photos
// made smaller before sending. IndexedDB is fake-indexeddb; jsdom's Files lose their bytes in its
// structured clone, so these tests look at names and fields (report-store.test.ts checks the bytes).

vi.mock("./shrink-photo", () => ({ shrinkPhoto: vi.fn() }));

// IndexedDB answers after a few tasks: on a busy machine that can take more than Testing Library's
// default second, so waits here allow longer (they end as soon as the condition holds).
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));

let xhr: ReturnType<typeof installFakeXhr>;

beforeEach(async () => {
  // A fresh database for each test; the store's open connection closes itself when asked to.
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase("inclusion-atlas-reports");
    request.onsuccess = resolve;
    request.onerror = resolve;
  });
  signIn();
  xhr = installFakeXhr();
  trackObjectUrls();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  toast.clear();
});

function showPage() {
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <>
      <EyewitnessPage />
      <Toaster />
    </>,
  );
  return { user, view };
}

const comment = () => screen.getByRole("textbox", { name: "Comment" });
const sendButton = () => screen.getByRole("button", { name: "Send report" });
const noKey = () => "k";

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "Lagos");
  await user.selectOptions(screen.getByRole("combobox", { name: "Local government area" }), "Ikeja");
  await user.type(screen.getByLabelText("Date it happened"), "2026-11-20");
  await user.click(screen.getByRole("radio", { name: "Barrier" }));
  await user.type(comment(), "The ramp is too steep.");
}

function offline() {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
}

describe("the draft kept on the device", () => {
  it("is written once typing pauses", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    render(<EyewitnessPage />);
    // A plain change event: user-event's own scheduling does not run under fake timers.
    fireEvent.input(comment(), { target: { value: "The ramp" } });
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 1));
    expect(await loadDraft(7, noKey)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    // Testing Library's waitFor relies on setTimeout, faked here: IndexedDB's own tasks are let run instead.
    for (let turn = 0; turn < 200 && !screen.queryByText(draftMessages.saved); turn++) {
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
    expect(screen.getByText(draftMessages.saved)).toBeInTheDocument();
    expect((await loadDraft(7, noKey))?.draft.comment).toBe("The ramp");
  });

  it("comes back when the form is opened again, with its notice and a way to discard it", async () => {
    const first = showPage();
    await fillIn(first.user);
    await first.user.click(screen.getByRole("radio", { name: "Photographs" }));
    await first.user.upload(screen.getByLabelText("Add photographs"), [jpeg("ramp.jpg")]);
    // Leaving the page writes what was typed at once.
    first.view.unmount();
    await waitFor(async () => expect((await loadDraft(7, noKey))?.draft.photos).toHaveLength(1));

    const { user } = showPage();
    expect(await screen.findByText(draftMessages.restored)).toBeInTheDocument();
    expect(screen.getByText(draftMessages.restored).closest("[role=status]")).not.toBeNull();
    expect(comment()).toHaveValue("The ramp is too steep.");
    expect(screen.getByRole("combobox", { name: "Local government area" })).toHaveValue("Ikeja");
    expect(screen.getByRole("radio", { name: "Barrier" })).toBeChecked();
    expect(screen.getByRole("button", { name: /^Remove photo 1: ramp\.jpg$/ })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: draftMessages.discard }));
    // The form empties once the device has deleted the draft: IndexedDB's tasks, which may outlast the
    // click's own wait on a busy machine.
    await waitFor(() => expect(comment()).toHaveValue(""));
    expect(screen.queryByText(draftMessages.restored)).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveFocus();
    expect(
      within(screen.getByRole("region", { name: "Notifications" })).getByText(draftMessages.discarded),
    ).toBeInTheDocument();
    expect(await loadDraft(7, noKey)).toBeNull();
  });

  it("belongs to the user who typed it: another account on the same phone does not see it", async () => {
    const first = showPage();
    await first.user.type(comment(), "Amina's report");
    first.view.unmount();
    await waitFor(async () => expect(await loadDraft(7, noKey)).not.toBeNull());

    signIn({ id: 8, firstname: "Chidi", email: "chidi@example.org", token: "chidi" });
    showPage();
    // His form has asked the device for his draft (there is none) and shows nothing of Amina's.
    expect(await loadDraft(8, noKey)).toBeNull();
    for (let turn = 0; turn < 50; turn++) {
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
    expect(comment()).toHaveValue("");
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("Chidi");
    expect(screen.queryByText(draftMessages.restored)).not.toBeInTheDocument();
    expect((await loadDraft(7, noKey))?.draft.comment).toBe("Amina's report");
  });

  it("is not written once the session has ended: the form going away leaves nothing for the next person", async () => {
    const { user, view } = showPage();
    await user.type(comment(), "Typed just before signing out");
    // Signed out before the pause that writes the draft; the form then goes away, as the dashboard does.
    act(() => session.signOut());
    view.unmount();
    for (let turn = 0; turn < 50; turn++) {
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
    expect(await loadDraft(7, noKey)).toBeNull();
  });

  it("is cleared once the report is accepted", async () => {
    const { user } = showPage();
    await fillIn(user);
    await user.click(sendButton());
    await act(async () =>
      xhr.latest().respond(201, { success: true, message: "Report received", report: report() }),
    );
    expect(await screen.findByText(/Thank you: your report was sent/)).toBeInTheDocument();
    expect(await loadDraft(7, noKey)).toBeNull();
  });
});

describe("the outbox", () => {
  it("keeps the report on the device when there is no connection, and sends nothing", async () => {
    offline();
    const { user } = showPage();
    await fillIn(user);
    await user.click(sendButton());
    expect(await screen.findByText(queuedMessage)).toBeInTheDocument();
    expect(xhr.requests).toHaveLength(0);
    expect(comment()).toHaveValue("");
    const [queued] = await waitingReports(7);
    expect(queued?.submission).toMatchObject({
      comment: "The ramp is too steep.",
      lga: "Ikeja",
      stateId: 25,
    });
    expect(await loadDraft(7, noKey)).toBeNull();
  });

  it("keeps the report when the connection drops during the upload", async () => {
    const { user } = showPage();
    await fillIn(user);
    await user.click(sendButton());
    await act(async () => xhr.latest().failNetwork());
    expect(await screen.findByText(queuedMessage)).toBeInTheDocument();
    expect(await countWaiting(7)).toBe(1);
  });

  it("brings a report the server refused back into the form, with the server's sentence on its field", async () => {
    const refused = submissionOf({ comment: "Kept while offline" });
    await queueReport(7, refused);
    const [record] = await waitingReports(7);
    await markRefused(record!.id, { message: placeMessages.dateInFuture, field: "occurredOn" });

    showPage();
    expect(await screen.findByText(draftMessages.restored)).toBeInTheDocument();
    expect(comment()).toHaveValue("Kept while offline");
    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(within(summary).getByRole("link", { name: placeMessages.dateInFuture })).toHaveAttribute(
      "href",
      "#occurred-on",
    );
  });
});

describe("OutboxSender", () => {
  const waiting = submissionOf({ comment: "Waiting" });

  it("says how many reports wait, sends them when the connection returns, and confirms", async () => {
    let online = false;
    vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
    await queueReport(7, waiting);
    render(
      <MemoryRouter>
        <OutboxSender />
      </MemoryRouter>,
    );
    const status = screen.getByRole("status");
    await waitFor(() => expect(status).toHaveTextContent("1 report waiting to be sent"));

    await queueReport(7, { ...waiting, comment: "Second" });
    act(() => void window.dispatchEvent(new Event("eyewitness-outbox-changed")));
    await waitFor(() => expect(status).toHaveTextContent("2 reports waiting to be sent"));
    expect(xhr.requests).toHaveLength(0);

    online = true;
    act(() => void window.dispatchEvent(new Event("online")));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(xhr.latest().headers.authorization).toBe("Bearer session-token-of-amina");
    await act(async () =>
      xhr.latest().respond(201, { success: true, message: "Report received", report: report() }),
    );
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    await act(async () =>
      xhr.latest().respond(201, { success: true, message: "Report received", report: report() }),
    );
    await waitFor(() =>
      expect(status).toHaveTextContent(
        "2 waiting reports were sent. They are now waiting for review under My reports.",
      ),
    );
    expect(status).not.toHaveTextContent("waiting to be sent");
    expect(await countWaiting(7)).toBe(0);
  });

  it("shows nothing for a signed-out visitor", async () => {
    window.localStorage.clear();
    await queueReport(7, waiting);
    render(
      <MemoryRouter>
        <OutboxSender />
      </MemoryRouter>,
    );
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });
});

describe("a report the server refused from the outbox, said in the page's language", () => {
  const kept = submissionOf({ comment: "Kept while offline" });
  const english = "You do not have permission to do that.";
  // src/i18n/catalogues/ha/errors.json, account.notAllowed.
  const hausa = "Ba ka da izinin yin haka.";

  it("reads the Hausa sentence of its problem on a Hausa page, in the outbox's note and in the form", async () => {
    let online = false;
    vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
    await queueReport(7, kept);
    const sender = render(
      await inLanguage(
        "ha",
        ["report"],
        // The outbox's sentences load for the address's language.
        <MemoryRouter initialEntries={["/ha/dashboard"]}>
          <OutboxSender />
        </MemoryRouter>,
      ),
    );
    const status = screen.getByRole("status");
    online = true;
    act(() => void window.dispatchEvent(new Event("online")));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    await act(async () =>
      xhr.latest().respond(403, {
        success: false,
        message: english,
        code: "FORBIDDEN",
        problem: { key: "account.notAllowed", params: {} },
      }),
    );
    // src/i18n/catalogues/ha/report.json, outbox.refused, with the problem's sentence in it.
    await waitFor(() =>
      expect(status).toHaveTextContent(
        `Ba a karɓi wani rahoto da aka ajiye a wannan na'ura ba: ${hausa} Ya dawo cikin fom ɗin rahoton shaida`,
      ),
    );
    expect(status).not.toHaveTextContent(english);
    sender.unmount();

    render(
      await inLanguage(
        "ha",
        ["report"],
        <>
          <EyewitnessPage />
          <Toaster />
        </>,
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Sharhi" })).toHaveValue("Kept while offline"),
    );
    expect(screen.getAllByText(hausa).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain(english);
  });

  it("still shows the sentence of a refusal kept by an older version, which kept its message alone", async () => {
    await queueReport(7, kept);
    const [record] = await waitingReports(7);
    // The record as versions before the problem was kept wrote it: a message, no status, code or problem.
    await transact([OUTBOX], "readwrite", (transaction) =>
      result(
        transaction
          .objectStore(OUTBOX)
          .put({ ...record, state: "refused", message: "The comment is too long." }),
      ),
    );

    showPage();
    expect(await screen.findByText(draftMessages.restored)).toBeInTheDocument();
    expect(comment()).toHaveValue("Kept while offline");
    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(within(summary).getByText("The comment is too long.")).toBeInTheDocument();
  });
});

describe("photos over 5 MB", () => {
  it("are made smaller before they are added, showing the size before and after", async () => {
    vi.mocked(shrinkPhoto).mockResolvedValue({ ok: true, file: jpeg("night.jpg", 1.2 * MB) });
    const { user } = showPage();
    await user.click(screen.getByRole("radio", { name: "Photographs" }));
    await user.upload(screen.getByLabelText("Add photographs"), [jpeg("night.jpg", 8 * MB)]);
    expect(await screen.findByText("Photo 1: night.jpg (8 MB → 1.2 MB)")).toBeInTheDocument();
    expect(shrinkPhoto).toHaveBeenCalledWith(expect.objectContaining({ name: "night.jpg" }), 5 * MB);
    expect(
      screen.getByLabelText("Add photographs").parentElement?.querySelector("[role=status]"),
    ).toHaveTextContent("Photo 1: night.jpg made smaller, 8 MB → 1.2 MB. 1 of 10 chosen.");
  });

  it("are waited for: the report is not sent while a photo is still being made smaller", async () => {
    let finish: (result: { ok: true; file: File }) => void = () => {};
    vi.mocked(shrinkPhoto).mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user } = showPage();
    await fillIn(user);
    await user.click(screen.getByRole("radio", { name: "Photographs" }));
    await user.upload(screen.getByLabelText("Add photographs"), [jpeg("ok.jpg"), jpeg("night.jpg", 8 * MB)]);
    await user.click(screen.getByRole("checkbox", { name: placeMessages.consentLabel }));
    await user.click(sendButton());
    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(within(summary).getByRole("link", { name: stillShrinkingMessage })).toHaveAttribute(
      "href",
      "#photos",
    );
    expect(xhr.requests).toHaveLength(0);

    await act(async () => finish({ ok: true, file: jpeg("night.jpg", 1.2 * MB) }));
    expect(await screen.findByText("Photo 2: night.jpg (8 MB → 1.2 MB)")).toBeInTheDocument();
    await user.click(sendButton());
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    const sent = (xhr.latest().body as FormData).getAll("media") as File[];
    expect(sent.map((file) => file.name)).toEqual(["ok.jpg", "night.jpg"]);
  });

  it("keeps the clear error when a photo cannot be read", async () => {
    vi.mocked(shrinkPhoto).mockResolvedValue({ ok: false });
    const { user } = showPage();
    await user.click(screen.getByRole("radio", { name: "Photographs" }));
    await user.upload(screen.getByLabelText("Add photographs"), [jpeg("broken.jpg", 8 * MB)]);
    await waitFor(() =>
      expect(screen.getByLabelText("Add photographs")).toHaveAccessibleDescription(
        expect.stringContaining(`Error: ${reportMessages.photoTooLarge("broken.jpg")}`),
      ),
    );
    expect(screen.queryByText(/^Photo 1:/)).not.toBeInTheDocument();
  });
});
