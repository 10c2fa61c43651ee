import type { School, SchoolType } from "./datasets/schemas";
import { sameState } from "./datasets/state-names";

// School search (AND, so a second criterion narrows: docs/architecture.md): the name contains the text (case-insensitive) AND the
// type matches, each criterion optional; a state filter, when set, narrows first. The text also finds the
// schools of a disability group by its everyday words ("deaf" or "hearing" finds the schools for the hearing
// impaired), and the disability group, boarding and ownership filters narrow further.

export type DisabilityGroup = School["disability_groups"][number];
export type Boarding = Exclude<School["boarding"], "">;
export type Ownership = Exclude<School["ownership"], "">;

export interface SchoolSearchCriteria {
  name?: string;
  type?: SchoolType | "";
}

export interface SchoolFilters {
  group?: DisabilityGroup | "";
  boarding?: Boarding | "";
  ownership?: Ownership | "";
}

interface SearchableSchool {
  state: string;
  name: string;
  type: readonly SchoolType[];
  disability_groups?: readonly DisabilityGroup[];
  boarding?: School["boarding"];
  ownership?: School["ownership"];
}

export const disabilityGroupLabels: Record<DisabilityGroup, string> = {
  visual: "Visual impairment",
  hearing: "Hearing impairment",
  intellectual: "Intellectual disability",
  physical: "Physical disability",
  autism: "Autism",
  multiple: "Multiple disabilities",
};
export const disabilityGroupOptions = Object.keys(disabilityGroupLabels) as DisabilityGroup[];

export const boardingLabels: Record<Boarding, string> = {
  day: "Day",
  boarding: "Boarding",
  "day and boarding": "Day and boarding",
};
export const boardingOptions = Object.keys(boardingLabels) as Boarding[];

export const ownershipLabels: Record<Ownership, string> = {
  public: "Public",
  private: "Private",
  mission: "Mission",
};
export const ownershipOptions = Object.keys(ownershipLabels) as Ownership[];

// The words people use for each group; a search for any of them (or its start, "dea") finds the group.
const groupWords: Record<DisabilityGroup, string[]> = {
  hearing: ["hearing", "deaf", "hard of hearing"],
  visual: ["visual", "visually", "blind", "sight", "vision"],
  intellectual: ["intellectual", "learning", "down syndrome"],
  physical: ["physical", "physically", "wheelchair", "cerebral palsy"],
  autism: ["autism", "autistic"],
  multiple: ["multiple"],
};

function groupsMatching(needle: string): DisabilityGroup[] {
  if (needle.length < 3) return [];
  const padded = ` ${needle} `;
  return disabilityGroupOptions.filter((group) =>
    groupWords[group].some((word) => word.startsWith(needle) || padded.includes(` ${word} `)),
  );
}

export function hasCriteria(criteria: SchoolSearchCriteria): boolean {
  return Boolean(criteria.name?.trim() || criteria.type);
}

export function schoolsInState<T extends SearchableSchool>(
  schools: readonly T[],
  stateName: string | null,
): T[] {
  return stateName ? schools.filter((school) => sameState(school.state, stateName)) : [...schools];
}

export function searchSchools<T extends SearchableSchool>(
  schools: readonly T[],
  criteria: SchoolSearchCriteria,
): T[] {
  const needle = criteria.name?.trim().toLowerCase().replace(/\s+/g, " ") ?? "";
  const groups = groupsMatching(needle);
  return schools.filter(
    (school) =>
      (!needle ||
        school.name.toLowerCase().includes(needle) ||
        groups.some((group) => school.disability_groups?.includes(group))) &&
      (!criteria.type || school.type.includes(criteria.type)),
  );
}

export function filterSchools<T extends SearchableSchool>(
  schools: readonly T[],
  filters: SchoolFilters,
): T[] {
  return schools.filter(
    (school) =>
      (!filters.group || (school.disability_groups ?? []).includes(filters.group)) &&
      (!filters.boarding || school.boarding === filters.boarding) &&
      (!filters.ownership || school.ownership === filters.ownership),
  );
}

export const schoolTypeLabels: Record<SchoolType, string> = {
  primary: "Primary",
  nursery: "Nursery",
  secondary: "Secondary",
  special: "Special",
};

/** Spec order of the type dropdown: Primary, Nursery, Secondary, Special. */
export const schoolTypeOptions: SchoolType[] = ["primary", "nursery", "secondary", "special"];

/** A map search for the school by its name and town, for "Find on map". */
export function mapSearchHref(school: Pick<School, "name" | "location" | "state">): string {
  const place = [school.name, school.location, school.state, "Nigeria"]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}
