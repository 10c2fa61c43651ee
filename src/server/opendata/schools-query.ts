import { lgasByState } from "../../domain/reports/report-lgas";
import { sameState } from "../../domain/datasets/state-names";
import { openDataMessages } from "../../domain/opendata/messages";
import { lgaSlug, schoolResults, type ResolvedSchoolFilter } from "../../domain/school-results";
import { schoolFilterParameterOf } from "../../domain/school-results-query";
import type { School } from "../../domain/datasets/schemas";
import { schoolTypes } from "../../domain/datasets/vocabulary";
import { invalidParameter } from "../http/query-params";
import type { OpenFileQuery } from "./report-query";

// ?lga=&group=&boarding=&ownership=&type=&name= of /open/schools.{json,csv}: the filters of the school
// results page (/schools), written as it writes them, so its "Download these schools" gives the rows it
// shows. The route's query schema reads each value (one the page would not write is a 400 naming the
// parameter, never a silent "every school"); here, what needs the dataset or the data: `type` must be a
// school type, and `lga` one of the state's.

/**
 * The school results filters besides the state (which stateFrom reads for every dataset) and the type (the
 * reports' too): one per field the data desk describes as filtering.
 */
export const schoolFilterParameters = Object.values(schoolFilterParameterOf).filter(
  (parameter) => parameter !== "state" && parameter !== "type",
);

export interface SchoolsDownloadFilter {
  /** The filter as the results page applies it. */
  filter: ResolvedSchoolFilter;
  /** The address's filters in their canonical form (for the JSON's description and the file name). */
  described: Record<string, string>;
}

/**
 * The school filters of a schools download, or null when it has none (the whole dataset, or one state's,
 * as before). `type` is the school type here (reports read their own). Other datasets take none
 * (other-dataset-filters.ts has refused them).
 */
export function schoolsFilterFrom(
  query: OpenFileQuery,
  dataset: string,
  state: { name: string } | null,
): SchoolsDownloadFilter | null {
  if (dataset !== "schools") return null;
  const { group = "", boarding = "", ownership = "", name = "" } = query;
  // The schema takes a comment type too (the reports' filter of the same name).
  const type = query.type === undefined ? "" : schoolTypes.find((known) => known === query.type);
  if (type === undefined)
    throw invalidParameter("type", openDataMessages.badSchoolFilter("type", schoolTypes));
  let lgaName: string | null = null;
  if (query.lga !== undefined) {
    const rawLga = query.lga;
    if (!state) throw invalidParameter("lga", openDataMessages.lgaNeedsState);
    const lgas = lgasByState.find((entry) => sameState(entry.state, state.name))?.lgas ?? [];
    lgaName = lgas.find((candidate) => lgaSlug(candidate) === lgaSlug(rawLga)) ?? null;
    if (!lgaName) throw invalidParameter("lga", openDataMessages.badLga(state.name));
  }
  const described: Record<string, string> = {};
  if (lgaName) described.lga = lgaSlug(lgaName);
  if (group) described.group = group;
  if (boarding) described.boarding = boarding;
  if (ownership) described.ownership = ownership;
  if (type) described.type = type;
  if (name) described.name = name;
  if (Object.keys(described).length === 0) return null;
  return {
    filter: { stateName: state?.name ?? null, lgaName, group, boarding, ownership, type, name },
    described,
  };
}

/** The ids of the directory's schools the filter keeps (closed schools are never in a results list). */
export function filteredSchoolIds(schools: readonly School[], filter: ResolvedSchoolFilter): Set<number> {
  return new Set(schoolResults(schools, filter).map((school) => school.id));
}
