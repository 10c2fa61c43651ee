import { placeMessages, placePrecisionLabels } from "../../../domain/reports/report-place";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UserRole } from "../../../domain/accounts/user";
import {
  reviewMessages,
  type ReviewCounts,
  type ReviewReportView,
} from "../../../domain/reports/review-rules";
import { renderWithDataLayer } from "../../../test/web/data-layer";
import { Toaster } from "../../ui/toast/Toaster";
import { toast } from "../../ui/toast/toast-store";
import { formatReportDate, formatReportDay } from "../report-shared";
import reviews from "../../../i18n/catalogues/en/reviews.json";
import { ReviewsPage } from "./ReviewsPage";
import { ikejaMarket, mediaView, reviewReport, signIn } from "../../../test/web/reports";

const noteHint = reviews["card.noteHint"].replace("{max}", "2,000");

type Reply = { status: number; body: unknown } | "network failure";
interface Asked {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

/** The server behind fetch: answers each request with the next reply, and records what was asked. */
function answer(...replies: (Reply | Promise<Reply>)[]) {
  const asked: Asked[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      asked.push({
        method: init.method ?? "GET",
        url,
        authorization: new Headers(init.headers).get("authorization"),
        body: typeof init.body === "string" ? JSON.parse(init.body) : null,
      });
      const reply = await replies.shift();
      if (!reply || reply === "network failure") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return { asked, then: (...more: (Reply | Promise<Reply>)[]) => replies.push(...more) };
}

/** A reply the test releases when it chooses. */
function later(reply: Reply) {
  let release: () => void = () => undefined;
  const promise = new Promise<Reply>((resolve) => {
    release = () => resolve(reply);
  });
  return { promise, release: () => release() };
}

function queue(
  reports: ReviewReportView[],
  counts: Partial<ReviewCounts> = {},
  meta: Partial<{ total: number; page: number; last_page: number }> = {},
): Reply {
  return {
    status: 200,
    body: {
      success: true,
      reports,
      counts: { pending: reports.length, verified: 0, rejected: 0, ...counts },
      meta: { total: reports.length, page: 1, per_page: 20, last_page: 1, ...meta },
    },
  };
}

function decided(report: ReviewReportView, message: string): Reply {
  return { status: 200, body: { success: true, message, report } };
}

function showReviews(role: UserRole = "moderator", path = "/dashboard/reviews") {
  signIn({ role });
  const router = createMemoryRouter([{ path: "/dashboard/reviews", element: <ReviewsPage /> }], {
    initialEntries: [path],
  });
  renderWithDataLayer(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup(), router };
}

const heading = () => screen.getByRole("heading", { level: 1, name: "Reviews" });
const statusFilter = () => screen.getByRole("navigation", { name: "Reports by status" });
const toasts = () => screen.getByRole("region", { name: "Notifications" });
const articles = () => screen.queryAllByRole("article");
const article = (name: string | RegExp) => screen.getByRole("article", { name });
const noteField = (card: HTMLElement) => within(card).getByRole("textbox", { name: "Note to the reporter" });

const ramp = reviewReport({
  id: "r-1",
  createdAt: "2026-11-20T08:00:00.000Z",
  media: [mediaView("m1", "/media/m1?sig=a")],
});
const school = reviewReport({
  id: "r-2",
  commentType: "experience",
  createdAt: "2026-11-21T09:30:00.000Z",
  comment: "The school took my daughter after the head teacher met us.",
  firstName: "Musa",
  lastName: "Okafor",
  email: "musa@example.org",
  showFirstName: false,
  videoUrl: "https://www.youtube.com/watch?v=abc",
});
const clinic = reviewReport({
  id: "r-3",
  commentType: "question",
  createdAt: "2026-11-22T10:00:00.000Z",
  comment: "Does the clinic have a sign language interpreter?",
});

const rampName = `Barrier report of ${formatReportDate(ramp.createdAt)}`;
const schoolName = `Experience report of ${formatReportDate(school.createdAt)}`;
const clinicName = `Question report of ${formatReportDate(clinic.createdAt)}`;

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  toast.clear();
});

describe("Reviews: who may review", () => {
  it("tells a user without the permission that access is denied, and asks the server nothing", () => {
    const { asked } = answer();
    showReviews("user");
    expect(heading()).toBeInTheDocument();
    expect(screen.getByText(reviews.accessDenied)).toBeInTheDocument();
    expect(reviews.accessDenied).toBe("Access Denied - You don't have permission to access this page.");
    expect(screen.queryByRole("navigation", { name: "Reports by status" })).not.toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });

  it("says access is denied when the server refuses the list (the role changed since sign-in)", async () => {
    answer({
      status: 403,
      body: { success: false, message: "You do not have permission to do that.", code: "FORBIDDEN" },
    });
    showReviews("admin");
    expect(await screen.findByText(reviews.accessDenied)).toBeInTheDocument();
    expect(heading()).toBeInTheDocument();
  });
});

describe("Reviews: the queue", () => {
  it("shows the counts per status, and the pending reports oldest first with everything a reviewer needs", async () => {
    const { asked } = answer(
      queue(
        [
          {
            ...ramp,
            reviewNote: "Waiting for the hospital's answer.",
            reviewedAt: "2026-11-21T10:00:00.000Z",
          },
          school,
        ],
        { pending: 2, verified: 5, rejected: 1 },
      ),
    );
    showReviews("moderator");
    expect(heading()).toBeInTheDocument();
    expect(screen.getByText(reviews.loading)).toBeInTheDocument();

    expect(await screen.findByText("2 pending reports, oldest first.")).toBeInTheDocument();
    expect(asked).toEqual([
      {
        method: "GET",
        url: "/api/v1/eyewitness/reviews?status=pending&page=1",
        authorization: "Bearer session-token-of-amina",
        body: null,
      },
    ]);
    const links = within(statusFilter()).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Pending (2)", "Verified (5)", "Rejected (1)"]);
    expect(within(statusFilter()).getByRole("link", { name: "Pending (2)" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(statusFilter()).getByRole("link", { name: "Verified (5)" })).not.toHaveAttribute(
      "aria-current",
    );

    expect(articles().map((card) => card.getAttribute("aria-labelledby"))).toEqual([
      "review-r-1",
      "review-r-2",
    ]);
    const first = article(rampName);
    expect(within(first).getByRole("heading", { level: 2 })).toHaveTextContent(rampName);
    expect(within(first).getByText("Status:")).toHaveTextContent("Status: Pending review");
    expect(within(first).getByText("Amina Bello")).toBeInTheDocument();
    expect(within(first).getByRole("link", { name: "amina@example.org" })).toHaveAttribute(
      "href",
      "mailto:amina@example.org",
    );
    expect(within(first).getByText("Name on the public page").nextElementSibling).toHaveTextContent("Amina");
    // Twice: as the public will see it, and as the reporter sent it.
    expect(within(first).getAllByText(ramp.comment)).toHaveLength(2);
    // The public's photo (a link asking for what the public is served), then the photo as sent.
    expect(
      within(first)
        .getAllByRole("img", { name: `Photograph 1 of the report of ${formatReportDay(ramp.createdAt)}` })
        .map((image) => image.getAttribute("src")),
    ).toEqual(["/media/m1?sig=a&as=public", "/media/m1?sig=a"]);
    expect(within(first).getByText("Earlier note to the reporter:").parentElement).toHaveTextContent(
      "Earlier note to the reporter: Waiting for the hospital's answer.",
    );
    expect(within(first).getByText(/^Last decision on/)).toHaveTextContent(
      `Last decision on ${formatReportDate("2026-11-21T10:00:00.000Z")}.`,
    );
    expect(
      within(within(first).getByRole("group", { name: "Your decision" }))
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Verify", "Reject"]);
    expect(within(first).getByRole("button", { name: "Verify" })).toHaveAccessibleDescription(rampName);
    expect(noteField(first)).toHaveAccessibleDescription(noteHint);

    const second = article(schoolName);
    expect(within(second).getByText("Musa Okafor")).toBeInTheDocument();
    expect(within(second).getByText("Name on the public page").nextElementSibling).toHaveTextContent(
      /^Anonymous reporter$/,
    );
    // In the public preview and in what the reporter sent.
    for (const link of within(second).getAllByRole("link", { name: /Watch the video of this report/ })) {
      expect(link).toHaveAttribute("href", "https://www.youtube.com/watch?v=abc");
    }
  });

  it("filters by status and comment type, keeping both in the address", async () => {
    const { asked, then } = answer(queue([ramp], { pending: 1, verified: 5, rejected: 1 }));
    const { user, router } = showReviews("admin");
    await screen.findByText("1 pending report, oldest first.");

    then(queue([{ ...school, status: "verified" }], { pending: 1, verified: 5, rejected: 1 }, { total: 5 }));
    const verified = within(statusFilter()).getByRole("link", { name: "Verified (5)" });
    await user.click(verified);
    expect(await screen.findByText("5 verified reports.")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?status=verified");
    expect(verified).toHaveAttribute("aria-current", "page");
    expect(verified).toHaveFocus();
    expect(asked[1]?.url).toBe("/api/v1/eyewitness/reviews?status=verified&page=1");

    then(queue([], { pending: 1, verified: 5, rejected: 1 }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Comment type" }), "Question");
    expect(asked).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(
      await screen.findByText("There are no verified reports of the type Question."),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe("?status=verified&commentType=question");
    expect(asked[2]?.url).toBe("/api/v1/eyewitness/reviews?status=verified&commentType=question&page=1");
    expect(articles()).toHaveLength(0);
  });

  it("shows reviewers the full place, the date it happened, what the public sees of it, and the consent", async () => {
    answer(
      queue([
        { ...ramp, peopleConsent: true },
        { ...school, place: null },
        { ...clinic, place: { ...ikejaMarket, precision: "state" } },
      ]),
    );
    showReviews("moderator");
    await screen.findByText("3 pending reports, oldest first.");
    const value = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling;

    const first = article(rampName);
    expect(value(first, "Where")).toHaveTextContent(/^Ikeja market, Ikeja, Lagos$/);
    expect(value(first, "Date it happened")).toHaveTextContent("20 November 2026");
    expect(
      within(value(first, "Date it happened") as HTMLElement).getByText("20 November 2026"),
    ).toHaveAttribute("datetime", "2026-11-20");
    expect(value(first, "Place on the public page")).toHaveTextContent(
      `Ikeja, Lagos (${placePrecisionLabels.lga.toLowerCase()})`,
    );
    expect(value(first, "People shown agreed, or cannot be identified")).toHaveTextContent(
      "Yes, the reporter confirmed it",
    );

    const second = article(schoolName);
    expect(value(second, "Where")).toHaveTextContent(placeMessages.placeNotGiven);
    expect(within(second).queryByText("Date it happened")).not.toBeInTheDocument();
    expect(value(second, "People shown agreed, or cannot be identified")).toHaveTextContent("Not confirmed");

    const third = article(clinicName);
    expect(value(third, "Where")).toHaveTextContent(/^Ikeja market, Ikeja, Lagos$/);
    expect(value(third, "Place on the public page")).toHaveTextContent(
      `Lagos (${placePrecisionLabels.state.toLowerCase()})`,
    );
    expect(value(third, "People shown agreed, or cannot be identified")).toHaveTextContent(
      "Not asked: no photographs or video",
    );
  });

  it("filters by state, keeping it in the address and sending ?state=", async () => {
    const { asked, then } = answer(queue([ramp]));
    const { user, router } = showReviews("moderator");
    await screen.findByText("1 pending report, oldest first.");
    const state = screen.getByRole("combobox", { name: "State" });
    expect(within(state).getAllByRole("option")).toHaveLength(38);

    then(queue([ramp]));
    await user.selectOptions(state, "Lagos");
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByText("1 pending report from Lagos, oldest first.")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?state=25");
    expect(asked[1]?.url).toBe("/api/v1/eyewitness/reviews?status=pending&state=25&page=1");
    expect(state).toHaveValue("25");

    then(queue([ramp]));
    await user.click(within(statusFilter()).getByRole("link", { name: /^Verified/ }));
    await screen.findByText("1 verified report from Lagos.");
    expect(router.state.location.search).toBe("?status=verified&state=25");
  });

  it("opens the view the address names", async () => {
    const { asked } = answer(
      queue([{ ...ramp, status: "rejected" }], { rejected: 3 }, { total: 3, page: 2, last_page: 2 }),
    );
    showReviews("moderator", "/dashboard/reviews?status=rejected&commentType=barrier&page=2");
    expect(
      await screen.findByText("3 rejected reports of the type Barrier. Page 2 of 2."),
    ).toBeInTheDocument();
    expect(asked[0]?.url).toBe("/api/v1/eyewitness/reviews?status=rejected&commentType=barrier&page=2");
    expect(screen.getByRole("combobox", { name: "Comment type" })).toHaveValue("barrier");
    expect(within(statusFilter()).getByRole("link", { name: "Rejected (3)" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  it("pages with Previous and Next links, keeping the filters, and moves focus to the heading", async () => {
    const { asked, then } = answer(queue([ramp], { pending: 25 }, { total: 25, last_page: 2 }));
    const { user, router } = showReviews("moderator", "/dashboard/reviews?commentType=barrier");
    const pages = await screen.findByRole("navigation", { name: "Pages of reports" });
    expect(within(pages).getByText("Page 1 of 2")).toBeInTheDocument();

    then(queue([school], { pending: 25 }, { total: 25, page: 2, last_page: 2 }));
    await user.click(within(pages).getByRole("link", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?commentType=barrier&page=2");
    expect(asked[1]?.url).toBe("/api/v1/eyewitness/reviews?status=pending&commentType=barrier&page=2");
    expect(heading()).toHaveFocus();
    expect(screen.getByRole("link", { name: "Previous page" })).toBeInTheDocument();
  });

  it("says when the list could not be loaded, and Retry loads it", async () => {
    const { asked } = answer("network failure", queue([ramp]));
    const { user } = showReviews("moderator");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(reviewMessages.loadFailed);
    expect(alert).toHaveTextContent("Network error");

    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(heading()).toHaveFocus();
    expect(await screen.findByRole("article")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it("says when no report is waiting", async () => {
    answer(queue([], { pending: 0, verified: 2 }));
    showReviews("moderator");
    expect(await screen.findByText("There are no pending reports.")).toBeInTheDocument();
    expect(within(statusFilter()).getByRole("link", { name: "Pending (0)" })).toBeInTheDocument();
  });
});

/** Verify asks for confirmation first: a summary of what goes public, then Publish. */
async function verifyAndPublish(user: ReturnType<typeof userEvent.setup>, card: HTMLElement) {
  await user.click(within(card).getByRole("button", { name: "Verify" }));
  await user.click(within(card).getByRole("button", { name: "Publish" }));
}

describe("Reviews: decisions", () => {
  it("verifies a report: sends the status seen, says so, takes it off the list, updates the counts and focuses the next report", async () => {
    const { asked, then } = answer(queue([ramp, school, clinic], { pending: 3, verified: 5, rejected: 1 }));
    const { user } = showReviews("moderator");
    await screen.findByText("3 pending reports, oldest first.");

    then(decided({ ...school, status: "verified" }, reviewMessages.verified));
    const card = article(schoolName);
    await user.type(noteField(card), "  Thank you, we checked with the school.  ");
    await verifyAndPublish(user, card);

    expect(await within(toasts()).findByText(reviewMessages.verified)).toBeInTheDocument();
    expect(asked[1]).toEqual({
      method: "PATCH",
      url: "/api/v1/eyewitness/r-2/review",
      authorization: "Bearer session-token-of-amina",
      body: {
        status: "verified",
        note: "Thank you, we checked with the school.",
        fromStatus: "pending",
        acknowledgedFindings: [],
      },
    });
    expect(screen.queryByRole("article", { name: schoolName })).not.toBeInTheDocument();
    expect(within(article(clinicName)).getByRole("heading", { level: 2 })).toHaveFocus();
    expect(
      within(statusFilter())
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Pending (2)", "Verified (6)", "Rejected (1)"]);
    expect(screen.getByText("2 pending reports, oldest first.")).toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it("takes decisions on several reports at once, each leaving the list once", async () => {
    const { asked, then } = answer(queue([ramp, school, clinic], { pending: 3, verified: 0 }));
    const { user } = showReviews("moderator");
    await screen.findByText("3 pending reports, oldest first.");
    const first = later(decided({ ...ramp, status: "verified" }, reviewMessages.verified));
    const second = later(decided({ ...school, status: "verified" }, reviewMessages.verified));
    then(first.promise, second.promise);

    await verifyAndPublish(user, article(rampName));
    expect(within(article(rampName)).getByRole("button", { name: "Verify" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(within(article(rampName)).getByText(reviews["card.sending"])).toBeInTheDocument();
    await verifyAndPublish(user, article(schoolName));
    expect(asked).toHaveLength(3);

    await act(async () => second.release());
    await act(async () => first.release());
    // The data layer writes each decision into its cache and tells the page in a task of its own, which a
    // busy machine runs after act() has returned: wait for the list, not for the clock.
    await waitFor(() => {
      expect(articles()).toHaveLength(1);
      expect(
        within(statusFilter())
          .getAllByRole("link")
          .map((link) => link.textContent),
      ).toEqual(["Pending (1)", "Verified (2)", "Rejected (0)"]);
    });
    expect(article(clinicName)).toBeInTheDocument();
    await waitFor(() => expect(within(article(clinicName)).getByRole("heading", { level: 2 })).toHaveFocus());
  });

  it("focuses the report before when the last one on the page is decided, and the heading when none is left", async () => {
    const { then } = answer(queue([ramp, school], { pending: 2 }));
    const { user } = showReviews("moderator");
    await screen.findByText("2 pending reports, oldest first.");

    then(decided({ ...school, status: "verified" }, reviewMessages.verified));
    await verifyAndPublish(user, article(schoolName));
    await within(toasts()).findByText(reviewMessages.verified);
    expect(within(article(rampName)).getByRole("heading", { level: 2 })).toHaveFocus();

    then(decided({ ...ramp, status: "verified" }, reviewMessages.verified));
    await verifyAndPublish(user, article(rampName));
    expect(await screen.findByText("There are no pending reports.")).toBeInTheDocument();
    expect(heading()).toHaveFocus();
  });

  it("asks for a note before rejecting, on the field itself, and sends nothing until there is one", async () => {
    const { asked, then } = answer(queue([ramp], { pending: 1, rejected: 0 }));
    const { user } = showReviews("moderator");
    await screen.findByText("1 pending report, oldest first.");
    const card = article(rampName);

    await user.type(noteField(card), "   ");
    await user.click(within(card).getByRole("button", { name: "Reject" }));
    expect(noteField(card)).toHaveFocus();
    expect(noteField(card)).toHaveAttribute("aria-invalid", "true");
    expect(noteField(card)).toHaveAccessibleDescription(`${noteHint} Error: ${reviewMessages.noteRequired}`);
    expect(asked).toHaveLength(1);

    then(decided({ ...ramp, status: "rejected" }, reviewMessages.rejected));
    await user.type(noteField(card), "We could not confirm where this happened.");
    await user.click(within(card).getByRole("button", { name: "Reject" }));
    expect(await within(toasts()).findByText(reviewMessages.rejected)).toBeInTheDocument();
    expect(asked[1]?.body).toEqual({
      status: "rejected",
      note: "We could not confirm where this happened.",
      fromStatus: "pending",
    });
    expect(within(statusFilter()).getByRole("link", { name: "Rejected (1)" })).toBeInTheDocument();
  });

  it("shows the server's refusal of a missing note on the field", async () => {
    const { then } = answer(queue([ramp]));
    const { user } = showReviews("moderator");
    const card = await screen.findByRole("article");
    then({
      status: 400,
      body: {
        success: false,
        message: reviewMessages.noteRequired,
        code: "VALIDATION_FAILED",
        field: "note",
      },
    });
    await user.type(noteField(card), "x");
    await user.click(within(card).getByRole("button", { name: "Reject" }));
    expect(await within(card).findByText(reviewMessages.noteRequired)).toBeInTheDocument();
    expect(noteField(card)).toHaveFocus();
    expect(noteField(card)).toHaveValue("x");
  });

  it("unpublishes a verified report, which goes back to the queue", async () => {
    const verifiedRamp = { ...ramp, status: "verified" as const };
    const { asked, then } = answer(queue([verifiedRamp], { pending: 0, verified: 1 }));
    const { user } = showReviews("admin", "/dashboard/reviews?status=verified");
    const card = await screen.findByRole("article", { name: rampName });
    expect(
      within(card)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Unpublish", "Reject"]);

    then(decided({ ...ramp, status: "pending" }, reviewMessages.returnedToPending));
    await user.click(within(card).getByRole("button", { name: "Unpublish" }));
    expect(await within(toasts()).findByText(reviewMessages.returnedToPending)).toBeInTheDocument();
    expect(asked[1]?.body).toEqual({ status: "pending", note: "", fromStatus: "verified" });
    expect(
      within(statusFilter())
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Pending (1)", "Verified (0)", "Rejected (0)"]);
    expect(screen.getByText("There are no verified reports.")).toBeInTheDocument();
  });

  it("offers Return to queue and Verify for a rejected report", async () => {
    const { asked, then } = answer(queue([{ ...ramp, status: "rejected" }], { pending: 0, rejected: 1 }));
    const { user } = showReviews("moderator", "/dashboard/reviews?status=rejected");
    const card = await screen.findByRole("article");
    expect(
      within(within(card).getByRole("group", { name: "Your decision" }))
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Return to queue", "Verify"]);
    // As the server says it: a rejected report was never public, so nothing is unpublished.
    then(decided({ ...ramp, status: "pending" }, reviewMessages.reopened));
    await user.click(within(card).getByRole("button", { name: "Return to queue" }));
    await within(toasts()).findByText(reviewMessages.reopened);
    expect(asked[1]?.body).toEqual({ status: "pending", note: "", fromStatus: "rejected" });
  });

  it("when another reviewer decided first, says so, reloads the list and shows the report as it is now", async () => {
    const { asked, then } = answer(queue([ramp, school], { pending: 2 }));
    const { user } = showReviews("moderator");
    const card = await screen.findByRole("article", { name: rampName });

    then(
      { status: 409, body: { success: false, message: reviewMessages.conflict } },
      queue([school], { pending: 1, verified: 1 }),
    );
    await verifyAndPublish(user, card);
    expect(await within(toasts()).findByText(reviewMessages.conflict)).toBeInTheDocument();
    expect(await screen.findByText("1 pending report, oldest first.")).toBeInTheDocument();
    expect(asked.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /api/v1/eyewitness/reviews?status=pending&page=1",
      "PATCH /api/v1/eyewitness/r-1/review",
      "GET /api/v1/eyewitness/reviews?status=pending&page=1",
    ]);
    expect(screen.queryByRole("article", { name: rampName })).not.toBeInTheDocument();
    expect(within(statusFilter()).getByRole("link", { name: "Verified (1)" })).toBeInTheDocument();
    expect(heading()).toHaveFocus();
  });

  it("on a conflict, returns focus to the report when it is still in the list", async () => {
    const { then } = answer(queue([ramp], { pending: 1 }));
    const { user } = showReviews("moderator");
    const card = await screen.findByRole("article", { name: rampName });
    then(
      { status: 409, body: { success: false, message: reviewMessages.conflict } },
      queue([
        { ...ramp, reviewNote: "Returned to the queue by Ada.", reviewedAt: "2026-11-23T08:00:00.000Z" },
      ]),
    );
    await verifyAndPublish(user, card);
    expect(await screen.findByText("Earlier note to the reporter:")).toBeInTheDocument();
    expect(within(article(rampName)).getByRole("heading", { level: 2 })).toHaveFocus();
  });

  it("keeps the note and the report when the connection drops, so the decision can be sent again", async () => {
    const { then } = answer(queue([ramp]));
    const { user } = showReviews("moderator");
    const card = await screen.findByRole("article");
    then("network failure");
    await user.type(noteField(card), "Checked.");
    await verifyAndPublish(user, card);
    expect(await within(toasts()).findByText(/Network error/)).toBeInTheDocument();
    expect(noteField(card)).toHaveValue("Checked.");
    expect(within(card).getByRole("button", { name: "Verify" })).not.toHaveAttribute("aria-disabled");
  });

  it("loads the page before when a decision empties the last page", async () => {
    const { asked, then } = answer(queue([clinic], { pending: 21 }, { total: 21, page: 2, last_page: 2 }));
    const { user, router } = showReviews("moderator", "/dashboard/reviews?page=2");
    const card = await screen.findByRole("article");
    then(
      decided({ ...clinic, status: "verified" }, reviewMessages.verified),
      queue([ramp, school], { pending: 20, verified: 1 }, { total: 20 }),
    );
    await verifyAndPublish(user, card);
    expect(await screen.findByText("20 pending reports, oldest first.")).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    expect(asked[2]?.url).toBe("/api/v1/eyewitness/reviews?status=pending&page=1");
    expect(heading()).toHaveFocus();
  });
});

describe("Reviews: what goes public", () => {
  const kawoText = "No ramp at General Hospital Kawo. Call Mrs Bello on 0803 123 4567.";
  const kawo = reviewReport({
    comment: kawoText,
    publicComment: kawoText,
    findings: [
      {
        id: "facility:general hospital kawo",
        kind: "facility",
        start: 11,
        end: 32,
        text: "General Hospital Kawo",
      },
      { id: "name:bello", kind: "name", start: 43, end: 48, text: "Bello" },
      { id: "phone:0803 123 4567", kind: "phone", start: 52, end: 65, text: "0803 123 4567" },
    ],
  });

  it("marks each finding in words, removes one with its button, and keeps the original apart", async () => {
    const { asked, then } = answer(queue([kawo]));
    const { user } = showReviews("moderator");
    const card = await screen.findByRole("article");
    const publicView = within(card).getByRole("region", { name: "What the public will see" });
    const marks = publicView.querySelectorAll("mark");
    expect([...marks].map((mark) => mark.textContent)).toEqual([
      "Name of a facility: General Hospital Kawo",
      "The reporter's name: Bello",
      "Phone number: 0803 123 4567",
    ]);
    expect(
      within(card).getByRole("region", { name: "What the reporter sent (moderators only)" }),
    ).toHaveTextContent(kawoText);

    const redacted = "No ramp at General Hospital Kawo. Call Mrs Bello on [removed].";
    then({
      status: 200,
      body: {
        success: true,
        report: { ...kawo, publicComment: redacted, findings: kawo.findings.slice(0, 2) },
        preview: {
          id: kawo.id,
          commentType: kawo.commentType,
          comment: redacted,
          createdAt: kawo.createdAt,
          reporterName: "Amina",
          videoUrl: null,
          media: [],
          place: null,
        },
      },
    });
    await user.click(within(publicView).getByRole("button", { name: "Remove “0803 123 4567”" }));
    expect(asked[1]).toMatchObject({
      method: "POST",
      url: "/api/v1/eyewitness/r-1/public-text",
      body: { basedOn: kawoText, redact: { start: 52, end: 65 } },
    });
    expect(await within(publicView).findByText(/\[removed\]/)).toBeInTheDocument();
    expect(publicView.querySelectorAll("mark")).toHaveLength(2);
  });

  it("keeps each Remove button with its words when a finding before it is removed", async () => {
    const { then } = answer(queue([kawo]));
    const { user } = showReviews("moderator");
    const card = await screen.findByRole("article");
    const publicView = within(card).getByRole("region", { name: "What the public will see" });
    // The button a moderator is about to press while the list re-renders after the removal before it.
    const phoneButton = within(publicView).getByRole("button", { name: "Remove “0803 123 4567”" });
    const redacted = "No ramp at [removed]. Call Mrs Bello on 0803 123 4567.";
    then({
      status: 200,
      body: {
        success: true,
        report: {
          ...kawo,
          publicComment: redacted,
          findings: [
            { id: "name:bello", kind: "name", start: 31, end: 36, text: "Bello" },
            { id: "phone:0803 123 4567", kind: "phone", start: 40, end: 53, text: "0803 123 4567" },
          ],
        },
        preview: {
          id: kawo.id,
          commentType: kawo.commentType,
          comment: redacted,
          createdAt: kawo.createdAt,
          reporterName: "Amina",
          videoUrl: null,
          media: [],
          place: null,
        },
      },
    });
    await user.click(within(publicView).getByRole("button", { name: "Remove “General Hospital Kawo”" }));
    expect(await within(publicView).findByText(/\[removed\]/)).toBeInTheDocument();
    expect(phoneButton).toBeInTheDocument();
    expect(phoneButton).toHaveAccessibleName("Remove “0803 123 4567”");
  });

  it("publishes only after a summary and a tick for each finding left", async () => {
    const { asked, then } = answer(queue([kawo]));
    const { user } = showReviews("moderator");
    const card = await screen.findByRole("article");
    await user.click(within(card).getByRole("button", { name: "Verify" }));
    const confirm = within(card).getByRole("group", { name: "Publish this report?" });
    await waitFor(() =>
      expect(within(confirm).getByRole("heading", { name: "Publish this report?" })).toHaveFocus(),
    );
    expect(confirm).toHaveTextContent(`Text: ${kawoText}`);
    // Where and when, as the public page will give them: the precision the reporter chose.
    expect(confirm).toHaveTextContent("Place on the public page: Ikeja, Lagos");
    expect(confirm).toHaveTextContent("Date it happened: 20 November 2026");
    await user.click(within(confirm).getByRole("button", { name: "Publish" }));
    expect(within(confirm).getByRole("alert")).toHaveTextContent(reviews["protect.tickEach"]);
    expect(asked).toHaveLength(1);

    for (const box of within(confirm).getAllByRole("checkbox")) await user.click(box);
    then(decided({ ...kawo, status: "verified" }, reviewMessages.verified));
    await user.click(within(confirm).getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]!.body).toMatchObject({
      status: "verified",
      acknowledgedFindings: ["facility:general hospital kawo", "name:bello", "phone:0803 123 4567"],
    });
  });
});

describe("Reviews: a report's history", () => {
  it("loads who did what when the history is opened", async () => {
    const { asked, then } = answer(queue([ramp]));
    const { user } = showReviews("moderator");
    const card = await screen.findByRole("article");
    expect(asked).toHaveLength(1);
    then({
      status: 200,
      body: {
        success: true,
        history: [
          {
            action: "report.public-text-changed",
            at: "2026-11-22T10:00:00.000Z",
            by: { id: 7, firstname: "Ngozi", lastname: "Eze" },
            details: { change: "redaction" },
          },
        ],
      },
    });
    await user.click(within(card).getByText("History of this report"));
    expect(await within(card).findByText(/Ngozi Eze · changed the public text/)).toBeInTheDocument();
    expect(asked[1]).toMatchObject({ method: "GET", url: "/api/v1/eyewitness/r-1/history" });
  });
});

describe("Reviews: reports sent by phone", () => {
  const sms = reviewReport({
    id: "r-sms",
    channel: "sms",
    phoneReporter: "a1b2",
    reference: "IA-1A2B3C4D",
    detailsDue: true,
    place: null,
    firstName: "",
    lastName: "",
    email: "",
    showFirstName: false,
    commentType: "experience",
    createdAt: "2026-11-20T08:00:00.000Z",
    comment: "The ramp at Ikeja bus terminal ends in a high step",
  });
  const smsName = `Type to complete report of ${formatReportDate(sms.createdAt)}`;

  it("shows the channel and the phone reporter's tag, never a name or an e-mail", async () => {
    answer(queue([sms]));
    showReviews("moderator");
    const card = await screen.findByRole("article", { name: smsName });
    expect(within(card).getByText("SMS")).toBeInTheDocument();
    expect(within(card).getByText("Phone reporter #a1b2")).toBeInTheDocument();
    expect(within(card).getByText("IA-1A2B3C4D")).toBeInTheDocument();
    expect(within(card).queryByText("E-mail")).not.toBeInTheDocument();
  });

  it("asks for the details before publishing, and sends them to be completed", async () => {
    const { asked, then } = answer(queue([sms]));
    const { user } = showReviews("moderator");
    const card = await screen.findByRole("article", { name: smsName });
    await user.click(within(card).getByRole("button", { name: "Verify" }));
    expect(
      within(card).getByRole("heading", { name: "Complete the report before publishing" }),
    ).toHaveFocus();
    expect(asked).toHaveLength(1);

    const form = within(card).getByRole("form", { name: "Complete the report before publishing" });
    await user.selectOptions(within(form).getByLabelText("State"), "25");
    await user.selectOptions(within(form).getByLabelText("Local government area"), "Ikeja");
    await user.selectOptions(within(form).getByLabelText("Kind of report"), "barrier");
    await user.type(within(form).getByLabelText("Date it happened"), "2026-11-19");
    await user.click(within(form).getByRole("radio", { name: "The state and LGA" }));
    then(
      decided(
        { ...sms, detailsDue: false, commentType: "barrier", place: { ...ikejaMarket, precision: "lga" } },
        "The report's details are completed; it can be published now.",
      ),
    );
    await user.click(within(form).getByRole("button", { name: "Save the details" }));
    expect(
      await within(toasts()).findByText("The report's details are saved. It can be published now."),
    ).toBeInTheDocument();
    expect(asked[1]).toMatchObject({
      method: "POST",
      url: "/api/v1/eyewitness/r-sms/details",
      body: { stateId: 25, lga: "Ikeja", commentType: "barrier", occurredOn: "2026-11-19", precision: "lga" },
    });
    expect(
      screen.queryByRole("form", { name: "Complete the report before publishing" }),
    ).not.toBeInTheDocument();
  });
});
