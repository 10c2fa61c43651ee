import { apiRequest } from "../../lib/api-client";
import type { PublishedAnswer } from "../reports";

/** How many of a state's verified reports its page shows. */
export const STATE_REPORTS_SHOWN = 3;

/**
 * A state's latest verified reports and (in `meta.total`) how many there are, from the public list's API.
 * Anyone may read it: no token is sent, so a stale session never signs a visitor out here.
 */
export function fetchStateReports(stateId: number, signal?: AbortSignal): Promise<PublishedAnswer> {
  const params = new URLSearchParams({ state: String(stateId), per_page: String(STATE_REPORTS_SHOWN) });
  return apiRequest<PublishedAnswer>("GET", `/eyewitness/published?${params}`, { signal, anonymous: true });
}
