import { useSyncExternalStore } from "react";

// Whether the browser says it has a connection (navigator.onLine), updated by its online and offline
// events. Prerendered HTML and the first render while hydrating assume online: the notice appears, if
// needed, right after hydration.

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
