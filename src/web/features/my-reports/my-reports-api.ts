import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { fetchMyReports } from "../eyewitness";
import { pageFrom } from "../report-shared";

// The signed-in reporter's own reports. The fetcher stays with the eyewitness endpoints, which the outbox
// and the service worker load without the data layer; its query lives here, with the page that reads it.

/** The reporter's list, a page at a time; `all` is every page's key prefix (a withdrawal changes them all). */
export const myReportsQueries = {
  all: ["reports.mine"] as const,
  page: (page: number) =>
    queryOptions({
      queryKey: [...myReportsQueries.all, page] as const,
      queryFn: ({ signal }) => fetchMyReports(page, signal),
    }),
};

/** What the page reads for its address (`?page=`), started by its route before the page renders. */
export function startMyReports(client: QueryClient, params: URLSearchParams): void {
  void client.prefetchQuery(myReportsQueries.page(pageFrom(params.get("page"))));
}
