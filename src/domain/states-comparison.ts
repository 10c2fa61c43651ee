import type { School, StateRecord } from "./datasets/schemas";
import { sameState } from "./datasets/state-names";
import { zoneOf, zones, type Zone } from "./datasets/zones";
import {
  lawStatusCategories,
  lawStatusesAsked,
  lawStatusKey,
  lawStatusRank,
  NO_LAW_YET,
  type LawStatusKey,
} from "./law-status";
import { normalQueryValue } from "./query-value";
import { compareText } from "./text-order";

// The /states table: one row per state, sorted and filtered by what the URL says (?zone=&status=&sort=&dir=),
// so a shared link shows the same view. Pure functions, shared by the page and its tests.

export interface StateRow {
  id: number;
  name: string;
  zone: Zone | null;
  status: string;
  statusKey: LawStatusKey;
  year: number | null;
  lawTitle: string;
  agency: string;
  /** SDIR 2024 rank as a number (1 for "1st"), null when the state is not ranked in the data. */
  rank: number | null;
  score: number | null;
  schools: number;
}

export function stateRows(
  states: readonly StateRecord[],
  schools: readonly Pick<School, "state">[],
): StateRow[] {
  return states.map((state) => ({
    id: state.id,
    name: state.state,
    zone: zoneOf(state.state),
    status: state.status,
    statusKey: lawStatusKey(state.status),
    year: state.law.year,
    lawTitle: state.law.name,
    agency: state.agency,
    rank: state.ranking ? Number.parseInt(state.ranking, 10) : null,
    score: state.score,
    schools: schools.filter((school) => sameState(school.state, state.state)).length,
  }));
}

export const sortKeys = [
  "state",
  "zone",
  "status",
  "year",
  "law",
  "agency",
  "rank",
  "score",
  "schools",
  "reports",
] as const;
export type SortKey = (typeof sortKeys)[number];
export type SortDirection = "ascending" | "descending";

export interface ComparisonView {
  zone: Zone | null;
  /** The law statuses shown (`?status=` repeated), in the categories' order; empty: every status. */
  status: LawStatusKey[];
  sort: SortKey;
  dir: SortDirection;
}

export const defaultView: ComparisonView = { zone: null, status: [], sort: "state", dir: "ascending" };

const directions: readonly SortDirection[] = ["ascending", "descending"];

/** The values each parameter of /states' query may take (compared in lowercase). */
const comparisonQueryValues = {
  zone: zones,
  status: [...lawStatusCategories.map((category) => category.key), NO_LAW_YET],
  sort: sortKeys,
  dir: directions,
} as const;

/**
 * The view a URL's query asks for; unknown values fall back to the default rather than failing. Values are
 * compared as the server compares them when it renders the page for its query (query-value.ts), so the
 * page's first render in the browser matches the HTML it was sent.
 */
export function viewFromParams(params: URLSearchParams): ComparisonView {
  const given = (name: string) => normalQueryValue(params.get(name) ?? "");
  const known = <T extends string>(name: string, values: readonly T[]) =>
    values.find((candidate) => candidate.toLowerCase() === given(name));
  return {
    zone: known("zone", comparisonQueryValues.zone) ?? null,
    status: lawStatusesAsked(params.getAll("status").map(normalQueryValue)),
    sort: known("sort", comparisonQueryValues.sort) ?? defaultView.sort,
    dir: known("dir", comparisonQueryValues.dir) ?? defaultView.dir,
  };
}

/** The shapes of the query viewFromParams reads, for the server's rendering of /states (page-query.ts). */
export const comparisonQueryShapes: Record<string, RegExp> = Object.fromEntries(
  Object.entries(comparisonQueryValues).map(([name, values]: [string, readonly string[]]) => [
    name,
    new RegExp(`^(${values.map((value) => value.toLowerCase()).join("|")})$`),
  ]),
);

/** The query for a view, leaving out what is the default, so links stay short. */
export function paramsFromView(view: ComparisonView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.zone) params.set("zone", view.zone);
  for (const status of view.status) params.append("status", status);
  if (view.sort !== defaultView.sort) params.set("sort", view.sort);
  if (view.dir !== defaultView.dir) params.set("dir", view.dir);
  return params;
}

type SortValue = string | number | null;

/**
 * Verified eyewitness reports per state id, fetched by the page after it loads; null while unknown (not
 * loaded yet, or failed), so those cells sort last rather than as 0.
 */
export type ReportCounts = ReadonlyMap<number, number> | null;

/** The counts answer of GET /api/v1/eyewitness/published/counts, as a map by state id. */
export function reportCountsFrom(
  counts: readonly { stateId: number; verified: number }[],
): Map<number, number> {
  return new Map(counts.map((entry) => [entry.stateId, entry.verified]));
}

function valueOf(row: StateRow, key: SortKey, reports: ReportCounts): SortValue {
  switch (key) {
    case "state":
      return row.name;
    case "zone":
      return row.zone;
    case "status":
      return lawStatusRank(row.status);
    case "year":
      return row.year;
    case "law":
      return row.lawTitle || null;
    case "agency":
      return row.agency || null;
    case "rank":
      return row.rank;
    case "score":
      return row.score;
    case "schools":
      return row.schools;
    case "reports":
      return reports?.get(row.id) ?? null;
  }
}

/** Rows of the view: filtered, then sorted; unknown values (no year, not ranked) always come last. */
export function comparisonRows(
  rows: readonly StateRow[],
  view: ComparisonView,
  reports: ReportCounts = null,
): StateRow[] {
  const filtered = rows.filter(
    (row) =>
      (!view.zone || row.zone === view.zone) &&
      (view.status.length === 0 || view.status.includes(row.statusKey)),
  );
  const sign = view.dir === "ascending" ? 1 : -1;
  return filtered
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = valueOf(a.row, view.sort, reports);
      const y = valueOf(b.row, view.sort, reports);
      if (x === null || y === null) {
        if (x === y) return compareText(a.row.name, b.row.name);
        return x === null ? 1 : -1;
      }
      const order =
        typeof x === "number" && typeof y === "number" ? x - y : compareText(String(x), String(y));
      return order === 0 ? compareText(a.row.name, b.row.name) : sign * order;
    })
    .map(({ row }) => row);
}
