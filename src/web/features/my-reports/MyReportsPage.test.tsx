import { act, screen, waitFor, within } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { placeMessages, placePrecisionLabels } from "../../../domain/reports/report-place";
import type { OwnReportView } from "../../../domain/reports/report-rules";
import { renderWithDataLayer } from "../../../test/web/data-layer";
import { Toaster } from "../../ui/toast/Toaster";
import { toast } from "../../ui/toast/toast-store";
import { MyReportsPage } from "./MyReportsPage";
import { inLanguageWithEnglishShell } from "../../../test/web/report-language";
import { myReportsMessages } from "../../../test/web/report-messages";
import { formatReportDate, formatReportDay } from "../report-shared";
import { ikejaMarket, mediaView, report, signIn, submissionOf } from "../../../test/web/reports";
import { databaseResting } from "../../../test/web/failures";
import { OUTBOX_SENT } from "../../lib/outbox-sync";

type Reply = { status: number; body: unknown } | "network failure";

/** A reply the test releases when it chooses. */
function later(reply: Reply) {
  let release: () => void = () => undefined;
  const promise = new Promise<Reply>((resolve) => {
    release = () => resolve(reply);
  });
  return { promise, release: () => release() };
}

/** The server behind fetch: answers each GET /eyewitness/mine with the next reply. */
function answerMine(...replies: (Reply | Promise<Reply>)[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      asked.push(`${init.method ?? "GET"} ${url} ${new Headers(init.headers).get("authorization")}`);
      const reply = await replies.shift();
      if (!reply || reply === "network failure") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return asked;
}

function listOf(
  reports: OwnReportView[],
  meta: Partial<{ total: number; page: number; last_page: number }> = {},
) {
  return {
    status: 200,
    body: {
      success: true,
      reports,
      meta: { total: reports.length, page: 1, per_page: 10, last_page: 1, ...meta },
    },
  };
}

async function showMyReportsInYoruba() {
  const router = createMemoryRouter([{ path: "/yo/dashboard/my-reports", element: <MyReportsPage /> }], {
    initialEntries: ["/yo/dashboard/my-reports"],
  });
  renderWithDataLayer(
    await inLanguageWithEnglishShell("yo", ["report", "myReports"], <RouterProvider router={router} />),
  );
}

function showMyReports(path = "/dashboard/my-reports") {
  const router = createMemoryRouter(
    [
      { path: "/dashboard", element: <h1>Eyewitness form</h1> },
      { path: "/dashboard/my-reports", element: <MyReportsPage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithDataLayer(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup(), router };
}

/** A phone's own IndexedDB, empty, and the outbox's store on it (the one the page will load). */
async function phoneWithOutbox() {
  vi.stubGlobal("indexedDB", new IDBFactory());
  vi.resetModules();
  return (await import("../eyewitness/lazy")).loadReportStore();
}

const heading = () => screen.getByRole("heading", { level: 1, name: "My reports" });

beforeEach(() => {
  signIn();
});

afterEach(() => {
  // The outbox's database is opened once per module instance: the next test gets new ones.
  vi.resetModules();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  toast.clear();
});

describe("My reports", () => {
  it("lists the user's reports with date, type, status in words, comment and media", async () => {
    const barrier = report({
      id: "r-2",
      createdAt: "2026-11-21T12:05:00.000Z",
      status: "verified",
      comment: "No ramp at the polling unit.\nWe had to carry him up the steps.",
      media: [
        mediaView("m1", "/media/m1?sig=a"),
        mediaView("m2", "/media/m2?sig=b", { contentType: "image/png" }),
      ],
    });
    const question = report({
      id: "r-1",
      commentType: "question",
      createdAt: "2026-10-02T09:30:00.000Z",
      status: "rejected",
      comment: "Is there a quota for sign language interpreters?",
      media: [mediaView("m3", "/media/m3?sig=c", { kind: "video", contentType: "video/mp4", bytes: 9000 })],
    });
    const experience = report({
      id: "r-0",
      commentType: "experience",
      createdAt: "2026-09-01T09:30:00.000Z",
      videoUrl: "https://vimeo.com/12345",
    });
    const asked = answerMine(listOf([barrier, question, experience]));
    showMyReports();

    expect(heading()).toBeInTheDocument();
    expect(screen.getByText(myReportsMessages.loading).closest('[role="status"]')).not.toBeNull();
    const items = await screen.findAllByRole("article");
    expect(asked).toEqual(["GET /api/v1/eyewitness/mine?page=1 Bearer session-token-of-amina"]);
    expect(screen.getByText("You have sent 3 reports, newest first.")).toBeInTheDocument();

    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveAccessibleName(`Barrier report of ${formatReportDate(barrier.createdAt)}`);
    expect(within(first).getByText("Status:").textContent).toBe("Status: Verified");
    expect(within(first).getByText(/No ramp at the polling unit/)).toHaveTextContent(
      "No ramp at the polling unit. We had to carry him up the steps.",
    );
    const day = formatReportDay(barrier.createdAt);
    expect(within(first).getByRole("img", { name: `Photograph 1 of the report of ${day}` })).toHaveAttribute(
      "src",
      "/media/m1?sig=a",
    );
    expect(within(first).getByRole("img", { name: `Photograph 2 of the report of ${day}` })).toHaveAttribute(
      "src",
      "/media/m2?sig=b",
    );

    expect(second).toHaveAccessibleName(`Question report of ${formatReportDate(question.createdAt)}`);
    expect(within(second).getByText("Rejected")).toBeInTheDocument();
    const video = second.querySelector("video");
    expect(video).toHaveAttribute("src", "/media/m3?sig=c");
    expect(video).toHaveAttribute("controls");
    expect(video).toHaveAccessibleName(`Video of the report of ${formatReportDay(question.createdAt)}`);
    expect(within(second).getByRole("link", { name: "Download the video" })).toHaveAttribute(
      "href",
      "/media/m3?sig=c",
    );

    expect(within(third).getByText("Pending review")).toBeInTheDocument();
    expect(
      within(third).getByRole("link", { name: /Watch the video of this report.*opens in a new tab/ }),
    ).toHaveAttribute("href", "https://vimeo.com/12345");
    expect(screen.queryByRole("navigation", { name: "Pages of your reports" })).not.toBeInTheDocument();
  });

  it("shows each decision: the status, the reviewer's note, the date and the name the published report shows", async () => {
    const verified = report({
      id: "r-3",
      status: "verified",
      showFirstName: true,
      reviewNote: "Thank you: we checked the photographs with the hospital.",
      reviewedAt: "2026-11-22T09:00:00.000Z",
    });
    const rejected = report({
      id: "r-2",
      status: "rejected",
      reviewNote: "We could not confirm where this happened.\nPlease send the name of the hospital.",
      reviewedAt: "2026-11-23T10:30:00.000Z",
    });
    const pending = report({ id: "r-1" });
    answerMine(listOf([verified, rejected, pending]));
    showMyReports();
    const [first, second, third] = (await screen.findAllByRole("article")) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(within(first).getByText("Status:")).toHaveTextContent("Status: Verified");
    expect(within(first).getByText("Note from the reviewer:").parentElement).toHaveTextContent(
      "Note from the reviewer: Thank you: we checked the photographs with the hospital.",
    );
    expect(within(first).getByText(/^Reviewed on/)).toHaveTextContent(
      `Reviewed on ${formatReportDate(verified.reviewedAt ?? "")}.`,
    );
    expect(
      within(first).getByText("Published on the page of verified reports with your first name."),
    ).toBeInTheDocument();

    expect(within(second).getByText("Status:")).toHaveTextContent("Status: Rejected");
    expect(within(second).getByText("Note from the reviewer:").parentElement).toHaveTextContent(
      "Note from the reviewer: We could not confirm where this happened. Please send the name of the hospital.",
    );
    expect(within(second).getByText("Not published.")).toBeInTheDocument();

    expect(within(third).getByText("Status:")).toHaveTextContent("Status: Pending review");
    expect(within(third).queryByText(/Note from the reviewer/)).not.toBeInTheDocument();
    expect(within(third).queryByText(/^Reviewed on/)).not.toBeInTheDocument();
    expect(
      within(third).getByText("If it is verified, it will be published as “Anonymous reporter”."),
    ).toBeInTheDocument();
  });

  it("says a report returned to the queue is waiting again, with the note and date of that decision", async () => {
    answerMine(
      listOf([
        report({
          status: "pending",
          showFirstName: true,
          reviewNote: "Unpublished while we check a detail.",
          reviewedAt: "2026-11-24T08:00:00.000Z",
        }),
      ]),
    );
    showMyReports();
    const card = await screen.findByRole("article");
    expect(within(card).getByText("Pending review")).toBeInTheDocument();
    expect(within(card).getByText("Note from the reviewer:").parentElement).toHaveTextContent(
      "Note from the reviewer: Unpublished while we check a detail.",
    );
    expect(
      within(card).getByText("If it is verified, it will be published with your first name."),
    ).toBeInTheDocument();
  });

  it("shows where and when each report happened, what the public page shows of the place, or 'Place not given'", async () => {
    answerMine(
      listOf([
        report({ id: "r-1" }),
        report({ id: "r-2", place: { ...ikejaMarket, precision: "place" } }),
        report({ id: "r-3", place: null }),
      ]),
    );
    showMyReports();
    await screen.findByText(/You have sent 3 reports/);
    const [first, second, third] = screen.getAllByRole("article") as [HTMLElement, HTMLElement, HTMLElement];
    const value = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling;
    expect(value(first, "Where")).toHaveTextContent(/^Ikeja market, Ikeja, Lagos$/);
    expect(value(first, "Date it happened")).toHaveTextContent("20 November 2026");
    expect(value(first, "Place on the public page")).toHaveTextContent(
      `Ikeja, Lagos (${placePrecisionLabels.lga.toLowerCase()})`,
    );
    expect(value(second, "Place on the public page")).toHaveTextContent(
      `Ikeja market, Ikeja, Lagos (${placePrecisionLabels.place.toLowerCase()})`,
    );
    expect(value(third, "Where")).toHaveTextContent(placeMessages.placeNotGiven);
    expect(within(third).queryByText("Place on the public page")).not.toBeInTheDocument();
  });

  it("shows a video link that is not http(s) as text, never as a link", async () => {
    answerMine(listOf([report({ videoUrl: "javascript:alert(1)" })]));
    showMyReports();
    expect(await screen.findByText("Video link: javascript:alert(1)")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Watch the video/ })).not.toBeInTheDocument();
  });

  it("shows the reports kept on this phone as 'Waiting to be sent from this phone', above the server's", async () => {
    const store = await phoneWithOutbox();
    await store.queueReport(
      7,
      submissionOf({ comment: "The lift at the secretariat has been broken for a month." }),
    );
    await store.queueReport(8, submissionOf({ comment: "Another account's report on this phone." }));
    answerMine(listOf([report({ id: "r-1", comment: "Sent earlier." })]));
    showMyReports();

    // The server's list and the phone's outbox arrive in either order: read the articles once both are shown.
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
    const articles = screen.getAllByRole("article");
    const waiting = within(screen.getByRole("list", { name: "Reports waiting on this phone" }));
    expect(waiting.getByRole("article")).toHaveTextContent(
      "Status: Waiting to be sent from this phone" +
        "The lift at the secretariat has been broken for a month.",
    );
    expect(articles.at(-1)).toHaveTextContent("Sent earlier.");
    expect(screen.queryByText("Another account's report on this phone.")).toBeNull();
  });

  it("never lists a report twice: one the server has (its answer was lost) leaves the phone's outbox", async () => {
    const store = await phoneWithOutbox();
    await store.queueReport(7, {
      ...submissionOf({ comment: "Arrived, but the answer was lost." }),
      idempotencyKey: "key-of-the-first-try-0001",
    });
    answerMine(
      listOf([
        report({
          id: "r-9",
          comment: "Arrived, but the answer was lost.",
          idempotencyKey: "key-of-the-first-try-0001",
        }),
      ]),
    );
    showMyReports();

    await waitFor(async () => expect(await store.countWaiting(7)).toBe(0));
    expect(screen.getAllByText("Arrived, but the answer was lost.")).toHaveLength(1);
    expect(screen.queryByText("Waiting to be sent from this phone")).toBeNull();
  });

  it("never lists a report twice while it is sent: the server's list may come back before the outbox is read", async () => {
    const store = await phoneWithOutbox();
    const queued = {
      ...submissionOf({ comment: "Sent while My reports was open." }),
      idempotencyKey: "key-of-the-report-sent-now-0002",
    };
    await store.queueReport(7, queued);
    answerMine(
      listOf([]),
      listOf([report({ id: "r-10", comment: queued.comment, idempotencyKey: queued.idempotencyKey })]),
    );
    showMyReports();
    expect(await screen.findByText("Waiting to be sent from this phone")).toBeInTheDocument();

    // The outbox sent it (its record still on the phone as the server's answer comes back).
    act(() => void window.dispatchEvent(new Event(OUTBOX_SENT)));
    expect(await screen.findByText("Pending review")).toBeInTheDocument();
    expect(screen.getAllByText(queued.comment)).toHaveLength(1);
    expect(screen.queryByText("Waiting to be sent from this phone")).toBeNull();
  });

  it("says when there are no reports yet and links to the form", async () => {
    answerMine(listOf([]));
    const { user, router } = showMyReports();
    expect(await screen.findByText(myReportsMessages.empty)).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Send an eyewitness report" }));
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("says when the list could not be loaded, and Retry loads it", async () => {
    const asked = answerMine({ status: 503, body: databaseResting }, listOf([report()]));
    const { user } = showMyReports();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`${myReportsMessages.failed}The database is resting.`);

    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(heading()).toHaveFocus();
    expect(await screen.findByRole("article")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it("says the list could not be loaded when the connection drops", async () => {
    answerMine("network failure");
    showMyReports();
    expect(await screen.findByRole("alert")).toHaveTextContent(myReportsMessages.failed);
  });

  it("pages through the reports with Previous and Next links, the page in the address", async () => {
    const asked = answerMine(
      listOf([report({ id: "a" })], { total: 25, page: 1, last_page: 3 }),
      listOf([report({ id: "b" })], { total: 25, page: 2, last_page: 3 }),
      listOf([report({ id: "c" })], { total: 25, page: 3, last_page: 3 }),
    );
    const { user, router } = showMyReports();
    const pages = await screen.findByRole("navigation", { name: "Pages of your reports" });
    expect(within(pages).getByText("Page 1 of 3")).toBeInTheDocument();
    expect(within(pages).queryByRole("link", { name: "Previous page" })).not.toBeInTheDocument();
    expect(screen.getByText("You have sent 25 reports, newest first. Page 1 of 3.")).toBeInTheDocument();

    await user.click(within(pages).getByRole("link", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?page=2");
    expect(heading()).toHaveFocus();
    expect(screen.getByRole("link", { name: "Previous page" })).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Next page" }));
    expect(await screen.findByText("Page 3 of 3")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Next page" })).not.toBeInTheDocument();
    expect(asked.map((line) => line.split(" ")[1])).toEqual([
      "/api/v1/eyewitness/mine?page=1",
      "/api/v1/eyewitness/mine?page=2",
      "/api/v1/eyewitness/mine?page=3",
    ]);
  });

  it("fetches the list again on return after a long while (media addresses expire), keeping it on screen", async () => {
    const renewed = report({
      media: [mediaView("m1", "/media/m1?sig=new")],
    });
    const second = later(listOf([renewed]));
    const asked = answerMine(listOf([report()]), second.promise);
    showMyReports();
    await screen.findByRole("article");
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    try {
      await act(async () => void document.dispatchEvent(new Event("visibilitychange")));
      expect(asked).toHaveLength(1);

      const now = Date.now();
      vi.spyOn(Date, "now").mockReturnValue(now + 46 * 60 * 1000);
      await act(async () => void document.dispatchEvent(new Event("visibilitychange")));
      expect(asked).toHaveLength(2);
      expect(screen.getByRole("article")).toBeInTheDocument();
      expect(screen.queryByText(myReportsMessages.loading)).not.toBeInTheDocument();
      await act(async () => second.release());
      expect(await screen.findByRole("img")).toHaveAttribute("src", "/media/m1?sig=new");
      expect(asked).toHaveLength(2);
    } finally {
      Reflect.deleteProperty(document, "visibilityState");
    }
  });

  it("opens the page named in the address, and page 1 for a page that is not a number", async () => {
    const asked = answerMine(listOf([report()], { total: 25, page: 2, last_page: 3 }));
    showMyReports("/dashboard/my-reports?page=2");
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(heading()).not.toHaveFocus();
    expect(asked[0]).toContain("?page=2 ");

    const again = answerMine(listOf([report()]));
    showMyReports("/dashboard/my-reports?page=two");
    await screen.findAllByRole("article");
    expect(again[0]).toContain("?page=1 ");
  });
});

describe("My reports in Yoruba", () => {
  it("says everything of its own in Yoruba, the report's own words as they were written", async () => {
    answerMine(
      listOf([
        report({ id: "r-1", status: "pending", comment: "No ramp at the polling unit.", place: ikejaMarket }),
      ]),
    );
    await showMyReportsInYoruba();
    expect(await screen.findByRole("heading", { level: 1, name: "Àwọn ìròyìn mi" })).toBeInTheDocument();
    expect(
      await screen.findByText("Ẹ ti fi ìròyìn 1 ránṣẹ́, èyí tó dé kẹ́yìn ló wà níwájú."),
    ).toBeInTheDocument();
    expect(screen.getByText("Ó ń dúró de àyẹ̀wò")).toBeInTheDocument();
    expect(
      screen.getByText("Tí a bá fìdí rẹ̀ múlẹ̀, a máa tẹ̀ ẹ́ jáde gẹ́gẹ́ bí “Oníròyìn aláìlórúkọ”."),
    ).toBeInTheDocument();
    expect(screen.getByText("Ibo")).toBeInTheDocument();
    expect(screen.getByText("No ramp at the polling unit.")).toHaveAttribute("lang", "en");
    expect(document.body.textContent).not.toMatch(/\b(report|myReports|common|errors)\.[a-zA-Z]/);
  });
});

describe("My reports: withdraw", () => {
  it("withdraws a report after asking, then shows it withdrawn", async () => {
    signIn();
    const published = report({ id: "r-9", status: "verified" });
    const asked = answerMine(
      listOf([published]),
      { status: 200, body: { success: true, message: "Your report is withdrawn." } },
      listOf([{ ...published, status: "rejected", withdrawnAt: "2026-11-29T10:00:00.000Z" }]),
    );
    const { user } = showMyReports();
    const card = await screen.findByRole("article");
    await user.click(within(card).getByRole("button", { name: "Withdraw" }));
    expect(asked).toHaveLength(1);
    expect(within(card).getByText(myReportsMessages.withdrawConfirm)).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Yes, withdraw it" }));
    expect(await within(card).findByText(myReportsMessages.withdrawn)).toBeInTheDocument();
    expect(asked[1]).toMatch(/^POST \/api\/v1\/eyewitness\/r-9\/withdraw Bearer /);
    expect(within(card).queryByRole("button", { name: "Withdraw" })).not.toBeInTheDocument();
    // Withdrawn, not rejected: the withdrawal is no reviewer's decision, so no review date either.
    expect(within(card).getByText("Status:")).toHaveTextContent("Status: Withdrawn");
    expect(within(card).queryByText(/^Reviewed on/)).not.toBeInTheDocument();
  });
});

describe("My reports: what the public reads", () => {
  it("tells the reporter what a moderator changed before publishing: the text and the photos", async () => {
    answerMine(
      listOf([
        report({
          id: "r-7",
          status: "verified",
          reviewedAt: "2026-11-22T09:00:00.000Z",
          comment: "No ramp at General Hospital Kawo. Call me on 0803 123 4567.",
          publicChanges: {
            text: "No ramp at [removed]. Call me on [removed].",
            blurredPhotos: 1,
            hiddenMedia: 0,
          },
        }),
        report({ id: "r-6", status: "verified", publicChanges: null }),
      ]),
    );
    showMyReports();
    const [changed, unchanged] = (await screen.findAllByRole("article")) as [HTMLElement, HTMLElement];
    expect(
      within(changed).getByText(/^To protect you and others, a moderator changed what the public reads/),
    ).toBeInTheDocument();
    expect(within(changed).getByText("The public reads:").nextElementSibling).toHaveTextContent(
      "No ramp at [removed]. Call me on [removed].",
    );
    expect(within(changed).getByText("1 photo is partly blurred.")).toBeInTheDocument();
    expect(within(unchanged).queryByText(/a moderator changed/)).not.toBeInTheDocument();
  });
});
