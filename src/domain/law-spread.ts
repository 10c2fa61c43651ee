import type { StateRecord } from "./datasets/schemas";
import { lawStatusKey, type LawStatusKey } from "./law-status";
import { csvRecord } from "./opendata/csv";
import { SPREAD_YEAR_PATTERN } from "./explorer-query";
import { compareText } from "./text-order";

// "How the laws spread": how many states had passed a disability law by each year, and which,
// counted from the published states data (`status` and `law.year`). A state counts from the year its law
// passed; a state recorded as "Passed" without a year is in no year's count and is named apart, so no
// figure claims a year the data does not hold. Pure functions: the page, the explorer and the tests share them.

/** The first year the chart and the year control show: Plateau's law, the oldest in the data, is of 2005. */
export const FIRST_SPREAD_YEAR = 2005;

/** What the spread needs of a state's record. */
export interface StateLaw {
  id: number;
  name: string;
  statusKey: LawStatusKey;
  /** The year the law passed, when the data records it (only for a passed law). */
  year: number | null;
}

export function stateLaws(states: readonly StateRecord[]): StateLaw[] {
  return states
    .map((state) => ({
      id: state.id,
      name: state.state,
      statusKey: lawStatusKey(state.status),
      year: lawStatusKey(state.status) === "passed" ? state.law.year : null,
    }))
    .sort((a, b) => compareText(a.name, b.name));
}

export interface SpreadYear {
  year: number;
  /** States whose law passed that year, by name. */
  passedThatYear: string[];
  /** States with a passed law by the end of that year (the step chart's height). */
  total: number;
}

/** The last year shown: the year the data was compiled (`as_of`, "2026-11"), or a later law's year. */
export function lastSpreadYear(laws: readonly StateLaw[], asOf: string): number {
  const compiled = Number.parseInt(asOf.slice(0, 4), 10);
  const latestLaw = Math.max(FIRST_SPREAD_YEAR, ...laws.map((law) => law.year ?? FIRST_SPREAD_YEAR));
  return Math.max(Number.isFinite(compiled) ? compiled : FIRST_SPREAD_YEAR, latestLaw);
}

/**
 * One entry per year from `from` to `to`: the laws passed that year and the running total. Laws older than
 * `from` count in the first year's total.
 */
export function spreadByYear(laws: readonly StateLaw[], from: number, to: number): SpreadYear[] {
  const years: SpreadYear[] = [];
  for (let year = from; year <= to; year++) {
    years.push({
      year,
      passedThatYear: laws.filter((law) => law.year === year).map((law) => law.name),
      total: passedBy(laws, year).length,
    });
  }
  return years;
}

/** The states whose law had passed by the end of `year`, by name. */
export function passedBy(laws: readonly StateLaw[], year: number): string[] {
  return laws.filter((law) => law.year !== null && law.year <= year).map((law) => law.name);
}

/** States recorded as having passed a law, without the year it passed. */
export function passedWithoutYear(laws: readonly StateLaw[]): string[] {
  return laws.filter((law) => law.statusKey === "passed" && law.year === null).map((law) => law.name);
}

/** The year a URL asks for, kept within the years shown; anything else is the last year. */
export function spreadYearFrom(value: string | null, from: number, to: number): number {
  // Only the years the server renders a page for (routes.ts), or hydration would not match.
  const year = value && SPREAD_YEAR_PATTERN.test(value) ? Number(value) : to;
  return Math.min(Math.max(year, from), to);
}

/** The table by year as CSV, under the column names given (in the page's language). */
export function spreadCsv(
  years: readonly SpreadYear[],
  columns: { year: string; passedThatYear: string; total: string },
): string {
  return (
    csvRecord([columns.year, columns.passedThatYear, columns.total]) +
    years.map((entry) => csvRecord([entry.year, entry.passedThatYear.join("; "), entry.total])).join("")
  );
}
