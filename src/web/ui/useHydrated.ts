import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False while React hydrates prerendered HTML, true afterwards. State read from the URL's query (which the
 * prerendered HTML cannot know) is applied only once hydrated, so the first render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
