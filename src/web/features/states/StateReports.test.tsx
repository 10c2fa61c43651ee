import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, createStaticHandler, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reviewMessages, type PublishedReportView } from "../../../domain/reports/review-rules";
import { placeMessages } from "../../../domain/reports/report-place";
import { publishedReport } from "../../../test/web/reports";
import { i18nFor } from "../../i18n/runtime";
import { excerpt, reportCountText, StateReports, stateReportsHref } from "./StateReports";

const stateReportsText = {
  loading: "Loading verified reports…",
  none: "No verified reports yet",
  noScript: "The latest verified reports need JavaScript; the link below lists them all.",
};
const t = (id: string, values?: Record<string, unknown>) => i18nFor("en")._(id, values);

type Reply = { status: number; body: unknown } | "network failure" | "never";

/** The server behind fetch: answers each request with the next reply, and records the URLs asked. */
function answer(...replies: Reply[]) {
  const asked: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      asked.push({ url, authorization: new Headers(init.headers).get("authorization") });
      const reply = replies.shift();
      if (reply === "never") return new Promise<Response>(() => undefined);
      if (!reply || reply === "network failure") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return asked;
}

function listOf(reports: PublishedReportView[], total = reports.length): Reply {
  return {
    status: 200,
    body: { success: true, reports, meta: { total, page: 1, per_page: 3, last_page: Math.ceil(total / 3) } },
  };
}

function showSection() {
  const router = createMemoryRouter(
    [{ path: "/states/25", element: <StateReports stateId={25} stateName="Lagos" /> }],
    { initialEntries: ["/states/25"] },
  );
  return render(<RouterProvider router={router} />);
}

const status = () => screen.getByRole("status");
const allLink = () => screen.getByRole("link", { name: "See all reports from Lagos" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a state's eyewitness reports", () => {
  it("says it is loading, then gives the count and the latest three with type, date, place and name", async () => {
    const asked = answer(
      listOf(
        [
          publishedReport({ id: "a", comment: "The ramp at the general hospital is too steep." }),
          publishedReport({
            id: "b",
            commentType: "experience",
            comment: "The new school has a lift.",
            reporterName: "Anonymous",
            place: null,
            createdAt: "2026-10-02T08:00:00.000Z",
          }),
          publishedReport({ id: "c", commentType: "question", comment: "Who funds sign interpreters?" }),
        ],
        12,
      ),
    );
    showSection();
    expect(screen.getByRole("heading", { level: 2, name: "Eyewitness reports" })).toBeInTheDocument();
    expect(status()).toHaveTextContent(stateReportsText.loading);
    await waitFor(() => expect(status()).toHaveTextContent("12 verified reports"));

    const list = screen.getByRole("list", { name: "Latest verified reports from Lagos" });
    const reports = within(list).getAllByRole("article");
    expect(reports).toHaveLength(3);
    const [first, second] = reports as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("heading", { level: 3 })).toHaveTextContent("Barrier");
    expect(first).toHaveTextContent("Happened on 20 November 2026");
    expect(first).toHaveTextContent("Ikeja, Lagos");
    expect(first).toHaveTextContent("Reported by Amina");
    expect(first).toHaveTextContent("The ramp at the general hospital is too steep.");
    expect(within(second).getByRole("heading", { level: 3 })).toHaveTextContent("Experience");
    expect(second).toHaveTextContent("Sent on 2 October 2026");
    expect(second).toHaveTextContent(placeMessages.placeNotGiven);
    expect(second).toHaveTextContent("Reported by Anonymous");

    expect(allLink()).toHaveAttribute("href", "/eyewitness-reports?state=25");
    expect(asked).toEqual([{ url: "/api/v1/eyewitness/published?state=25&per_page=3", authorization: null }]);
  });

  it("asks anew each time it is shown, so a report published since is never missing", async () => {
    const asked = answer(listOf([]), listOf([publishedReport({ id: "a" })]));
    const first = showSection();
    await waitFor(() => expect(status()).toHaveTextContent(stateReportsText.none));
    first.unmount();
    showSection();
    await waitFor(() => expect(status()).toHaveTextContent("1 verified report"));
    expect(asked).toHaveLength(2);
  });

  it("says 'No verified reports yet' and lists nothing when the state has none", async () => {
    answer(listOf([]));
    showSection();
    await waitFor(() => expect(status()).toHaveTextContent(stateReportsText.none));
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    expect(allLink()).toBeInTheDocument();
  });

  it("says the reports could not be loaded after two more tries, and Retry loads them with focus on the heading", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = answer(
      "network failure",
      "network failure",
      "network failure",
      listOf([publishedReport()]),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    showSection();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(reviewMessages.loadFailed);
    expect(status()).toHaveTextContent("");
    expect(allLink()).toBeInTheDocument();

    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(screen.getByRole("heading", { level: 2, name: "Eyewitness reports" })).toHaveFocus();
    await waitFor(() => expect(status()).toHaveTextContent("1 verified report"));
    expect(status()).not.toHaveTextContent("reports");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(asked).toHaveLength(4);
  });

  it("shows the server's reason when it gives one", async () => {
    answer({ status: 400, body: { success: false, message: "Please choose a state of Nigeria." } });
    showSection();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Please choose a state of Nigeria.");
  });

  it("prerenders the heading, a <noscript> line and the link, but no loading text and no request", async () => {
    const asked = answer("never");
    const handler = createStaticHandler([
      { path: "/states/25", element: <StateReports stateId={25} stateName="Lagos" /> },
    ]);
    const { createStaticRouter, StaticRouterProvider } = await import("react-router");
    const context = await handler.query(new Request("http://localhost/states/25"));
    if (context instanceof Response) throw new Error("unexpected response");
    const html = renderToString(
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
    );
    expect(html).toContain("Eyewitness reports");
    expect(html).toContain(`<noscript><p>${stateReportsText.noScript}</p></noscript>`);
    expect(html).toContain('href="/eyewitness-reports?state=25"');
    expect(html).not.toContain(stateReportsText.loading);
    expect(asked).toEqual([]);
  });
});

describe("reportCountText", () => {
  it("counts in words with the plural rule", () => {
    expect(reportCountText(t, 0)).toBe("No verified reports yet");
    expect(reportCountText(t, 1)).toBe("1 verified report");
    expect(reportCountText(t, 3)).toBe("3 verified reports");
    expect(reportCountText(t, 1200)).toBe("1,200 verified reports");
  });
});

describe("excerpt", () => {
  it("keeps a short comment whole, and cuts a long one at a word with '…'", () => {
    expect(excerpt("  A short\n comment. ")).toBe("A short comment.");
    const long = `${"word ".repeat(50)}end`;
    const cut = excerpt(long, 40);
    expect(cut).toBe(`${"word ".repeat(8).trim()}…`);
    expect(excerpt("abcdefghij".repeat(6), 40)).toBe(`${"abcdefghij".repeat(4)}…`);
    expect(cut.length).toBeLessThanOrEqual(41);
  });
});

describe("stateReportsHref", () => {
  it("links to the public list filtered by the state, as that page reads its address", () => {
    expect(stateReportsHref(1)).toBe("/eyewitness-reports?state=1");
    expect(stateReportsHref(37)).toBe("/eyewitness-reports?state=37");
  });
});
