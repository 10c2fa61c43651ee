import type { QueryClient } from "@tanstack/react-query";
import { appQueryClient } from "../lib/query-client";
import { session, type SessionUser } from "../lib/session";

/** What a signed-in page reads for its address and viewer, started with the app's query client. */
export type StartPageQueries = (client: QueryClient, params: URLSearchParams, viewer: SessionUser) => void;

/**
 * A signed-in route's clientLoader starts its page's queries here, as the navigation begins, so the list is
 * on its way while the page's code and words load. It returns at once: the navigation never waits on a slow
 * network, and a failure (a 401, a 403, no answer) is kept in the query for the page's list shell to say,
 * never thrown to the route. Nobody signed in: nothing is asked (the dashboard's gate sends them home).
 */
export function startPageQueries(request: Request, start: StartPageQueries): void {
  const viewer = session.current();
  if (viewer) start(appQueryClient, new URL(request.url).searchParams, viewer);
}
