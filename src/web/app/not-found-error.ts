import { isRouteErrorResponse } from "react-router";

/**
 * Every state and school page is prerendered, so an id without a page is unknown. It reaches the route in
 * one of two ways: a client-side navigation gets a 404 for the page's data file; a direct visit is served
 * the app shell (status 404), where React Router finds no prerendered data for the route.
 */
export function isUnknownPageError(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status === 404;
  return error instanceof Error && /No result found for routeId/.test(error.message);
}
