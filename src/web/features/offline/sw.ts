/// <reference lib="webworker" />
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly, type Strategy } from "workbox-strategies";
import {
  cacheNames,
  cachePrefix,
  cacheRuleFor,
  everyRouteQuestions,
  isCacheVisitedMessage,
  mergedRouteManifest,
  routeDataPathFor,
  type CacheRule,
} from "./cache-rules";
import { allWaitingReports } from "../../lib/reports-db";
import { OUTBOX_SYNC_TAG, type SendOutboxMessage } from "../../lib/outbox-sync";
import { sendOutboxFromWorkerLocked } from "../../lib/outbox-worker";
import { offlinePageFor, offlinePageSecurityPolicy } from "./offline-page";

// The service worker (built by vite-plugin-pwa into build/client/sw.js; decision record 0013). Public pages
// and their data: network first, the kept copy when there is no connection (or none within a few seconds),
// so a deploy reaches every visitor who is online. Hashed files: cache first (they never change). Anything
// else, API answers and media above all, and every non-GET request, is never kept (cache-rules.ts).

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

// The web manifest, the icons and the favicon, versioned by their content hash.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version takes over at once: pages are network first, so no open page depends on the old one.
void self.skipWaiting();
clientsClaim();

self.addEventListener("activate", (event) => {
  const current = new Set<string>(Object.values(cacheNames));
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(cachePrefix) && !current.has(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

const keptOnly200 = new CacheableResponsePlugin({ statuses: [200] });
const keptPages = new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true });
// Pages vary on Accept-Encoding, which a worker's requests do not show: match on the address alone.
const routeData = new NetworkFirst({
  cacheName: cacheNames.pages,
  networkTimeoutSeconds: 4,
  // The prerendered data files are the same whatever the query React Router adds.
  matchOptions: { ignoreVary: true, ignoreSearch: true },
  plugins: [keptOnly200, keptPages],
});
const pages = new NetworkFirst({
  cacheName: cacheNames.pages,
  // On a weak connection a kept page after a few seconds beats a blank screen; the network's answer
  // still refreshes the kept copy when it arrives.
  networkTimeoutSeconds: 4,
  matchOptions: { ignoreVary: true },
  plugins: [
    keptOnly200,
    keptPages,
    {
      // A page kept is kept with its data file (a few KB), so links to it within the app work offline too.
      cacheDidUpdate: async ({ request, event }) => {
        const dataPath = routeDataPathFor(new URL(request.url).pathname);
        if (!dataPath) return;
        await routeData
          .handle({ event, request: new Request(new URL(dataPath, self.location.origin).href) })
          .catch(() => undefined);
      },
    },
  ],
});
const assets = new CacheFirst({
  cacheName: cacheNames.assets,
  plugins: [keptOnly200, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
});
/** Every route this build's kept route-manifest answers name, as one answer; undefined when none is kept. */
async function keptRoutesOf(request: Request): Promise<Response | undefined> {
  const version = new URL(request.url).searchParams.get("version");
  if (version === null) return undefined;
  const cache = await caches.open(cacheNames.routes);
  const sameBuild = (await cache.keys()).filter(
    (kept) => new URL(kept.url).searchParams.get("version") === version,
  );
  const answers = await Promise.all(
    sameBuild.map(async (kept) => (await cache.match(kept))?.json().catch(() => null)),
  );
  const merged = mergedRouteManifest(answers);
  return merged === null
    ? undefined
    : new Response(JSON.stringify(merged), { headers: { "content-type": "application/json" } });
}
/** The builds whose every route this worker has asked for while it runs (each once). */
const everyRouteAsked = new Set<string>();

/**
 * Keeps the answers naming every screen's route of build `version` (everyRouteQuestions), asked once the
 * first answer of that build is kept, and drops other builds' answers: a deploy's pages ask anew.
 */
async function keepEveryRoute(version: string): Promise<void> {
  if (everyRouteAsked.has(version)) return;
  everyRouteAsked.add(version);
  const cache = await caches.open(cacheNames.routes);
  for (const kept of await cache.keys()) {
    if (new URL(kept.url).searchParams.get("version") !== version) await cache.delete(kept);
  }
  for (const question of everyRouteQuestions(version)) {
    const request = new Request(new URL(question, self.location.origin).href);
    if (await cache.match(request)) continue;
    const answer = await fetch(request).catch(() => null);
    if (answer?.status === 200) await cache.put(request, answer);
    // Asked again by the next page of this build if the connection failed now.
    else everyRouteAsked.delete(version);
  }
}

// Lazy route discovery: the routes the page's links lead to. Kept per question (the build's version is in
// the address, so a deploy's answers never mix with the old); offline, the answer is every route the
// build's kept answers name, so a link to a kept page works whatever batch the page asks in.
const routeManifest = new NetworkFirst({
  cacheName: cacheNames.routes,
  networkTimeoutSeconds: 4,
  matchOptions: { ignoreVary: true },
  plugins: [
    keptOnly200,
    new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true }),
    { handlerDidError: async ({ request }) => keptRoutesOf(request) },
    {
      cacheDidUpdate: async ({ request }) => {
        const version = new URL(request.url).searchParams.get("version");
        if (version !== null) await keepEveryRoute(version);
      },
    },
  ],
});
const strategies: Record<CacheRule, Strategy | null> = {
  page: pages,
  "route-data": routeData,
  asset: assets,
  "route-manifest": routeManifest,
  none: null,
};

// Routes match GET requests only (Workbox's default): a form's POST always goes to the network.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode === "navigate" && cacheRuleFor(url.pathname) === "page",
  pages,
);
// Other pages of the site (the signed-in ones) are never kept, but get the offline page rather than the
// browser's error when there is no connection. Addresses under /api and /media are left to the browser.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode === "navigate" && !/^\/(api|media)(\/|$)/.test(url.pathname),
  new NetworkOnly(),
);
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode !== "navigate" && cacheRuleFor(url.pathname) === "route-data",
  routeData,
);
registerRoute(({ url, sameOrigin }) => sameOrigin && cacheRuleFor(url.pathname) === "asset", assets);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && cacheRuleFor(url.pathname) === "route-manifest",
  routeManifest,
);

setCatchHandler(async ({ request }) => {
  if (request.mode !== "navigate") return Response.error();
  // The reports waiting on the phone, so a reporter who reloads offline sees they are not lost. Without
  // IndexedDB (some private windows) nothing was kept, and the page says nothing of reports.
  const waiting = await allWaitingReports().catch(() => []);
  return new Response(offlinePageFor(new URL(request.url).pathname, waiting), {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": offlinePageSecurityPolicy,
      "cache-control": "no-store",
    },
  });
});

// Background Sync (where the browser has it): a page that queues a report registers OUTBOX_SYNC_TAG, and
// the browser fires it here once the connection is back, even with no page of the product open. An open
// page of the signed-in reporter sends them (OutboxSender, which says so) and answers that it does; with no
// page open, or none answering in time (a frozen tab), the worker sends them itself, for each account that
// left a credential (lib/outbox-worker.ts), under the pages' Web Lock and with each report's
// Idempotency-Key, so a report is stored once even if a page sends it too. Reports left waiting make the
// sync fail, and the browser tries it again later.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** How long open pages have to answer that they send the reports before the worker sends them itself. */
const PAGE_ANSWER_MS = 5_000;

/** Tells the open pages to send; true when one answers that it does. */
async function pageSends(): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: "window" });
  if (windows.length === 0) return false;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), PAGE_ANSWER_MS);
    const message: SendOutboxMessage = { type: "send-outbox" };
    for (const client of windows) {
      const answer = new MessageChannel();
      answer.port1.onmessage = () => {
        clearTimeout(timer);
        resolve(true);
      };
      client.postMessage(message, [answer.port2]);
    }
  });
}

self.addEventListener("sync", (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    (async () => {
      if (await pageSends()) return;
      const run = await sendOutboxFromWorkerLocked();
      const left = await allWaitingReports().catch(() => []);
      if (run.unsent > 0 || left.length > 0) throw new Error("reports still wait to be sent");
    })(),
  );
});

// The page a visitor first opened was loaded before this worker existed: the page sends its address and
// the files it loaded, and those the rules allow are kept as if they had come through the worker.
self.addEventListener("message", (event) => {
  if (!isCacheVisitedMessage(event.data)) return;
  const kept = event.data.urls.map(async (href) => {
    const url = new URL(href, self.location.origin);
    if (url.origin !== self.location.origin) return;
    url.hash = "";
    const strategy = strategies[cacheRuleFor(url.pathname)];
    if (!strategy) return;
    await strategy.handle({ event, request: new Request(url.href) }).catch(() => undefined);
  });
  const { routesVersion } = event.data;
  if (routesVersion !== undefined) kept.push(keepEveryRoute(routesVersion).catch(() => undefined));
  // A page that loaded while this worker was installing missed its claim at activation (it was still
  // navigating): it is claimed now, so its reports and reading offline work without waiting for the next page.
  event.waitUntil(Promise.all([self.clients.claim().catch(() => undefined), ...kept]));
});
