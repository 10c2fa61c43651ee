import type { PublishedCountsAnswer } from "../../../domain/api/reviews";
import { reportCountsFrom } from "../../../domain/states-comparison";
import { apiRoute, request } from "../../lib/api-client";

// Verified eyewitness reports per state, for the /states table's column. Anyone may read it: no token is
// sent, so a stale session never signs a visitor out here.

export type { PublishedCountsAnswer as ReportCountsAnswer } from "../../../domain/api/reviews";

const counts = apiRoute("reviews.publishedCounts", "GET", "/api/v1/eyewitness/published/counts");

export function fetchReportCounts(signal?: AbortSignal): Promise<PublishedCountsAnswer> {
  return request(counts, { signal, anonymous: true });
}

/** The counts by state id, as the table reads them. */
export async function readReportCounts(signal?: AbortSignal): Promise<ReadonlyMap<number, number>> {
  return reportCountsFrom((await fetchReportCounts(signal)).counts);
}
