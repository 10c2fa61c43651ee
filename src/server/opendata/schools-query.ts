import { lgasByState } from "../../domain/reports/report-lgas";
import { sameState } from "../../domain/datasets/state-names";
import { openDataMessages } from "../../domain/opendata/messages";
import { lgaSlug, schoolResults, type ResolvedSchoolFilter } from "../../domain/school-results";
import { schoolFilterParameterOf, schoolResultsValue } from "../../domain/school-results-query";
import type { SchoolResultsParameter } from "../../domain/school-results-shapes";
import type { School } from "../../domain/datasets/schemas";
import {
  boardingKinds,
  disabilityGroups,
  ownershipKinds,
  schoolTypes,
} from "../../domain/datasets/vocabulary";
import { invalidParameter, singleParameter as single, type Query } from "../http/query-params";

// ?lga=&group=&boarding=&ownership=&type=&name= of /open/schools.{json,csv}: the filters of the school
// results page (/schools), written as it writes them, so its "Download these schools" gives the rows it
// shows. Anything the page would not write is a 400 naming the parameter, never a silent "every school".

/**
 * The school results filters besides the state (which stateFrom reads for every dataset) and the type (the
 * reports' too): one per field the data desk describes as filtering.
 */
const schoolFilterParameters = Object.values(schoolFilterParameterOf).filter(
  (parameter) => parameter !== "state" && parameter !== "type",
);

export interface SchoolsDownloadFilter {
  /** The filter as the results page applies it. */
  filter: ResolvedSchoolFilter;
  /** The address's filters in their canonical form (for the JSON's description and the file name). */
  described: Record<string, string>;
}

function vocabularyValue<T extends string>(
  query: Query,
  name: SchoolResultsParameter,
  options: readonly T[],
): T | "" {
  const raw = single(query, name);
  if (raw === undefined) return "";
  const value = schoolResultsValue(name, raw);
  const found = options.find((option) => option === value);
  if (!found) throw invalidParameter(name, openDataMessages.badSchoolFilter(name, options));
  return found;
}

/**
 * The school filters of a schools download, or null when it has none (the whole dataset, or one state's,
 * as before). `type` is the school type here (reports read their own). Other datasets refuse them.
 */
export function schoolsFilterFrom(
  query: Query,
  dataset: string,
  state: { name: string } | null,
): SchoolsDownloadFilter | null {
  if (dataset !== "schools") {
    for (const parameter of schoolFilterParameters) {
      if (single(query, parameter) !== undefined) {
        throw invalidParameter(parameter, openDataMessages.schoolsOnly(parameter));
      }
    }
    return null;
  }
  const group = vocabularyValue(query, "group", disabilityGroups);
  const boarding = vocabularyValue(query, "boarding", boardingKinds);
  const ownership = vocabularyValue(query, "ownership", ownershipKinds);
  const type = vocabularyValue(query, "type", schoolTypes);
  const rawName = single(query, "name");
  const name = rawName === undefined ? "" : schoolResultsValue("name", rawName);
  if (name === undefined) throw invalidParameter("name", openDataMessages.badSchoolName);
  const rawLga = single(query, "lga");
  let lgaName: string | null = null;
  if (rawLga !== undefined) {
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
