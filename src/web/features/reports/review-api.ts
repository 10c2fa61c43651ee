import type {
  ReviewCounts,
  ReviewDecisionRequest,
  ReviewReportView,
} from "../../../domain/reports/review-rules";
import { apiRequest } from "../../lib/api-client";
import type { ReviewQuery } from "./report-list-query";

// The review endpoints (issue 6), for moderators and admins: the queue with its counts per status, and a
// decision on one report. A 401 is handled by the API client (sign out, 'Unauthorized! Logging Out...').

export interface ListMeta {
  total: number;
  page: number;
  per_page: number;
  last_page: number;
}

export interface ReviewsAnswer {
  success: true;
  reports: ReviewReportView[];
  counts: ReviewCounts;
  meta: ListMeta;
}

export interface ReviewDecisionAnswer {
  success: true;
  message?: string;
  report: ReviewReportView;
}

export function fetchReviews(query: ReviewQuery, signal?: AbortSignal): Promise<ReviewsAnswer> {
  const params = new URLSearchParams({ status: query.status });
  if (query.commentType) params.set("commentType", query.commentType);
  if (query.stateId) params.set("state", String(query.stateId));
  params.set("page", String(query.page));
  return apiRequest<ReviewsAnswer>("GET", `/eyewitness/reviews?${params}`, { signal });
}

/** 409 when another reviewer decided first (the report is no longer in `fromStatus`). */
export function sendReviewDecision(
  reportId: string,
  decision: ReviewDecisionRequest,
): Promise<ReviewDecisionAnswer> {
  return apiRequest<ReviewDecisionAnswer>("PATCH", `/eyewitness/${encodeURIComponent(reportId)}/review`, {
    body: decision,
  });
}
