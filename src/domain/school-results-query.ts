import { boardingKinds, disabilityGroups, ownershipKinds, schoolTypes } from "./datasets/vocabulary";
import type { SchoolResultsQuery } from "./school-results";
import { schoolResultsShapes, type SchoolResultsParameter } from "./school-results-shapes";

// Reading the school results page's address, on the server (the page's loader, the CSV download): apart
// from school-results.ts so that the browser, which only writes addresses, never loads the shapes.

/** A parameter's value, trimmed, spaces collapsed and lower-cased, when it has its shape. */
export function schoolResultsValue(name: SchoolResultsParameter, raw: string | null | undefined) {
  const value = raw?.trim().replace(/\s+/g, " ").toLowerCase();
  return value !== undefined && schoolResultsShapes[name].test(value) ? value : undefined;
}

/**
 * The parameter that filters on each field the data desk describes as filtering (fields.ts), on the school
 * results page and on the schools download alike. A field described with `filters: true` and no parameter
 * here fails the tests of both (school-results.test.ts, schools-download.test.ts, openapi.test.ts).
 */
export const schoolFilterParameterOf: Readonly<Record<string, SchoolResultsParameter>> = {
  state: "state",
  local_government: "lga",
  disability_groups: "group",
  boarding: "boarding",
  ownership: "ownership",
  type: "type",
  name: "name",
};

function pick<T extends string>(options: readonly T[], value: string | undefined): T | "" {
  return options.find((option) => option === value) ?? "";
}

/** Reads the filters from an address's query; values without their shape are no filter. */
export function readSchoolResultsQuery(search: URLSearchParams): SchoolResultsQuery {
  const value = (name: SchoolResultsParameter) => schoolResultsValue(name, search.get(name));
  const state = value("state") ?? null;
  return {
    state,
    lga: state === null ? null : (value("lga") ?? null),
    group: pick(disabilityGroups, value("group")),
    boarding: pick(boardingKinds, value("boarding")),
    ownership: pick(ownershipKinds, value("ownership")),
    type: pick(schoolTypes, value("type")),
    name: value("name") ?? "",
    page: Number(value("page") ?? "1"),
  };
}
