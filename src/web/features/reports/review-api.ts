import type { DecidedAnswer, Decision, ReviewsAnswer } from "../../../domain/api/reviews";
import { apiRoute, request } from "../../lib/api-client";
import type { ReviewQuery } from "./report-list-query";

// The review endpoints (issue 6), for moderators and admins: the queue with its counts per status, and a
// decision on one report. A 401 is handled by the API client (sign out, 'Unauthorized! Logging Out...').

export type { DecidedAnswer as ReviewDecisionAnswer, ReviewsAnswer } from "../../../domain/api/reviews";

const list = apiRoute("reviews.list", "GET", "/api/v1/eyewitness/reviews");
const decide = apiRoute("reviews.decide", "PATCH", "/api/v1/eyewitness/:id/review");

export function fetchReviews(query: ReviewQuery, signal?: AbortSignal): Promise<ReviewsAnswer> {
  return request(list, {
    query: {
      status: query.status,
      commentType: query.commentType ?? undefined,
      state: query.stateId ? String(query.stateId) : undefined,
      page: String(query.page),
    },
    signal,
  });
}

/** 409 when another reviewer decided first (the report is no longer in `fromStatus`). */
export function sendReviewDecision(reportId: string, decision: Decision): Promise<DecidedAnswer> {
  return request(decide, { params: { id: reportId }, body: decision });
}
