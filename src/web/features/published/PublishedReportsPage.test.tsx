import { act, screen, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reviewMessages, type PublishedReportView } from "../../../domain/reports/review-rules";
import { placeMessages, publishedPlace } from "../../../domain/reports/report-place";
import { renderWithDataLayer, withDataLayer } from "../../../test/web/data-layer";
import { formatReportDay } from "../report-shared";
import published from "../../../i18n/catalogues/en/published.json";
import { PublishedReportsPage } from "./PublishedReportsPage";
import { ikejaMarket, mediaView, publishedReport, signIn } from "../../../test/web/reports";
import { databaseResting } from "../../../test/web/failures";

type Reply = { status: number; body: unknown } | "network failure";

/** The server behind fetch: answers each request with the next reply, and records what was asked. */
function answer(...replies: Reply[]) {
  const asked: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      asked.push({ url, authorization: new Headers(init.headers).get("authorization") });
      const reply = replies.shift();
      if (!reply || reply === "network failure") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return { asked, then: (...more: Reply[]) => replies.push(...more) };
}

function listOf(
  reports: PublishedReportView[],
  meta: Partial<{ total: number; page: number; last_page: number }> = {},
): Reply {
  return {
    status: 200,
    body: {
      success: true,
      reports,
      meta: { total: reports.length, page: 1, per_page: 20, last_page: 1, ...meta },
    },
  };
}

const routes = [
  { path: "/eyewitness-reports", element: <PublishedReportsPage /> },
  { path: "/eyewitnesspage", element: <h1>Eyewitness</h1> },
];

function showPage(path = "/eyewitness-reports") {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithDataLayer(<RouterProvider router={router} />);
  return { user: userEvent.setup(), router };
}

const heading = () => screen.getByRole("heading", { level: 1, name: "Verified eyewitness reports" });
const typeSelect = () => screen.getByRole("combobox", { name: "Comment type" });
const showButton = () => screen.getByRole("button", { name: "Show reports" });

const ramp = publishedReport({
  id: "p-2",
  createdAt: "2026-11-21T12:05:00.000Z",
  publishedAt: "2026-11-22T09:00:00.000Z",
  reporterName: "Amina",
  media: [
    mediaView("m1", "/media/m1"),
    mediaView("m2", "/media/m2", { contentType: "image/png", description: "The ramp ends in a step" }),
  ],
});
const school = publishedReport({
  id: "p-1",
  commentType: "experience",
  comment: "The school took my daughter after the head teacher met us.",
  createdAt: "2026-10-02T09:30:00.000Z",
  publishedAt: "2026-10-05T15:00:00.000Z",
  reporterName: "Anonymous reporter",
  media: [mediaView("m3", "/media/m3", { kind: "video", contentType: "video/mp4", bytes: 9000 })],
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("Verified eyewitness reports", () => {
  it("introduces the page and lists the verified reports, newest first, with the name each reporter chose", async () => {
    signIn();
    const { asked } = answer(listOf([ramp, school]));
    showPage();
    expect(heading()).toBeInTheDocument();
    expect(
      screen.getByText(/All reports are reviewed and verified before they appear here\./),
    ).toBeInTheDocument();
    expect(screen.getByText(published.loading)).toBeInTheDocument();

    expect(await screen.findByText("2 verified reports, newest first.")).toBeInTheDocument();
    // Anyone may read it: no token is sent, even by someone signed in.
    expect(asked).toEqual([{ url: "/api/v1/eyewitness/published?page=1", authorization: null }]);

    const day = formatReportDay(ramp.createdAt);
    const first = screen.getByRole("article", { name: `Barrier report of ${day}` });
    // Each report links to its own page.
    expect(within(first).getByRole("link", { name: `Barrier report of ${day}` })).toHaveAttribute(
      "href",
      "/eyewitness-reports/p-2",
    );
    expect(within(first).getByText(/^Reported by/)).toHaveTextContent(
      `Reported by Amina. Verified on ${formatReportDay(ramp.publishedAt)}.`,
    );
    expect(within(first).getByText(ramp.comment)).toBeInTheDocument();
    expect(within(first).getByRole("img", { name: `Photograph 1 of the report of ${day}` })).toHaveAttribute(
      "src",
      "/media/m1",
    );
    // A described photo is named by its reporter's description too.
    expect(
      within(first).getByRole("img", {
        name: `Photograph 2 of the report of ${day}: The ramp ends in a step`,
      }),
    ).toHaveAttribute("src", "/media/m2");

    const second = screen.getByRole("article", {
      name: `Experience report of ${formatReportDay(school.createdAt)}`,
    });
    expect(within(second).getByText(/^Reported by/)).toHaveTextContent("Reported by Anonymous reporter.");
    const video = second.querySelector("video");
    expect(video).toHaveAttribute("src", "/media/m3");
    expect(video).toHaveAttribute("controls");
    // Nothing of a video is fetched on a slow phone until it is played.
    expect(video).toHaveAttribute("preload", "none");
    expect(within(second).getByRole("link", { name: "Download the video" })).toHaveAttribute(
      "href",
      "/media/m3",
    );
    expect(screen.queryByRole("navigation", { name: "Pages of verified reports" })).not.toBeInTheDocument();
  });

  it("shows where and when each report happened, only as precisely as published, or 'Place not given'", async () => {
    answer(
      listOf([
        ramp,
        { ...school, place: { ...publishedPlace(ikejaMarket), lga: null } },
        publishedReport({ id: "p-9", createdAt: "2026-09-01T09:00:00.000Z", place: null }),
      ]),
    );
    showPage();
    await screen.findByText("3 verified reports, newest first.");
    const [first, second, third] = screen.getAllByRole("article") as [HTMLElement, HTMLElement, HTMLElement];
    const value = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling;
    expect(value(first, "Where")).toHaveTextContent(/^Ikeja, Lagos$/);
    expect(value(first, "Date it happened")).toHaveTextContent("20 November 2026");
    expect(value(second, "Where")).toHaveTextContent(/^Lagos$/);
    expect(within(second).queryByText(/Ikeja/)).not.toBeInTheDocument();
    expect(value(third, "Where")).toHaveTextContent(placeMessages.placeNotGiven);
    expect(within(third).queryByText("Date it happened")).not.toBeInTheDocument();
  });

  it("filters by state, then one of its LGAs, type and dates, in the address, sending the API's parameters", async () => {
    const { asked, then } = answer(listOf([ramp, school]));
    const { user, router } = showPage();
    await screen.findByText("2 verified reports, newest first.");
    const state = screen.getByRole("combobox", { name: "State" });
    expect(state).toHaveAttribute("name", "state");
    expect(screen.queryByRole("combobox", { name: "Local government area" })).not.toBeInTheDocument();

    await user.selectOptions(state, "Lagos");
    const lga = screen.getByRole("combobox", { name: "Local government area" });
    expect(within(lga).getAllByRole("option")[0]).toHaveTextContent("All of Lagos");
    expect(within(lga).queryByRole("option", { name: "Kano Municipal" })).not.toBeInTheDocument();
    await user.selectOptions(lga, "Ikeja");
    await user.selectOptions(typeSelect(), "Barrier");
    await user.type(screen.getByLabelText("Happened from"), "2026-01-01");
    await user.type(screen.getByLabelText("Happened until"), "2026-11-20");
    expect(asked).toHaveLength(1);

    then(listOf([ramp]));
    await user.click(showButton());
    expect(
      await screen.findByText(
        "1 verified report of the type Barrier from Ikeja, Lagos that happened between 1 January 2026 and 20 November 2026, newest first.",
      ),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      "?commentType=barrier&state=25&lga=Ikeja&from=2026-01-01&to=2026-11-20",
    );
    expect(asked[1]?.url).toBe(
      "/api/v1/eyewitness/published?state=25&lga=Ikeja&type=barrier&from=2026-01-01&to=2026-11-20&page=1",
    );

    // Another state: its LGA list, and the LGA chosen before is not sent.
    then(listOf([]));
    await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "Kano");
    expect(screen.getByRole("combobox", { name: "Local government area" })).toHaveValue("");
    await user.click(showButton());
    await screen.findByText(/^There are no verified reports of the type Barrier from Kano that happened/);
    expect(router.state.location.search).toBe("?commentType=barrier&state=20&from=2026-01-01&to=2026-11-20");
  });

  it("refuses a range of dates that ends before it starts, on the second date's field, and asks nothing", async () => {
    const { asked } = answer(listOf([ramp]));
    const { user, router } = showPage();
    await screen.findByText("1 verified report, newest first.");
    const until = screen.getByLabelText("Happened until");
    await user.type(screen.getByLabelText("Happened from"), "2026-11-20");
    await user.type(until, "2026-01-01");
    await user.click(showButton());
    expect(until).toHaveFocus();
    expect(until).toHaveAttribute("aria-invalid", "true");
    expect(until).toHaveAccessibleDescription(`Error: ${published["filters.rangeError"]}`);
    expect(router.state.location.search).toBe("");
    expect(asked).toHaveLength(1);
  });

  it("has a comment-type filter that works as a plain GET form even before the script runs", () => {
    answer(listOf([]));
    showPage();
    const form = showButton().closest("form");
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/eyewitness-reports");
    expect(typeSelect()).toHaveAttribute("name", "commentType");
    expect(typeSelect()).toHaveValue("");
    expect(
      within(typeSelect())
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All types", "Barrier", "Experience", "Question", "Contribution"]);
  });

  it("filters by comment type, in the address, and offers every type again when none match", async () => {
    const { asked, then } = answer(listOf([ramp, school]));
    const { user, router } = showPage();
    await screen.findByText("2 verified reports, newest first.");

    then(listOf([]));
    await user.selectOptions(typeSelect(), "Question");
    await user.click(showButton());
    expect(
      await screen.findByText("There are no verified reports of the type Question yet."),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe("?commentType=question");
    expect(asked[1]?.url).toBe("/api/v1/eyewitness/published?type=question&page=1");
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    expect(showButton()).toHaveFocus();

    then(listOf([ramp]));
    await user.click(screen.getByRole("link", { name: "Show every verified report" }));
    expect(await screen.findByText("1 verified report, newest first.")).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    expect(typeSelect()).toHaveValue("");
  });

  it("opens the view the address names", async () => {
    const { asked } = answer(listOf([ramp], { total: 21, page: 2, last_page: 2 }));
    showPage("/eyewitness-reports?commentType=barrier&page=2");
    expect(
      await screen.findByText("21 verified reports of the type Barrier, newest first. Page 2 of 2."),
    ).toBeInTheDocument();
    expect(asked[0]?.url).toBe("/api/v1/eyewitness/published?type=barrier&page=2");
    expect(typeSelect()).toHaveValue("barrier");
  });

  it("pages with Previous and Next links, keeping the filter, and moves focus to the heading", async () => {
    const { asked, then } = answer(listOf([ramp], { total: 25, last_page: 2 }));
    const { user, router } = showPage("/eyewitness-reports?commentType=barrier");
    const pages = await screen.findByRole("navigation", { name: "Pages of verified reports" });
    expect(within(pages).getByText("Page 1 of 2")).toBeInTheDocument();
    expect(within(pages).queryByRole("link", { name: "Previous page" })).not.toBeInTheDocument();

    then(listOf([school], { total: 25, page: 2, last_page: 2 }));
    await user.click(within(pages).getByRole("link", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?commentType=barrier&page=2");
    expect(asked[1]?.url).toBe("/api/v1/eyewitness/published?type=barrier&page=2");
    expect(heading()).toHaveFocus();
    expect(screen.queryByRole("link", { name: "Next page" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Previous page" })).toBeInTheDocument();
  });

  it("says when nothing is published yet, and links to the eyewitness page", async () => {
    answer(listOf([]));
    const { user, router } = showPage();
    expect(await screen.findByText("There are no verified reports yet.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Show every verified report" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Send your own eyewitness report" }));
    expect(router.state.location.pathname).toBe("/eyewitnesspage");
  });

  it("says when the reports could not be loaded, and Retry loads them", async () => {
    const { asked } = answer({ status: 503, body: databaseResting }, listOf([ramp]));
    const { user } = showPage();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`${reviewMessages.loadFailed}The database is resting.`);

    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(heading()).toHaveFocus();
    expect(await screen.findByRole("article")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it("is prerendered with its introduction, filter and loading line, and hydrates without a mismatch for a filtered address", async () => {
    const html = renderToString(
      withDataLayer(
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ["/eyewitness-reports"] })} />,
      ),
    );
    expect(html).toContain("Verified eyewitness reports");
    expect(html).toContain(published.loading);
    expect(html).toContain('action="/eyewitness-reports"');

    const { asked } = answer(listOf([ramp], { total: 1 }));
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const router = createMemoryRouter(routes, {
      initialEntries: ["/eyewitness-reports?commentType=barrier"],
    });
    const root = await act(async () =>
      hydrateRoot(container, withDataLayer(<RouterProvider router={router} />)),
    );
    try {
      expect(
        await within(container).findByText("1 verified report of the type Barrier, newest first."),
      ).toBeInTheDocument();
      expect(asked.map((request) => request.url)).toEqual([
        "/api/v1/eyewitness/published?type=barrier&page=1",
      ]);
      expect(within(container).getByRole("combobox", { name: "Comment type" })).toHaveValue("barrier");
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it("says the reports could not be loaded when the connection drops", async () => {
    answer("network failure");
    showPage();
    expect(await screen.findByRole("alert")).toHaveTextContent(reviewMessages.loadFailed);
  });
});
