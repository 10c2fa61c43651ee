import type { CacheVisitedMessage } from "./cache-rules";

// Registers the service worker (sw.ts, built to /sw.js) once the page has loaded, so it takes nothing from
// the page's first load. Offline reading is an extra: a browser without service workers, or a failed
// registration, leaves the site as it is.

/** Resolves once registered (and the page sent, when needed); never rejects. */
export function registerServiceWorker(enabled: boolean = import.meta.env.PROD): Promise<void> {
  // The development server serves no worker.
  if (!enabled || !("serviceWorker" in navigator)) return Promise.resolve();
  return new Promise((resolve) => {
    const register = () => {
      // A page the worker did not serve (the first visit) is sent to it, with the files it loaded, to be kept.
      const controlled = navigator.serviceWorker.controller !== null;
      navigator.serviceWorker
        .register("/sw.js")
        .then(async () => {
          if (controlled) return;
          const { active } = await navigator.serviceWorker.ready;
          const message: CacheVisitedMessage = { type: "cache-visited", urls: visitedUrls() };
          active?.postMessage(message);
        })
        .catch(() => undefined)
        .finally(resolve);
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  });
}

function visitedUrls(): string[] {
  const files = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(location.origin));
  return [location.href, ...files];
}
