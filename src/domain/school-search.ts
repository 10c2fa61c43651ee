import type { SchoolType } from "./datasets/schemas";
import { sameState } from "./datasets/state-names";

// School search (spec §4-§5, DESIGN decision 2): the name contains the text (case-insensitive) AND the
// type matches, each criterion optional; a state filter, when set, narrows first.

export interface SchoolSearchCriteria {
  name?: string;
  type?: SchoolType | "";
}

interface SearchableSchool {
  state: string;
  name: string;
  type: readonly SchoolType[];
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
  const needle = criteria.name?.trim().toLowerCase() ?? "";
  return schools.filter(
    (school) =>
      (!needle || school.name.toLowerCase().includes(needle)) &&
      (!criteria.type || school.type.includes(criteria.type)),
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
