import { useEffect, useEffectEvent } from "react";

/** Media addresses are signed for about an hour: a list older than this is fetched again on return. */
export const REFRESH_AFTER_MS = 45 * 60 * 1000;

/**
 * Calls `refresh` when the person comes back to the tab more than 45 minutes after the list was fetched
 * (`fetchedAt`, a Date.now() time, the query's `dataUpdatedAt`), so its photographs and videos still open.
 */
export function useRefreshOnReturn(fetchedAt: number, refresh: () => void) {
  // The fetch time as rendered, read when the tab comes back: not copied in an effect, which Preact runs
  // after paint, so a return in the first frame after a fetch would have seen the time before it.
  const onVisible = useEffectEvent(() => {
    if (document.visibilityState === "visible" && Date.now() - fetchedAt > REFRESH_AFTER_MS) refresh();
  });
  useEffect(() => {
    const listener = () => onVisible();
    document.addEventListener("visibilitychange", listener);
    return () => document.removeEventListener("visibilitychange", listener);
  }, []);
}
