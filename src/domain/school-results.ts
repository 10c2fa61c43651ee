import type { SchoolType } from "./datasets/vocabulary";
import { sameState } from "./datasets/state-names";
import {
  filterSchools,
  searchSchools,
  type Boarding,
  type DisabilityGroup,
  type Ownership,
} from "./school-search";

// The school results page (`/schools?state=kano&lga=dala&group=hearing`), its CSV download and the
// "Back to results" link read one address the same way. Each parameter has a fixed shape: anything else
// is no filter, so a kept page is never rendered for a value the page would ignore. The state and the LGA
// are checked against the data by the page (an unknown one is a 404, which is never kept), the rest
// against the datasets' vocabularies here, so the pages kept for the filters stay few.

/** Schools on one page of results: a phone's few screens. */
export const SCHOOL_RESULTS_PAGE_SIZE = 20;

/** The filters as the address gives them; "" or null for none. */
export interface SchoolResultsQuery {
  /** A state's slug or id, as given. */
  state: string | null;
  /** An LGA's slug (`kano-municipal`); read only with a state. */
  lga: string | null;
  group: DisabilityGroup | "";
  boarding: Boarding | "";
  ownership: Ownership | "";
  type: SchoolType | "";
  /** Text the name contains (or a word for a disability group, as in the dialog). */
  name: string;
  page: number;
}

export const noSchoolResultsFilter: SchoolResultsQuery = {
  state: null,
  lga: null,
  group: "",
  boarding: "",
  ownership: "",
  type: "",
  name: "",
  page: 1,
};

/** "?state=kano&group=hearing": the query of these filters in the address's order, "" for none. */
export function schoolResultsSearch(query: Partial<SchoolResultsQuery>): string {
  const params = new URLSearchParams();
  if (query.state) params.set("state", query.state);
  if (query.state && query.lga) params.set("lga", query.lga);
  if (query.group) params.set("group", query.group);
  if (query.boarding) params.set("boarding", query.boarding);
  if (query.ownership) params.set("ownership", query.ownership);
  if (query.type) params.set("type", query.type);
  if (query.name?.trim()) params.set("name", query.name.trim());
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** How many filters are set (the page is not one): the number on the phone's "Filters (2)". */
export function activeFilterCount(query: SchoolResultsQuery): number {
  return [
    query.state,
    query.state ? query.lga : null,
    query.group,
    query.boarding,
    query.ownership,
    query.type,
    query.name,
  ].filter(Boolean).length;
}

/** An LGA's slug in addresses: "Kano Municipal" → "kano-municipal", "Ado-Ekiti" → "ado-ekiti". */
export function lgaSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

interface ResultSchool {
  id: number;
  state: string;
  name: string;
  type: readonly SchoolType[];
  local_government: string;
  disability_groups?: readonly DisabilityGroup[];
  boarding?: Boarding | "";
  ownership?: Ownership | "";
}

/** The filters once the state and the LGA are known by their names in the data. */
export interface ResolvedSchoolFilter {
  /** The state's name as the data spells it, or null for every state. */
  stateName: string | null;
  /** The LGA's name as the registry spells it, or null for every LGA. */
  lgaName: string | null;
  group: DisabilityGroup | "";
  boarding: Boarding | "";
  ownership: Ownership | "";
  type: SchoolType | "";
  name: string;
}

/** The schools these filters keep, in the list's order (by name, then id, as the directory shows them). */
export function schoolResults<T extends ResultSchool>(
  schools: readonly T[],
  filter: ResolvedSchoolFilter,
): T[] {
  const lga = filter.lgaName === null ? null : lgaSlug(filter.lgaName);
  const placed = schools.filter(
    (school) =>
      (filter.stateName === null || sameState(school.state, filter.stateName)) &&
      (lga === null || lgaSlug(school.local_government) === lga),
  );
  const narrowed = filterSchools(placed, filter);
  return searchSchools(narrowed, { name: filter.name, type: filter.type });
}

/** One page of results: its schools, its number (1 to the last) and the last page's number. */
export function resultsPage<T>(
  results: readonly T[],
  page: number,
  size = SCHOOL_RESULTS_PAGE_SIZE,
): { shown: T[]; page: number; lastPage: number; first: number } {
  const lastPage = Math.max(1, Math.ceil(results.length / size));
  const current = Math.min(Math.max(1, Math.floor(page)), lastPage);
  const start = (current - 1) * size;
  return { shown: results.slice(start, start + size), page: current, lastPage, first: start + 1 };
}
