import { queryOptions } from "@tanstack/react-query";
import type { CorrectionStatus } from "../../../domain/corrections/correction-rules";
import { apiRoute, request } from "../../lib/api-client";

// The corrections endpoints moderators and admins use: they read one status's list with the counts, and
// decide. Anyone sends one (send-correction.ts, apart, so a public page loads no query client with it).

const routes = {
  list: apiRoute("corrections.list", "GET", "/api/v1/corrections"),
  read: apiRoute("corrections.read", "GET", "/api/v1/corrections/:id"),
  decide: apiRoute("corrections.decide", "PATCH", "/api/v1/corrections/:id"),
};

export function fetchCorrections(status: CorrectionStatus, signal?: AbortSignal) {
  return request(routes.list, { query: { status }, signal });
}

/** One correction, for an editor starting a data desk change from it. */
export function fetchCorrection(id: string, signal?: AbortSignal) {
  return request(routes.read, { params: { id }, signal });
}

/** Fails with the code CONFLICT when another reviewer decided first. */
export function decideCorrection(id: string, status: "accepted" | "dismissed") {
  return request(routes.decide, { params: { id }, body: { status } });
}

/**
 * The corrections' queries, each with its key; `all` is every status's list's prefix (a decision moves a
 * correction from one status's list and count to another's).
 */
export const correctionQueries = {
  all: ["corrections.list"] as const,
  list: (status: CorrectionStatus) =>
    queryOptions({
      queryKey: [...correctionQueries.all, status] as const,
      queryFn: ({ signal }) => fetchCorrections(status, signal),
    }),
  /** One correction, for an editor starting a data desk change from it. */
  one: (id: string) =>
    queryOptions({
      queryKey: ["corrections.read", id] as const,
      queryFn: ({ signal }) => fetchCorrection(id, signal),
    }),
};
