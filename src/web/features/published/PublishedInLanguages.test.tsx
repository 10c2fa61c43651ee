import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../../test/web/i18n";
import { mediaView } from "../../../test/web/reports";
import { everyPublished, ReportMedia, reportDates } from "../report-shared";
import { PublishedFilters } from "./PublishedFilters";

// The public list's words in another language: no message id ever shows. (The review queue's:
// moderation/ReviewsInLanguages.test.tsx.)

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
