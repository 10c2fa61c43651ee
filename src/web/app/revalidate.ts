import type { ShouldRevalidateFunctionArgs } from "react-router";

// When a page's loader data is asked of the server again on a navigation. The root imports this file, so it
// sits in the "shell" chunk every page loads first, never in the "shared" chunk the home page does without.

/**
 * For the root, whose data (the deployment's address and contacts) never changes during a visit: asking the
 * server for it again on each navigation would cost a request on a slow connection, fail offline (a
 * signed-in page reached from the menu with no connection showed an error), and fail for the
 * client-rendered pages the server has no data answer for (a verified report's page reached from the list
 * showed "Page not found").
 */
export function neverAgainDuringTheVisit(): boolean {
  return false;
}

/**
 * For pages whose loaders never read the query (`?state=`, `?zone=`, the schools' filter): the view lives in
 * the address, so a choice changes only the query. Asking the server again for each choice would answer the
 * same data and, worse, a second choice made while the first one's request is under way would build its
 * address on the old query and drop the first (two filters chosen quickly kept one). Pages whose loaders do
 * read the query (the history pages) keep the default.
 */
export function unlessOnlyTheQueryChanged({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const sameScreen = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  if (sameScreen && !formMethod) return false;
  return defaultShouldRevalidate;
}
