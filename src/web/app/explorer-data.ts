import type { AppLoadContext } from "react-router";
import type { School, StateRecord } from "../../domain/datasets/schemas";
import { explorerStates, type ExplorerState } from "../../domain/explorer";
import { formatAsOf, formatDay } from "../../domain/format";

// What the explorer (src/web/features/explorer) shows on /states and each state's page, made by their
// loaders on the server: each state's law, its schools by disability group (the published schools) and its
// verified eyewitness reports (the reports store), with each dataset's version and date for "Cite this".

/** A dataset's version as cited, and its date in the page's language. */
export interface ExplorerCitation {
  version: string;
  date: string;
}

export interface ExplorerData {
  states: ExplorerState[];
  /** Whether the reports store was read (not under `react-router dev`): else every state counts 0. */
  reportsCounted: boolean;
  citations: { states: ExplorerCitation; schools: ExplorerCitation; reports: ExplorerCitation };
}

const latest = (asOfs: readonly string[]) => asOfs.reduce((last, asOf) => (asOf > last ? asOf : last), "");

export async function explorerData(
  context: AppLoadContext,
  language: string,
  states: readonly StateRecord[],
  schools: readonly School[],
): Promise<ExplorerData> {
  // Absent under `react-router dev`, which renders without our server: then no report is counted.
  const verified = (await context.verifiedReports?.countByState()) ?? [];
  const statesAsOf = latest(states.map((state) => state.as_of));
  const schoolsAsOf = latest(schools.map((school) => school.as_of));
  // The reports are counted as the page is rendered (it is rendered again when a review changes them).
  const countedAt = new Date().toISOString();
  return {
    states: explorerStates(states, schools, verified),
    reportsCounted: context.verifiedReports !== undefined,
    citations: {
      states: { version: statesAsOf, date: formatAsOf(statesAsOf) },
      schools: { version: schoolsAsOf, date: formatAsOf(schoolsAsOf) },
      reports: { version: countedAt.slice(0, 10), date: formatDay(countedAt, language) },
    },
  };
}
