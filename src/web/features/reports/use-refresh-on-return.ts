import { type RefObject, useEffect, useEffectEvent } from "react";

/** Media addresses are signed for about an hour: a list older than this is fetched again on return. */
export const REFRESH_AFTER_MS = 45 * 60 * 1000;

/**
 * Calls `refresh` when the person comes back to the tab more than 45 minutes after the list was fetched
 * (`fetchedAt`, a Date.now() time), so its photographs and videos still open.
 */
export function useRefreshOnReturn(fetchedAt: RefObject<number>, refresh: () => void) {
  const onStale = useEffectEvent(refresh);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() - fetchedAt.current > REFRESH_AFTER_MS) {
        onStale();
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [fetchedAt]);
}
