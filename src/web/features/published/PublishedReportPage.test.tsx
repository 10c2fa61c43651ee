import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publishedPlace } from "../../../domain/reports/report-place";
import { formatOccurredOn, formatReportDay } from "../report-shared";
import published from "../../../i18n/catalogues/en/published.json";
import { PublishedReportPage } from "./PublishedReportPage";
import { whatsAppLink } from "./ShareReport";
import { withDataLayer } from "../../../test/web/data-layer";
import { ikejaMarket, mediaView, publishedReport, signIn } from "../../../test/web/reports";

type Reply = { status: number; body: unknown } | "network failure";

const id = "3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f70";
const pageUrl = `${window.location.origin}/eyewitness-reports/${id}`;
const ramp = publishedReport({
  id,
  comment: 'The ramp "ends" in a step <b>30 cm</b> high.',
  reporterName: "Amina",
  media: [mediaView("m1", "/media/m1", { description: "The step" })],
  place: publishedPlace(ikejaMarket),
});
const title = "Barrier report, Ikeja, Lagos, 20 November 2026";

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
  return asked;
}
const found = (report = ramp): Reply => ({ status: 200, body: { success: true, report } });
const missing: Reply = {
  status: 404,
  body: { success: false, message: "There is no verified report.", code: "NOT_FOUND" },
};

function showPage(reportId = id) {
  const router = createMemoryRouter(
    [
      { path: "/eyewitness-reports/:reportId", element: <PublishedReportPage reportId={reportId} /> },
      { path: "/eyewitness-reports", element: <h1>All reports</h1> },
    ],
    { initialEntries: [`/eyewitness-reports/${reportId}`] },
  );
  const user = userEvent.setup();
  render(withDataLayer(<RouterProvider router={router} />));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe("a verified report's page", () => {
  it("says it is loading, then shows the report as published, asking anonymously", async () => {
    signIn();
    const asked = answer(found());
    showPage();
    expect(screen.getByRole("status")).toHaveTextContent(published["report.loading"]);

    const heading = await screen.findByRole("heading", { level: 1, name: title });
    expect(asked).toEqual([{ url: `/api/v1/eyewitness/published/${id}`, authorization: null }]);
    // The title is written by an effect, which Preact runs after the browser has painted.
    await waitFor(() => expect(document.title).toBe(`${title} | Inclusion Atlas`));
    const article = screen.getByRole("article", { name: title });
    expect(article).toContainElement(heading);
    expect(within(article).getByText(/^Reported by/)).toHaveTextContent(
      `Reported by Amina. Verified on ${formatReportDay(ramp.publishedAt)}.`,
    );
    expect(within(article).getByText("Type").nextElementSibling).toHaveTextContent("Barrier");
    expect(within(article).getByText("Where").nextElementSibling).toHaveTextContent("Ikeja, Lagos");
    expect(within(article).getByText("Date it happened").nextElementSibling).toHaveTextContent(
      formatOccurredOn("2026-11-20"),
    );
    // The comment is text, never markup.
    expect(within(article).getByText(ramp.comment)).toBeInTheDocument();
    expect(
      within(article).getByRole("img", {
        name: `Photograph 1 of the report of ${formatReportDay(ramp.createdAt)}: The step`,
      }),
    ).toHaveAttribute("src", "/media/m1");
    expect(screen.getByRole("link", { name: published["report.backToList"] })).toHaveAttribute(
      "href",
      "/eyewitness-reports",
    );
  });

  it("names an anonymous reporter so", async () => {
    answer(found({ ...ramp, reporterName: "Anonymous reporter", place: null }));
    showPage();
    expect(await screen.findByText(/^Reported by/)).toHaveTextContent("Reported by Anonymous reporter.");
    expect(screen.getByText("Where").nextElementSibling).toHaveTextContent("Place not given");
  });

  it("says 'Report not found' for an unknown or unpublished report, and asks nothing for a malformed id", async () => {
    answer(missing);
    showPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Report not found" })).toBeInTheDocument();
    expect(screen.getByText(published["report.notFound"])).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Report not found | Inclusion Atlas"));
  });

  it("asks nothing for a malformed id", async () => {
    const asked = answer();
    showPage("not-an-id");
    expect(await screen.findByRole("heading", { level: 1, name: "Report not found" })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("says when the report could not be loaded, and Retry loads it with focus on the heading", async () => {
    answer("network failure", found());
    const user = showPage();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(published["report.loadFailed"]);
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    const heading = await screen.findByRole("heading", { level: 1, name: title });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});

describe("sharing a report", () => {
  it("uses the phone's share sheet when there is one", async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator) as Navigator, { share }));
    answer(found());
    const user = showPage();
    await user.click(await screen.findByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledWith({ title, url: pageUrl });
    expect(screen.queryByRole("link", { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  it("stays on the share button when the visitor closes the sheet, and falls back when sharing fails", async () => {
    const share = vi
      .fn()
      .mockRejectedValueOnce(new DOMException("closed", "AbortError"))
      .mockRejectedValueOnce(new DOMException("refused", "NotAllowedError"));
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator) as Navigator, { share }));
    answer(found());
    const user = showPage();
    await user.click(await screen.findByRole("button", { name: "Share" }));
    expect(screen.getByRole("button", { name: "Share" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByRole("link", { name: /Share on WhatsApp/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: published["share.copy"] })).toBeInTheDocument();
  });

  it("offers WhatsApp and Copy link without Web Share, and says when the link is copied", async () => {
    answer(found());
    const user = showPage();
    const whatsApp = await screen.findByRole("link", { name: /Share on WhatsApp/ });
    expect(whatsApp).toHaveAttribute("href", whatsAppLink(title, pageUrl));
    expect(whatsApp.getAttribute("href")).toBe(
      `https://wa.me/?text=${encodeURIComponent(`${title} ${pageUrl}`)}`,
    );
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    // Keyboard: Tab to the button, Enter presses it.
    screen.getByRole("button", { name: published["share.copy"] }).focus();
    await user.keyboard("{Enter}");
    expect(writeText).toHaveBeenCalledWith(pageUrl);
    expect(await screen.findByRole("status")).toHaveTextContent(published["share.copied"]);
  });

  it("shows the address to copy by hand when the browser refuses", async () => {
    answer(found());
    const user = showPage();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("no", "NotAllowedError"));
    await user.click(await screen.findByRole("button", { name: published["share.copy"] }));
    expect(await screen.findByRole("status")).toHaveTextContent(published["share.copyRefused"]);
    expect(screen.getByRole("link", { name: pageUrl })).toHaveAttribute("href", pageUrl);
  });
});
