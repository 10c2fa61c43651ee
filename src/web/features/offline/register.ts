import type { CacheVisitedMessage } from "./cache-rules";

// Registers the service worker (sw.ts, built to /sw.js). The root layout imports this module only after the
// page's load event (after-load.ts), so it takes nothing from the page's first load. Offline reading is an
// extra: a browser without service workers, or a failed registration, leaves the site as it is.

/** Resolves once registered (and the page sent, when needed); never rejects. */
export async function registerServiceWorker(enabled: boolean = import.meta.env.PROD): Promise<void> {
  // The development server serves no worker.
  if (!enabled || !("serviceWorker" in navigator)) return;
  // A page the worker did not serve (the first visit) is sent to it, with the files it loaded, to be kept.
  const controlled = navigator.serviceWorker.controller !== null;
  try {
    await navigator.serviceWorker.register("/sw.js");
    if (controlled) return;
    const { active } = await navigator.serviceWorker.ready;
    const message: CacheVisitedMessage = {
      type: "cache-visited",
      urls: visitedUrls(),
      routesVersion: buildVersion(),
    };
    active?.postMessage(message);
  } catch {
    // Nothing to tell the visitor: the site works as before.
  }
}

function visitedUrls(): string[] {
  const files = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(location.origin));
  return [location.href, ...files];
}

/**
 * The build React Router's manifest names: the routes the page's links lead to may have been asked for
 * before the worker could see it, so the worker keeps every route of this build instead.
 */
function buildVersion(): string | undefined {
  const manifest = (window as { __reactRouterManifest?: { version?: unknown } }).__reactRouterManifest;
  return typeof manifest?.version === "string" ? manifest.version : undefined;
}
