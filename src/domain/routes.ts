import { withoutLanguage } from "../i18n/languages.ts";
import { disabilityGroups } from "./datasets/vocabulary.ts";

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
  estimates: () => "/data/estimates",
  school: (id: number) => `/schools/${id}`,
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
  /** The data desk (issue 28): find a record, edit it, review proposed changes. */
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
 * Pages rendered only in the browser (signed-in pages, links carrying a token). The server answers them
 * with the app shell and status 200; any other path without a prerendered page gets the shell with 404.
 * `languages` are the codes whose prefix the path may carry ("/yo/verify-email/…"). Required: a forgotten
 * list would treat "/yo/dashboard" as an unknown page, and the service worker would then cache a signed-in
 * page's shell.
 */
const clientOnlyPatterns = [/^\/dashboard(\/.*)?$/, secretLinkPath];

// Paths are compared in any case, as the router matches them ("/IG/Reset-Password/…" draws the Igbo reset
// page): compared case-sensitively, such a link was sent the "Page not found" HTML, which the browser's
// router then replaced with the page (a hydration error). Language codes are lower-case.
const inRouterCase = (pathname: string) => pathname.toLowerCase();

export function isClientOnlyPath(pathname: string, languages: readonly string[]): boolean {
  const bare = withoutLanguage(inRouterCase(pathname), languages);
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
  return clientOnlyPatterns.some((pattern) => pattern.test(trimmed));
}

// The public pages whose content depends on their query (issue 28): /changes's GET filter and paging, a
// record history's paging. Only these parameters, in this shape, make a page of its own; anything else is
// what the page reads as no filter, so a kept page is never rendered for a query the page ignores.
/** A year "How the laws spread" may be opened at (`?year=2015`): the server renders and keeps these only. */
export const SPREAD_YEAR_PATTERN = /^20\d{2}$/;

/** The explorer's indicators, views and the schools' disability groups a link may name (src/domain/explorer.ts). */
export const EXPLORER_INDICATOR_PATTERN = /^(status|spread|schools|reports)$/;
export const EXPLORER_VIEW_PATTERN = /^(chart|map|table)$/;
export const SCHOOL_GROUP_PATTERN = new RegExp(`^(${disabilityGroups.join("|")})$`);

const pageQueryParameters: readonly {
  path: RegExp;
  parameters: Record<string, RegExp>;
  /** Drops what the page ignores given the rest (a year where no year is shown), so no copy is kept twice. */
  unused?: (kept: URLSearchParams) => string[];
}[] = [
  { path: /^\/changes$/, parameters: { state: /^\d{1,2}$/, kind: /^[a-z]{1,12}$/, page: /^\d{1,6}$/ } },
  { path: /^\/(states|schools)\/\d{1,9}\/history$/, parameters: { page: /^\d{1,6}$/ } },
  // The explorer renders the indicator, view, year and group a link names (src/web/features/explorer):
  // the year only for "How the laws spread" (the indicator shown by default), the group only for schools.
  {
    path: /^\/states(\/\d{1,9})?$/,
    parameters: {
      indicator: EXPLORER_INDICATOR_PATTERN,
      view: EXPLORER_VIEW_PATTERN,
      year: SPREAD_YEAR_PATTERN,
      group: SCHOOL_GROUP_PATTERN,
    },
    unused: (kept) => {
      const indicator = kept.get("indicator") ?? "spread";
      return [...(indicator === "spread" ? [] : ["year"]), ...(indicator === "schools" ? [] : ["group"])];
    },
  },
];

/**
 * The part of a public page's query that makes it a page of its own ("?state=25&page=2"), in a fixed order,
 * or "" for pages whose query is not theirs (the server renders and keeps one page per path and this).
 */
export function pageQuery(pathname: string, search: URLSearchParams, languages: readonly string[]): string {
  const bare = withoutLanguage(inRouterCase(pathname), languages);
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
  const rules = pageQueryParameters.find((rule) => rule.path.test(trimmed));
  if (!rules) return "";
  const kept = new URLSearchParams();
  for (const [name, shape] of Object.entries(rules.parameters)) {
    const value = search.get(name)?.trim().toLowerCase();
    if (value !== undefined && shape.test(value)) kept.set(name, value);
  }
  for (const name of rules.unused?.(kept) ?? []) kept.delete(name);
  const text = kept.toString();
  return text ? `?${text}` : "";
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
