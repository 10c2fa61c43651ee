import type { Zone } from "../../domain/datasets/zones";
import { lawStatusesAsked, type LawStatusKey } from "../../domain/law-status";
import type { OpenFileQuery } from "./report-query";

// ?zone= and ?status= of /open/states.{json,csv}: the values /states puts in its address
// (zone=South+West, status=passed, status repeated for several: status=passed&status=pending), so its
// "Download these rows as CSV" link passes them on as they are. The route's query schema reads them (a
// value it does not know is a 400 naming the parameter, never a silent "every state").

/**
 * The zone and law status a states download is limited to; schools and estimates take neither
 * (other-dataset-filters.ts has refused them).
 */
export function statesFilterFrom(
  query: Pick<OpenFileQuery, "zone" | "status">,
  dataset: "states" | "schools" | "estimates",
): { zone: Zone | null; status: LawStatusKey[] | null } {
  if (dataset !== "states") return { zone: null, status: null };
  // The statuses asked for, each once, in the categories' order ("no-law-yet" standing for its three).
  const status = lawStatusesAsked(query.status ?? []);
  return { zone: query.zone ?? null, status: status.length > 0 ? status : null };
}
