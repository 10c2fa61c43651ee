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
