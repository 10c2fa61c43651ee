import type { PublishedAnswer } from "../../../domain/api/reviews";
import { apiRoute, request } from "../../lib/api-client";

const published = apiRoute("reviews.published", "GET", "/api/v1/eyewitness/published");

/** How many of a state's verified reports its page shows. */
export const STATE_REPORTS_SHOWN = 3;

/**
 * A state's latest verified reports and (in `meta.total`) how many there are, from the public list's API.
 * Anyone may read it: no token is sent, so a stale session never signs a visitor out here.
 */
export function fetchStateReports(stateId: number, signal?: AbortSignal): Promise<PublishedAnswer> {
  return request(published, {
    query: { state: String(stateId), per_page: String(STATE_REPORTS_SHOWN) },
    signal,
    anonymous: true,
  });
}
