import type { PublishedReportView } from "../../../domain/reports/review-rules";
import type { PublishedAnswer } from "../../../domain/api/reviews";
import { queryOptions } from "@tanstack/react-query";
import { apiRoute, request } from "../../lib/api-client";
import { publishedQueryFrom, type PublishedQuery } from "../report-shared";

// The public list of verified reports. Kept apart from the form's and the reviewers' calls so the
// public page loads none of their code.

export type { PublishedAnswer } from "../../../domain/api/reviews";

const published = apiRoute("reviews.published", "GET", "/api/v1/eyewitness/published");
const publishedOne = apiRoute("reviews.publishedOne", "GET", "/api/v1/eyewitness/published/:id");

export function fetchPublishedReports(query: PublishedQuery, signal?: AbortSignal): Promise<PublishedAnswer> {
  // Anyone may read it: no token is sent, so a stale session never signs a visitor out here.
  return request(published, {
    query: {
      state: query.stateId ? String(query.stateId) : undefined,
      lga: (query.stateId && query.lga) || undefined,
      type: query.commentType ?? undefined,
      from: query.from ?? undefined,
      to: query.to ?? undefined,
      page: String(query.page),
    },
    signal,
    anonymous: true,
  });
}

/** One verified report, for its own page; an ApiError with status 404 (or 400) when there is none. */
export async function fetchPublishedReport(id: string, signal?: AbortSignal): Promise<PublishedReportView> {
  const answer = await request(publishedOne, { params: { id }, signal, anonymous: true });
  return answer.report;
}

/**
 * The public queries, each with its key; `all` is the prefix of every one (a list of any filter and page, a
 * report's page, a state's reports), so a decision or a withdrawal invalidates whatever the public sees.
 */
export const publishedQueries = {
  all: ["reviews.published"] as const,
  /** A page of the list for the filters of `search` (the address's query, as publishedSearch writes it). */
  list: (search: string) =>
    queryOptions({
      queryKey: [...publishedQueries.all, "list", search] as const,
      queryFn: ({ signal }) => fetchPublishedReports(publishedQueryFrom(new URLSearchParams(search)), signal),
    }),
  report: (id: string) =>
    queryOptions({
      queryKey: [...publishedQueries.all, "report", id] as const,
      queryFn: ({ signal }) => fetchPublishedReport(id, signal),
    }),
};
