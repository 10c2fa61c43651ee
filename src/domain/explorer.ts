import type { School, StateRecord } from "./datasets/schemas";
import { sameState } from "./datasets/state-names";
import { disabilityGroups } from "./datasets/vocabulary";
import { lawStatusCategories, type LawStatusKey } from "./law-status";
import { stateLaws, type StateLaw } from "./law-spread";
import { csvRecord } from "./opendata/csv";
import { EXPLORER_INDICATOR_PATTERN, EXPLORER_VIEW_PATTERN, SCHOOL_GROUP_PATTERN } from "./explorer-query";
import { compareText } from "./text-order";

// The explorer on /states and each state's page: one indicator at a time (the law's status, the year it
// passed, the schools listed, the verified eyewitness reports), as a chart, a map or a table. Its figures are
// counted here, from what the pages' loaders read on the server, so the page, the downloads and the tests
// agree. Pure functions, no I/O.

export const explorerIndicators = ["status", "spread", "schools", "reports"] as const;
export type ExplorerIndicator = (typeof explorerIndicators)[number];
/** The indicator a link without one shows: the explorer began as "How the laws spread". */
export const DEFAULT_INDICATOR: ExplorerIndicator = "spread";

export const explorerViews = ["chart", "map", "table"] as const;
export type ExplorerView = (typeof explorerViews)[number];

/** The URL's query names: a shared link shows the same view. */
export const explorerParams = {
  indicator: "indicator",
  view: "view",
  year: "year",
  group: "group",
} as const;

export type SchoolGroup = (typeof disabilityGroups)[number];
/** "All groups" is the absence of `group`; only the six groups of the schools data are a value. */
export const schoolGroups = disabilityGroups;

/** What the explorer shows of one state: its law, its schools by group, its verified reports. */
export interface ExplorerState extends StateLaw {
  /** Schools listed in the state: all of them, and those serving each disability group. */
  schools: { all: number } & Record<SchoolGroup, number>;
  /** Verified (published) eyewitness reports placed in the state. */
  verified: number;
}

/** The explorer's rows, by state name, from the published states and schools and the verified reports. */
export function explorerStates(
  states: readonly StateRecord[],
  schools: readonly Pick<School, "state" | "disability_groups">[],
  verifiedByState: readonly { stateId: number; verified: number }[],
): ExplorerState[] {
  const verified = new Map(verifiedByState.map((entry) => [entry.stateId, entry.verified]));
  return stateLaws(states).map((law) => {
    const own = schools.filter((school) => sameState(school.state, law.name));
    const byGroup = Object.fromEntries(
      schoolGroups.map((group) => [
        group,
        own.filter((school) => school.disability_groups.includes(group)).length,
      ]),
    ) as Record<SchoolGroup, number>;
    return { ...law, schools: { all: own.length, ...byGroup }, verified: verified.get(law.id) ?? 0 };
  });
}

/** A value of the URL read as the server reads it (trimmed, lower case), or null. */
function shaped(value: string | null, pattern: RegExp): string | null {
  const cleaned = value?.trim().toLowerCase() ?? "";
  return pattern.test(cleaned) ? cleaned : null;
}

export function indicatorFrom(value: string | null): ExplorerIndicator {
  return (shaped(value, EXPLORER_INDICATOR_PATTERN) as ExplorerIndicator | null) ?? DEFAULT_INDICATOR;
}

export function viewFrom(value: string | null): ExplorerView {
  return (shaped(value, EXPLORER_VIEW_PATTERN) as ExplorerView | null) ?? "chart";
}

/** The disability group a link names, or null for all of them. */
export function schoolGroupFrom(value: string | null): SchoolGroup | null {
  return shaped(value, SCHOOL_GROUP_PATTERN) as SchoolGroup | null;
}

/** The states in each law status, furthest first, each with the names in it. */
export function statusBreakdown(
  states: readonly StateLaw[],
): { key: LawStatusKey; count: number; states: string[] }[] {
  return lawStatusCategories.map(({ key }) => {
    const named = states.filter((state) => state.statusKey === key).map((state) => state.name);
    return { key, count: named.length, states: named };
  });
}

export type CountIndicator = "schools" | "reports";

export interface StateCount {
  id: number;
  name: string;
  count: number;
}

/** Each state's count for a count indicator (schools of a group, or all; verified reports), by name. */
export function stateCounts(
  states: readonly ExplorerState[],
  indicator: CountIndicator,
  group: SchoolGroup | null = null,
): StateCount[] {
  return states.map((state) => ({
    id: state.id,
    name: state.name,
    count: indicator === "reports" ? state.verified : state.schools[group ?? "all"],
  }));
}

/** The counts largest first (the chart's order); equal counts by name. */
export function rankedCounts(counts: readonly StateCount[]): StateCount[] {
  return [...counts].sort((a, b) => b.count - a.count || compareText(a.name, b.name));
}

/** What the sentence says of counts: the total, the states with any, and the state(s) with the most. */
export function countFacts(counts: readonly StateCount[]): {
  total: number;
  states: number;
  most: number;
  mostIn: string[];
} {
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  const most = Math.max(0, ...counts.map((entry) => entry.count));
  return {
    total,
    states: counts.filter((entry) => entry.count > 0).length,
    most,
    mostIn: most === 0 ? [] : counts.filter((entry) => entry.count === most).map((entry) => entry.name),
  };
}

/** A class of the map: the counts from `min` to `max`, both included. */
export interface CountClass {
  min: number;
  max: number;
}

/**
 * The map's classes for these counts: none, then up to three ranges holding about as many states each (a
 * few states hold most schools, so even ranges would put nearly every state in the first). Few classes, so
 * each is told apart by its pattern as well as its colour, and the legend stays short.
 */
export function countClasses(counts: readonly number[]): CountClass[] {
  const classes: CountClass[] = [{ min: 0, max: 0 }];
  const some = counts.filter((count) => count > 0).sort((a, b) => a - b);
  let min = 1;
  for (const share of [1 / 3, 2 / 3, 1]) {
    const max = some[Math.min(some.length - 1, Math.ceil(share * some.length) - 1)];
    if (max === undefined || max < min) continue;
    classes.push({ min, max });
    min = max + 1;
  }
  return classes;
}

export function classOfCount(classes: readonly CountClass[], count: number): number {
  const found = classes.findIndex((range) => count >= range.min && count <= range.max);
  return found === -1 ? classes.length - 1 : found;
}

/** A table as CSV, under the column names given (in the page's language). */
export function tableCsv(
  columns: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  return csvRecord([...columns]) + rows.map((row) => csvRecord([...row])).join("");
}
