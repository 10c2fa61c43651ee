import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../../test/web/i18n";
import { renderWithDataLayer } from "../../../test/web/data-layer";
import { mediaView } from "../../../test/web/reports";
import { i18nFor, loadMessages } from "../../i18n/runtime";
import { everyPublished } from "./report-list-query";
import { PublishedFilters } from "./PublishedFilters";
import { ReportMedia } from "./ReportMedia";
import { ReviewsPage } from "./ReviewsPage";
import { queueSummary } from "./review-text";
import { reportDates } from "./use-report-dates";

// The public list's and the review queue's words in another language: no message id ever shows.

const noMessageIds = () =>
  expect(document.body.innerHTML).not.toMatch(/\b(published|reviews|roles)\.[a-zA-Z]+/);

describe("verified reports in Hausa", () => {
  it("names the filters, the comment types and the states' choices in Hausa", async () => {
    render(
      await inLanguage("ha", ["published"], <PublishedFilters query={everyPublished} onShow={() => {}} />),
    );
    expect(screen.getByRole("form", { name: "Tace rahotannin" })).toBeInTheDocument();
    const type = screen.getByRole("combobox", { name: "Nauʼin rahoto" });
    expect(within(type).getByRole("option", { name: "Shinge" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Jiha" })).toHaveDisplayValue("Dukkan jihohi");
    expect(screen.getByRole("button", { name: "Nuna rahotanni" })).toBeInTheDocument();
    noMessageIds();
  });

  it("names a report's photographs in Hausa, the reporter's description as written", async () => {
    const day = reportDates("ha").day("2026-11-21T10:00:00Z", "UTC");
    expect(day).not.toMatch(/November/);
    const photo = mediaView("m1", "/media/m1", { description: "A steep ramp" });
    render(await inLanguage("ha", ["published"], <ReportMedia media={[photo]} videoUrl={null} day={day} />));
    const list = screen.getByRole("list", { name: `Hotunan rahoton ${day}` });
    expect(
      within(list).getByRole("img", { name: `Hoto na 1 na rahoton ${day}: A steep ramp` }),
    ).toBeInTheDocument();
    expect(within(list).getByRole("link")).toHaveTextContent("Buɗe cikakken hoton");
    noMessageIds();
  });
});

describe("the review queue in Yoruba", () => {
  it("says access is denied in Yoruba to someone who may not review", async () => {
    const router = createMemoryRouter([{ path: "/yo/dashboard/reviews", element: <ReviewsPage /> }], {
      initialEntries: ["/yo/dashboard/reviews"],
    });
    renderWithDataLayer(await inLanguage("yo", ["reviews", "published"], <RouterProvider router={router} />));
    expect(screen.getByRole("heading", { level: 1, name: "Àyẹ̀wò" })).toBeInTheDocument();
    expect(screen.getByText(/Ẹ kò ní àṣẹ láti wọ ojú ìwé yìí/)).toBeInTheDocument();
    noMessageIds();
  });

  it("counts the queue with the language's plural and names the comment type", async () => {
    await loadMessages("ha", ["reviews", "published"]);
    const t = (id: string, values?: Record<string, unknown>) => i18nFor("ha")._(id, values);
    expect(queueSummary(t, "pending", "barrier", { total: 1, page: 1, last_page: 1 }, "Lagos")).toBe(
      "Rahoto 1 mai jiran dubawa na nauʼin Shinge daga Lagos, mafi daɗewa a farko.",
    );
    expect(queueSummary(t, "verified", null, { total: 3, page: 2, last_page: 3 })).toBe(
      "Rahotanni 3 tabbatattu. Shafi na 2 cikin 3.",
    );
  });
});
