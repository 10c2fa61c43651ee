import { describe, expect, it } from "vitest";
import { isReportId, publishedReportDescription, publishedReportTitle } from "./published-report-text";

describe("a verified report's page title and description", () => {
  it("names the type, the place as published and the day it happened", () => {
    const place = { stateId: 25, state: "Lagos", lga: null, place: null, occurredOn: "2026-02-27" };
    expect(publishedReportTitle({ commentType: "question", place, createdAt: "2026-03-01T23:30:00Z" })).toBe(
      "Question report, Lagos, 27 February 2026",
    );
    // Reports sent before places were asked: the day it was sent, in UTC.
    expect(
      publishedReportTitle({ commentType: "barrier", place: null, createdAt: "2026-03-01T23:30:00Z" }),
    ).toBe("Barrier report, Place not given, 1 March 2026");
  });

  it("puts the comment on one line and cuts a long one at a word", () => {
    expect(publishedReportDescription({ comment: "  Two\nlines\t here " })).toBe("Two lines here");
    const long = `${"word ".repeat(60)}end`;
    const cut = publishedReportDescription({ comment: long });
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut).toMatch(/word…$/);
  });

  it("knows a report id", () => {
    expect(isReportId("3F2A1C4E-8B7D-4E6F-9A01-2B3C4D5E6F70")).toBe(true);
    expect(isReportId("3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f7")).toBe(false);
    expect(isReportId("counts")).toBe(false);
  });
});
