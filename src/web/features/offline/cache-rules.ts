import {
  isClientOnlyPath,
  isSignedInAreaPath,
  publishedDataPaths,
  routeManifestPath,
  staticPublicPaths,
} from "../../../domain/routes";
import { oneAddressOfEachScreen } from "../../../domain/screen-addresses";
import { localizePath, withoutLanguage } from "../../../i18n/languages";

// The site's languages (a folder each in src/i18n/catalogues): their pages are kept by the same rules as
// English's, the prefix aside (`/ha/dashboard` is as signed-in as `/dashboard`). Read from the folders at
// build time, so the worker and the page know the same list (the offline page uses it too).
export const languageCodes = Object.keys(
  import.meta.glob("../../../i18n/catalogues/*/language.json", { eager: true, import: "status" }),
).map((file) => file.split("/").at(-2) ?? "");

// What the service worker (sw.ts) may keep on the device, decided by path alone so the page and the worker
// agree. Public pages and the files they load are kept; nothing that can carry a person's data is: API
// answers (accounts, "My reports", reviews, roles) and media are always left to the network, and so are
// the signed-in pages.

/** The worker's caches; a new name (a new version) makes the worker delete the old cache on activation. */
export const cacheNames = {
  pages: "atlas-pages-v1",
  assets: "atlas-assets-v1",
  routes: "atlas-routes-v1",
} as const;

/** The prefix of every runtime cache of this site (Workbox's precache has its own names). */
export const cachePrefix = "atlas-";

/**
 * - `page`: a public page (network first, the kept copy when offline);
 * - `route-data`: the data React Router fetches when moving to a public page (`/states/1.data`), and the
 *   full published records the pages load when asked (`/published/schools.json`), kept the same way;
 * - `asset`: a built file whose name carries its hash (`/assets/…`), which never changes (cache first);
 * - `route-manifest`: React Router's answer to which routes the page's links lead to (`/__manifest?…`),
 *   kept so links to kept pages still work offline (network first; offline, every route this build's
 *   kept answers name);
 * - `none`: never kept.
 */
export type CacheRule = "page" | "route-data" | "asset" | "route-manifest" | "none";

const neverKept = /^\/(api|media)(\/|$)/;
const hasFileExtension = /\/[^/]*\.[^/]*$/;

export function cacheRuleFor(pathname: string): CacheRule {
  if (neverKept.test(pathname)) return "none";
  if (pathname.startsWith("/assets/")) return "asset";
  if (pathname === routeManifestPath) return "route-manifest";
  if ((Object.values(publishedDataPaths) as string[]).includes(pathname)) return "route-data";
  if (pathname.endsWith(".data")) {
    // "/_root.data" is the root layout's data; "/states/1.data" is /states/1's.
    const page = pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
    // "/ha.data" is the Hausa home page's data.
    return isKeptPage(page) ? "route-data" : "none";
  }
  return isKeptPage(pathname) ? "page" : "none";
}

function isKeptPage(pathname: string): boolean {
  // Other files (sw.js itself, robots.txt) are not pages; the few the app needs offline are precached.
  return (
    !neverKept.test(pathname) &&
    !isClientOnlyPath(pathname, languageCodes) &&
    !isSignedInAreaPath(pathname, languageCodes) &&
    !hasFileExtension.test(pathname)
  );
}

const prerenderedWithId = /^\/(states|schools)\/\d+$/;

/**
 * The data file React Router fetches to move to a prerendered page within the app (`/states/25.data`, and
 * `/_root.data` for the home page), or null for a page without one. The worker keeps it with the page, so a
 * link to a page kept while online also works offline.
 */
export function routeDataPathFor(pathname: string): string | null {
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (page === "/") return "/_root.data";
  // A page in another language has the English page's data file under its prefix ("/ha/states/25.data",
  // "/ha.data" for the Hausa home page).
  const english = withoutLanguage(page, languageCodes);
  const prerendered =
    (staticPublicPaths as readonly string[]).includes(english) || prerenderedWithId.test(english);
  return prerendered ? `${page}.data` : null;
}

/** The message a page sends the worker, once, so the page it was first opened on (before the worker
 *  existed) and that page's files are kept too. */
export interface CacheVisitedMessage {
  type: "cache-visited";
  urls: string[];
  /** The page's build (React Router's manifest version), so the worker keeps every route of that build. */
  routesVersion?: string;
}

export function isCacheVisitedMessage(data: unknown): data is CacheVisitedMessage {
  if (typeof data !== "object" || data === null) return false;
  const message = data as Partial<CacheVisitedMessage>;
  return (
    message.type === "cache-visited" &&
    (message.routesVersion === undefined || typeof message.routesVersion === "string") &&
    Array.isArray(message.urls) &&
    message.urls.every((url) => typeof url === "string")
  );
}

/**
 * The routes of every kept route-manifest answer of one build (`version`), as one answer: offline, a page
 * may ask for its links' routes in another batch than it did online, and any route already known to the
 * page is simply ignored by React Router. Null when none of that build's answers is kept.
 */
export function mergedRouteManifest(kept: readonly unknown[]): Record<string, unknown> | null {
  let merged: Record<string, unknown> | null = null;
  for (const routes of kept) {
    if (typeof routes !== "object" || routes === null || Array.isArray(routes)) continue;
    merged = { ...(merged ?? {}), ...(routes as Record<string, unknown>) };
  }
  return merged;
}

/**
 * The route-manifest questions that name every screen of one build (`version`), one per language: a page
 * asks only for the routes its links lead to, so without these a screen never linked from a page seen
 * online (a signed-in one, reached offline from the account menu) could not be found offline. One question
 * per language keeps each address well within the length React Router answers (7,680 characters).
 */
export function everyRouteQuestions(version: string): string[] {
  return languageCodes.map((language) => {
    const addresses = oneAddressOfEachScreen.map((path) => localizePath(path, language));
    return `${routeManifestPath}?${new URLSearchParams({ paths: addresses.join(","), version }).toString()}`;
  });
}
