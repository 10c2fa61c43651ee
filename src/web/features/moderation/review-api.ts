import type { DecidedAnswer, Decision, PhoneDetails, ReviewsAnswer } from "../../../domain/api/reviews";
import type { BlurRectangle } from "../../../domain/reports/review-rules";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { UserRole } from "../../../domain/accounts/user";
import { can } from "../../../domain/permissions";
import { apiRoute, request, type ApiAnswer } from "../../lib/api-client";
import { reviewQueryFrom, reviewSearch, type ReviewQuery } from "../report-shared";

// The review endpoints, for moderators and admins: the queue with its counts per status, and a
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

// What goes public (issue: a moderator sees, redacts and confirms): each answer is the report as it is now.
export type ReviewChangeAnswer = ApiAnswer<"reviews.changePublicText">;
const changeText = apiRoute("reviews.changePublicText", "POST", "/api/v1/eyewitness/:id/public-text");
const hideMedia = apiRoute("reviews.hideMedia", "POST", "/api/v1/eyewitness/:id/media/:mediaId/hidden");
const blurPhoto = apiRoute("reviews.blurPhoto", "POST", "/api/v1/eyewitness/:id/media/:mediaId/blur");
const withdraw = apiRoute("reviews.withdraw", "POST", "/api/v1/eyewitness/:id/withdraw");
const transcribe = apiRoute("reviews.transcribe", "POST", "/api/v1/eyewitness/:id/transcript");

/** What a report's voice notes say, written by the moderator: published instead of the audio. */
export function saveTranscript(
  reportId: string,
  transcript: string,
): Promise<ApiAnswer<"reviews.transcribe">> {
  return request(transcribe, { params: { id: reportId }, body: { transcript } });
}

/** Redacts a span ("[removed]") or replaces the public text; 409 when it changed since `basedOn`. */
export function changePublicText(
  reportId: string,
  body: { basedOn: string; redact: { start: number; end: number } } | { basedOn: string; text: string },
): Promise<ReviewChangeAnswer> {
  return request(changeText, { params: { id: reportId }, body });
}

export function setMediaHidden(
  reportId: string,
  mediaId: string,
  hidden: boolean,
): Promise<ReviewChangeAnswer> {
  return request(hideMedia, { params: { id: reportId, mediaId }, body: { hidden } });
}

export function blurReportPhoto(
  reportId: string,
  mediaId: string,
  rectangles: BlurRectangle[],
): Promise<ReviewChangeAnswer> {
  return request(blurPhoto, { params: { id: reportId, mediaId }, body: { rectangles } });
}

/** The reporter takes their report back from public view and open data. */
export function withdrawReport(reportId: string): Promise<{ success: true; message: string }> {
  return request(withdraw, { params: { id: reportId } });
}

export type ReportHistoryAnswer = ApiAnswer<"reviews.history">;
const history = apiRoute("reviews.history", "GET", "/api/v1/eyewitness/:id/history");

/** Who did what to a report, and when, oldest first. */
export function fetchReportHistory(reportId: string, signal?: AbortSignal): Promise<ReportHistoryAnswer> {
  return request(history, { params: { id: reportId }, signal });
}

const details = apiRoute("reviews.completeDetails", "POST", "/api/v1/eyewitness/:id/details");

/** Completes a phone report's state, LGA, type and date; 409 when it is no pending phone report. */
export function completePhoneDetails(reportId: string, body: PhoneDetails): Promise<DecidedAnswer> {
  return request(details, { params: { id: reportId }, body });
}

/**
 * The review area's queries, each with its key; `all` is every view's key prefix (a decision moves a report
 * from one status's list and count to another's, so it changes them all).
 */
export const reviewQueries = {
  all: ["reviews.list"] as const,
  /** A view of the queue for `search` (the address's query, as reviewSearch writes it). */
  list: (search: string) =>
    queryOptions({
      queryKey: [...reviewQueries.all, search] as const,
      queryFn: ({ signal }) => fetchReviews(reviewQueryFrom(new URLSearchParams(search)), signal),
    }),
  /** A report's history as of `version` (the report's last change): a change asks for it anew. */
  history: (reportId: string, version: string) =>
    queryOptions({
      queryKey: ["reviews.history", reportId, version] as const,
      queryFn: ({ signal }) => fetchReportHistory(reportId, signal),
    }),
};

/** What the queue reads for its address, started by its route; nothing for a role that may not review. */
export function startReviews(client: QueryClient, params: URLSearchParams, role: UserRole): void {
  if (!can(role, "report:review")) return;
  void client.prefetchQuery(reviewQueries.list(reviewSearch(reviewQueryFrom(params))));
}
