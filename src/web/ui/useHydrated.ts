import { useSyncExternalStore } from "react";
import { isHydrating, subscribeToHydrationEnd } from "../lib/hydration-state";

// While the browser hydrates the served page, every component renders as the server did. React keeps a
// component on its server snapshot until hydration has committed; Preact (the browser's renderer, decision
// record 0016) moves it to the client's snapshot in a layout effect, before the page says it is hydrated.
// So the client's snapshot itself says "not hydrated" from the entry's first step until the whole page has
// hydrated (src/web/lib/hydration-mark.ts), on either renderer.

/**
 * False while the browser hydrates prerendered HTML, true afterwards (and in a page rendered in the browser).
 * State read from the URL's query (which the prerendered HTML cannot know) is applied only once hydrated, so
 * the first render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToHydrationEnd,
    () => !isHydrating(),
    () => false,
  );
}

/**
 * `value` once the page has hydrated, `whileHydrating` before: `useHydrated() ? value : whileHydrating`,
 * except that a component whose value is the same either way (an address without the query it reads) is not
 * rendered again as hydration ends. On the home page that render was the whole content's, a task of its
 * own on a slow phone, for nothing to change. `value` must compare with Object.is: a string, a number.
 */
export function useOnceHydrated<T>(value: T, whileHydrating: T): T {
  return useSyncExternalStore(
    subscribeToHydrationEnd,
    () => (isHydrating() ? whileHydrating : value),
    () => whileHydrating,
  );
}
