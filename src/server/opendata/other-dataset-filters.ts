import type { OpenDatasetId } from "../../domain/opendata/datasets";
import { openDataMessages } from "../../domain/opendata/messages";
import { invalidParameter } from "../http/query-params";
import type { HttpError } from "../http/errors";
import { schoolFilterParameters } from "./schools-query";

// The filters one dataset takes and another does not: zone and status filter the states (states-query.ts),
// lga, group, boarding, ownership and name the schools (schools-query.ts). Given to another of the
// published datasets, such a filter is refused as such, whatever its value, and before the query schema
// reads the value: "The parameter group filters the schools dataset only." says what to change on
// states.csv?group=x, where "group must be one of…" would not. The reports take none of them and have
// always let them by; the state and the type are every dataset's, or both the reports' and the schools'.

const onlyOne: readonly (readonly [parameter: string, dataset: OpenDatasetId])[] = [
  ["zone", "states"],
  ["status", "states"],
  ...schoolFilterParameters.map((parameter) => [parameter, "schools"] as const),
];

/** The refusal of a filter of another dataset in `query` (as sent: not read yet), or null. */
export function filterOfAnotherDataset(
  dataset: OpenDatasetId,
  query: Readonly<Record<string, unknown>>,
): HttpError | null {
  if (dataset === "reports") return null;
  for (const [parameter, takenBy] of onlyOne) {
    const given = query[parameter];
    if (takenBy === dataset || given === undefined || given === "") continue;
    return invalidParameter(
      parameter,
      takenBy === "states" ? openDataMessages.statesOnly(parameter) : openDataMessages.schoolsOnly(parameter),
    );
  }
  return null;
}
