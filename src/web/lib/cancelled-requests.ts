/**
 * A request the page cancelled itself rejects with an AbortError that nobody may be waiting for any more.
 * React Router leaves two such rejections unobserved when a navigation is superseded while its data answer
 * is still arriving (its stream decoder's "done" promises): a visitor tapping a second link on a slow
 * connection, or a sign-out whose own navigation home replaces the dashboard's. They mean "cancelled, as
 * asked", not a failure, so they are kept out of the console and out of any error report; every other
 * unhandled rejection is reported as before.
 */
export function isCancelledRequest(reason: unknown): boolean {
  // By name, not by class: an AbortController of another realm (a worker's, a test's) makes its own DOMException.
  return (
    typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "AbortError"
  );
}

/** Listens on `target` (the page's window) for unhandled rejections, and quiets the cancelled requests'. */
export function quietCancelledRequests(target: Pick<Window, "addEventListener"> = window): void {
  target.addEventListener("unhandledrejection", (event) => {
    if (isCancelledRequest(event.reason)) event.preventDefault();
  });
}
