import { zones, type Zone } from "../../domain/datasets/zones";
import { isLawStatusChoice, lawStatusesAsked, type LawStatusKey } from "../../domain/law-status";
import { openDataMessages } from "../../domain/opendata/messages";
import { invalidParameter, singleParameter as single, type Query } from "../http/query-params";

// ?zone= and ?status= of /open/states.{json,csv}: the values /states puts in its address
// (zone=South+West, status=passed, status repeated for several: status=passed&status=pending), so its
// "Download these rows as CSV" link passes them on as they are. Anything else is a 400 naming the parameter,
// never a silent "every state".

/** "South West", also written south-west or SOUTH WEST. */
function zoneFrom(query: Query): Zone | null {
  const value = single(query, "zone")?.toLowerCase().replace(/[-_+]/g, " ");
  if (value === undefined) return null;
  const zone = zones.find((candidate) => candidate.toLowerCase() === value);
  if (!zone) throw invalidParameter("zone", openDataMessages.badZone);
  return zone;
}

/** The statuses asked for, each once, in the categories' order; null when none (empty values are none). */
function statusFrom(query: Query): LawStatusKey[] | null {
  const given = query.status;
  const values = (Array.isArray(given) ? (given as unknown[]) : given === undefined ? [] : [given]).map(
    (value) => {
      if (typeof value !== "string") throw invalidParameter("status", openDataMessages.badStatus);
      return value.trim().toLowerCase();
    },
  );
  const wanted = values.filter((value) => value !== "");
  if (!wanted.every(isLawStatusChoice)) throw invalidParameter("status", openDataMessages.badStatus);
  const keys = lawStatusesAsked(wanted);
  return keys.length > 0 ? keys : null;
}

/** The zone and law status a states download is limited to; schools and estimates take neither. */
export function statesFilterFrom(
  query: Query,
  dataset: "states" | "schools" | "estimates",
): { zone: Zone | null; status: LawStatusKey[] | null } {
  if (dataset !== "states") {
    for (const parameter of ["zone", "status"]) {
      if (single(query, parameter) !== undefined) {
        throw invalidParameter(parameter, openDataMessages.statesOnly(parameter));
      }
    }
    return { zone: null, status: null };
  }
  return { zone: zoneFrom(query), status: statusFrom(query) };
}
