import { describePlace } from "./report-place";
import { commentTypeLabels } from "./report-rules";
import type { PublishedReportView } from "./review-rules";

// The words a verified report's own page is named and described with: its <title> and, in the server's
// answer, its link-preview tags (WhatsApp, X, Facebook), so both say the same.

/** A report's id as its link carries it (a UUID, any case). */
export function isReportId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The page of a report the public may not see: unknown, pending, rejected or unpublished. */
export const REPORT_NOT_FOUND_TITLE = "Report not found";

const DESCRIPTION_MAX_LENGTH = 200;

/** "27 February 2026" for a calendar day (YYYY-MM-DD) or an instant, read in UTC so server and page agree. */
function dayOf(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/** "Barrier report, Ikeja, Lagos, 27 February 2026": the type, the place as published, the day it happened. */
export function publishedReportTitle(
  report: Pick<PublishedReportView, "commentType" | "place" | "createdAt">,
) {
  const when = dayOf(report.place?.occurredOn ?? report.createdAt);
  return `${commentTypeLabels[report.commentType]} report, ${describePlace(report.place)}, ${when}`;
}

/** The comment on one line, cut at a word near 200 characters with "…". */
export function publishedReportDescription(report: Pick<PublishedReportView, "comment">): string {
  const text = report.comment.replace(/\s+/g, " ").trim();
  if (text.length <= DESCRIPTION_MAX_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > DESCRIPTION_MAX_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
