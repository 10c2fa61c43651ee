import type { PublishedReportView } from "../../../domain/reports/review-rules";
import { apiRequest } from "../../lib/api-client";
import type { PublishedQuery } from "./report-list-query";

// The public list of verified reports (issue 6). Kept apart from the form's and the reviewers' calls so the
// public page loads none of their code.

export interface PublishedAnswer {
  success: true;
  reports: PublishedReportView[];
  meta: { total: number; page: number; per_page: number; last_page: number };
}

export function fetchPublishedReports(query: PublishedQuery, signal?: AbortSignal): Promise<PublishedAnswer> {
  const params = new URLSearchParams();
  if (query.stateId) params.set("state", String(query.stateId));
  if (query.stateId && query.lga) params.set("lga", query.lga);
  if (query.commentType) params.set("type", query.commentType);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  params.set("page", String(query.page));
  // Anyone may read it: no token is sent, so a stale session never signs a visitor out here.
  return apiRequest<PublishedAnswer>("GET", `/eyewitness/published?${params}`, { signal, anonymous: true });
}

/** One verified report, for its own page; an ApiError with status 404 (or 400) when there is none. */
export async function fetchPublishedReport(id: string, signal?: AbortSignal): Promise<PublishedReportView> {
  const answer = await apiRequest<{ success: true; report: PublishedReportView }>(
    "GET",
    `/eyewitness/published/${encodeURIComponent(id)}`,
    { signal, anonymous: true },
  );
  return answer.report;
}
