import { withoutLanguage } from "../i18n/languages.ts";
import {
  EXPLORER_INDICATOR_PATTERN,
  EXPLORER_VIEW_PATTERN,
  SCHOOL_GROUP_PATTERN,
  SPREAD_YEAR_PATTERN,
} from "./explorer-query.ts";
import { schoolResultsShapes, unkeptSchoolResultsParameters } from "./school-results-shapes.ts";
import { normalQueryValue } from "./query-value.ts";
import { comparisonQueryShapes } from "./states-comparison.ts";

// Which part of a public page's query makes a page of its own, for the server's kept pages
// (src/server/site/web-app.ts). Apart from routes.ts, which every page loads first (for `paths`): the
// patterns here are the server's and the explorer's only. Paths are compared in any case, as the router
// matches them (routes.ts says why).

/** The explorer's year is read only for "How the laws spread" (the default), its group only for schools. */
function explorerUnused(kept: URLSearchParams): string[] {
  const indicator = kept.get("indicator") ?? "spread";
  return [...(indicator === "spread" ? [] : ["year"]), ...(indicator === "schools" ? [] : ["group"])];
}

// The public pages whose content depends on their query: /changes's GET filter and paging, a record
// history's paging, the explorer's view and the school results' filters. Only these parameters, in this shape, make a page of its own; anything else is
// what the page reads as no filter, so a kept page is never rendered for a query the page ignores.
const pageQueryParameters: readonly {
  path: RegExp;
  parameters: Record<string, RegExp>;
  /** Drops what the page ignores given the rest (a year where no year is shown), so no copy is kept twice. */
  unused?: (kept: URLSearchParams) => string[];
  /** Rendered for the visitor but never kept (typed text): see pageKeeping. */
  unkept?: readonly string[];
  /** Many combinations, each asked for rarely: kept apart, in a small cache of their own (pageKeeping). */
  occasional?: readonly string[];
  /** Parameters that may be repeated (`status=passed&status=pending`): each value kept once, in order. */
  repeated?: readonly string[];
}[] = [
  { path: /^\/changes$/, parameters: { state: /^\d{1,2}$/, kind: /^[a-z]{1,12}$/, page: /^\d{1,6}$/ } },
  { path: /^\/(states|schools)\/\d{1,9}\/history$/, parameters: { page: /^\d{1,6}$/ } },
  // /states' table is filtered and sorted by its GET form and column links (states-comparison.ts), so it
  // works without JavaScript; thousands of combinations, so they are kept apart from the pages everyone reads.
  {
    path: /^\/states$/,
    parameters: {
      ...comparisonQueryShapes,
      indicator: EXPLORER_INDICATOR_PATTERN,
      view: EXPLORER_VIEW_PATTERN,
      year: SPREAD_YEAR_PATTERN,
      group: SCHOOL_GROUP_PATTERN,
    },
    unused: explorerUnused,
    occasional: Object.keys(comparisonQueryShapes),
    repeated: ["status"],
  },
  // The explorer renders the indicator, view, year and group a link names (src/web/features/explorer):
  // the year only for "How the laws spread" (the indicator shown by default), the group only for schools.
  {
    path: /^\/states\/\d{1,9}$/,
    parameters: {
      indicator: EXPLORER_INDICATOR_PATTERN,
      view: EXPLORER_VIEW_PATTERN,
      year: SPREAD_YEAR_PATTERN,
      group: SCHOOL_GROUP_PATTERN,
    },
    unused: explorerUnused,
  },
  // The school results page's filters and paging (school-results.ts): each from a fixed vocabulary, the
  // state and LGA checked by the page against the data (an unknown one is a 404, never kept).
  { path: /^\/schools$/, parameters: schoolResultsShapes, unkept: unkeptSchoolResultsParameters },
];

function pageQueryRule(pathname: string, languages: readonly string[]) {
  const bare = withoutLanguage(pathname.toLowerCase(), languages);
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
  return pageQueryParameters.find((rule) => rule.path.test(trimmed));
}

/**
 * The part of a public page's query that makes it a page of its own ("?state=25&page=2"), in a fixed order,
 * or "" for pages whose query is not theirs (the server renders and keeps one page per path and this).
 */
export function pageQuery(pathname: string, search: URLSearchParams, languages: readonly string[]): string {
  const rules = pageQueryRule(pathname, languages);
  if (!rules) return "";
  const kept = new URLSearchParams();
  for (const [name, shape] of Object.entries(rules.parameters)) {
    const given = rules.repeated?.includes(name) ? search.getAll(name) : search.getAll(name).slice(0, 1);
    const values = given.map(normalQueryValue).filter((value) => shape.test(value));
    for (const value of new Set(values)) kept.append(name, value);
  }
  for (const name of rules.unused?.(kept) ?? []) kept.delete(name);
  const text = kept.toString();
  return text ? `?${text}` : "";
}

/**
 * How the server keeps the page of this path and pageQuery for everyone: "kept" with the other pages;
 * "occasional" for one of many combinations (/states filtered and sorted), kept in a small cache of its
 * own so a run through them never pushes out the pages everyone reads; "never" when its query holds typed
 * text (the school results' name search), rendered for the one visitor who asked.
 */
export type PageKeeping = "kept" | "occasional" | "never";

export function pageKeeping(pathname: string, query: string, languages: readonly string[]): PageKeeping {
  const rule = pageQueryRule(pathname, languages);
  const search = new URLSearchParams(query);
  if ((rule?.unkept ?? []).some((name) => search.has(name))) return "never";
  if ((rule?.occasional ?? []).some((name) => search.has(name))) return "occasional";
  return "kept";
}
