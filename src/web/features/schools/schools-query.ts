import type { SchoolType } from "../../../domain/datasets/schemas";
import {
  boardingKinds,
  disabilityGroups,
  ownershipKinds,
  schoolTypes,
} from "../../../domain/datasets/vocabulary";
import type { SchoolFilters } from "../../../domain/school-search";
import { findStateByParam, type StateSummary } from "../../../domain/state-summaries";

// The Schools dialog in the home page's URL (a link shows the same view):
// /?state=lagos&schools=lagos&name=deaf&type=special&group=hearing. `schools` present means the dialog is
// open, its value is the state filter (a state's slug or id, `all` for every state); `name` and `type` are
// the applied search; `group`, `boarding` and `ownership` the other filters. Values that mean nothing are ignored rather than refused: a shared link always opens.

export const SCHOOLS_PARAM = "schools";
export const ALL_STATES = "all";
const SEARCH_PARAMS = [SCHOOLS_PARAM, "name", "type", "group", "boarding", "ownership"] as const;

export interface SchoolsQuery extends SchoolFilters {
  /** The state filter; null for all states. */
  state: StateSummary | null;
  /** The applied name search, trimmed; "" for none. */
  name: string;
  /** The applied type; "" for none. */
  type: SchoolType | "";
}

/** The dialog's view as the URL gives it; null when the dialog is closed. */
export function readSchoolsQuery(
  params: URLSearchParams,
  states: readonly StateSummary[],
): SchoolsQuery | null {
  const value = params.get(SCHOOLS_PARAM);
  if (value === null) return null;
  const type = params.get("type") ?? "";
  return {
    state: findStateByParam(states, value),
    name: params.get("name")?.trim() ?? "",
    type: schoolTypes.find((option) => option === type) ?? "",
    group: disabilityGroups.find((option) => option === params.get("group")) ?? "",
    boarding: boardingKinds.find((option) => option === params.get("boarding")) ?? "",
    ownership: ownershipKinds.find((option) => option === params.get("ownership")) ?? "",
  };
}

/** The params with the dialog's view written in (null: closed), every other param kept. */
export function writeSchoolsQuery(params: URLSearchParams, query: SchoolsQuery | null): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of SEARCH_PARAMS) next.delete(key);
  if (!query) return next;
  next.set(SCHOOLS_PARAM, query.state?.slug ?? ALL_STATES);
  const name = query.name.trim();
  if (name) next.set("name", name);
  if (query.type) next.set("type", query.type);
  if (query.group) next.set("group", query.group);
  if (query.boarding) next.set("boarding", query.boarding);
  if (query.ownership) next.set("ownership", query.ownership);
  return next;
}
