import { useSyncExternalStore } from "react";

/** Where the dashboard's fixed sidebar gives way to a drawer (narrow phones, and 200% zoom on laptops). */
export const WIDE_SCREEN_QUERY = "(min-width: 48rem)";

function subscribe(onChange: () => void): () => void {
  const list = typeof window.matchMedia === "function" ? window.matchMedia(WIDE_SCREEN_QUERY) : null;
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

function isWide(): boolean {
  // Without matchMedia (very old browsers) the plain sidebar is the safer layout: no modal to get stuck in.
  return typeof window.matchMedia === "function" ? window.matchMedia(WIDE_SCREEN_QUERY).matches : true;
}

/** True when the viewport is wide enough for the sidebar beside the page, false for the drawer layout. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
