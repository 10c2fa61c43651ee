import { withoutLanguage } from "../i18n/languages.ts";

// Every path of the web app is built here, so links, the prerender list and the server's fallback agree.

export const paths = {
  home: () => "/",
  homeWithState: (stateSlug: string) => `/?state=${encodeURIComponent(stateSlug)}`,
  about: () => "/about",
  blog: () => "/blog",
  opportunities: () => "/opportunities",
  sdir: () => "/sdir",
  eyewitness: () => "/eyewitnesspage",
  publishedReports: () => "/eyewitness-reports",
  publishedReport: (id: string) => `/eyewitness-reports/${encodeURIComponent(id)}`,
  states: () => "/states",
  openData: () => "/data",
  state: (id: number) => `/states/${id}`,
  /** The picture a shared link to a state's page shows (`og:image`), drawn by the server. */
  stateSocialCard: (id: number) => `/social/states/${id}.png`,
  estimates: () => "/data/estimates",
  school: (id: number) => `/schools/${id}`,
  /** The school results page; `query` as school-results.ts writes it ("?state=kano&group=hearing"). */
  schools: (query = "") => `/schools${query}`,
  /** Every published change to the data; `query` as built by the /changes filter ("?state=25&kind=school"). */
  changes: (query = "") => `/changes${query}`,
  stateHistory: (id: number | string) => `/states/${id}/history`,
  schoolHistory: (id: number | string) => `/schools/${id}/history`,
  /** The form for a mistake in a translation; `page` is the address the visitor came from. */
  translationFeedback: (page?: string) =>
    page ? `/translation-feedback?page=${encodeURIComponent(page)}` : "/translation-feedback",
  register: () => "/register",
  login: () => "/login",
  forgotPassword: () => "/forgot-password",
  verifyEmail: (token: string) => `/verify-email/${encodeURIComponent(token)}`,
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  dashboard: () => "/dashboard",
  myReports: () => "/dashboard/my-reports",
  profile: () => "/dashboard/profile",
  reviews: () => "/dashboard/reviews",
  userRoles: () => "/dashboard/user-roles",
  /** The data desk: find a record, edit it, review proposed changes. */
  dataDesk: () => "/dashboard/data",
  dataRecord: (kind: string, id: string) =>
    `/dashboard/data/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
  dataNewSchool: () => "/dashboard/data/new-school",
  /** Schools from a CSV with schools.csv's columns: a dry run, then one proposed change. */
  dataImport: () => "/dashboard/data/import",
  dataChanges: () => "/dashboard/data/changes",
  /** Uploaded documents (PDFs) and the upload form. */
  dataDocuments: () => "/dashboard/data/documents",
  /** The "Page not found" page, prerendered here and sent (status 404) for unknown paths. */
  notFoundPage: () => "/not-found",
} as const;

/**
 * The full published records the browser loads when it needs them (every state's record when a state is
 * first chosen on the home page, the schools' list when the directory opens): answered by the server from
 * the data as published now (decision record 0019), kept by the service worker like a page's data.
 */
export const publishedDataPaths = {
  states: "/published/states.json",
  schools: "/published/schools.json",
} as const;
export type PublishedDataName = keyof typeof publishedDataPaths;

/**
 * Where the browser asks React Router for the routes its links lead to (lazy route discovery,
 * react-router.config.ts): `?paths=/a,/b&version=<build>`, answered by the server and kept by the service
 * worker.
 */
export const routeManifestPath = "/__manifest";

/** Public pages without parameters, rendered on the server (decision record 0019). */
export const staticPublicPaths = [
  paths.home(),
  paths.about(),
  paths.blog(),
  paths.opportunities(),
  paths.sdir(),
  paths.eyewitness(),
  paths.states(),
  paths.estimates(),
  // The shell and introduction are prerendered; the verified reports themselves are fetched in the browser.
  paths.publishedReports(),
  paths.openData(),
  paths.translationFeedback(),
  paths.register(),
  paths.login(),
  paths.forgotPassword(),
  paths.notFoundPage(),
];

// The pages of e-mailed links, whose path carries a one-time secret: one list for the rules below.
const secretLinkPages = "verify-email|reset-password";
const secretLinkPath = new RegExp(`^\\/(${secretLinkPages})(\\/|$)`);

/**
 * The signed-in area's pages, as the web app's route config declares them (src/web/app/routes.ts; a test
 * there holds the two together). Any other path under /dashboard is an unknown page: the server renders
 * the "Page not found" of its language (404), as for any unknown path, rather than an app shell that
 * could only say, in English, that the page could not be shown.
 */
const dashboardPages =
  /^\/dashboard(\/(my-reports|profile|reviews|user-roles|data(\/(new-school|import|changes|documents|[^/]+\/[^/]+))?))?$/;

/**
 * Pages rendered only in the browser (signed-in pages, links carrying a token). The server answers them
 * with the app shell and status 200; any other path without a prerendered page gets the shell with 404.
 * `languages` are the codes whose prefix the path may carry ("/yo/verify-email/…"). Required: a forgotten
 * list would treat "/yo/dashboard" as an unknown page.
 */
const clientOnlyPatterns = [dashboardPages, secretLinkPath];

// Paths are compared in any case, as the router matches them ("/IG/Reset-Password/…" draws the Igbo reset
// page): compared case-sensitively, such a link was sent the "Page not found" HTML, which the browser's
// router then replaced with the page (a hydration error). Language codes are lower-case.
const inRouterCase = (pathname: string) => pathname.toLowerCase();

export function isClientOnlyPath(pathname: string, languages: readonly string[]): boolean {
  const bare = withoutLanguage(inRouterCase(pathname), languages);
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
  return clientOnlyPatterns.some((pattern) => pattern.test(trimmed));
}

/**
 * Any path of the signed-in area, a page of it or not ("/yo/dashboard/…"): the service worker keeps none,
 * so nothing of a signed-in visit stays on a shared phone.
 */
export function isSignedInAreaPath(pathname: string, languages: readonly string[]): boolean {
  return /^\/dashboard(\/|$)/.test(withoutLanguage(inRouterCase(pathname), languages));
}

/** The pages of e-mailed links, whose path carries a one-time secret (never to be sent on as a Referer). */
export function isSecretLinkPath(pathname: string, languages: readonly string[]): boolean {
  return secretLinkPath.test(withoutLanguage(inRouterCase(pathname), languages));
}

const secretLinkAddress = new RegExp(`^((?:\\/[^/?#]+)?\\/(?:${secretLinkPages}))(?:[/?#]|$)`, "i");

/**
 * A page's address fit to pass on (to the translation feedback form, and from there to moderators): the
 * pages of e-mailed links lose their one-time token, in the path or the query, which would let whoever
 * reads it verify or reset someone else's account. Matched in any case and behind any first segment, as the
 * router matches them ("/HA/Reset-Password/…" opens the Hausa reset page).
 */
export function addressWithoutSecrets(pathname: string, search: string): string {
  const tokenPage = secretLinkAddress.exec(pathname);
  return tokenPage?.[1] ?? pathname + search;
}

/**
 * Unknown ids of the state and school pages get those pages' own "not found" (rendered by the app from the
 * app shell); every other unknown path gets the prerendered "Page not found", readable without JavaScript.
 * `languages` as for isClientOnlyPath.
 */
export function hasOwnNotFound(pathname: string, languages: readonly string[]): boolean {
  return /^\/(states|schools)\/[^/]+\/?$/.test(withoutLanguage(inRouterCase(pathname), languages));
}
