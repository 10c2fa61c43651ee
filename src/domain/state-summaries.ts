import type { School, StateRecord } from "./datasets/schemas";
import { sameState, stateSlug } from "./datasets/state-names";

/** What the home page needs of every state up front; descriptions and contacts load on selection. */
export interface StateSummary {
  id: number;
  name: string;
  code: string;
  slug: string;
  /** "Disability Policy: Yes" means a policy document url exists (spec §2, map tooltip). */
  hasPolicy: boolean;
  schoolCount: number;
}

export function summarizeStates(
  states: readonly Pick<StateRecord, "id" | "state" | "code" | "url">[],
  schools: readonly Pick<School, "state">[],
): StateSummary[] {
  return states.map((state) => ({
    id: state.id,
    name: state.state,
    code: state.code,
    slug: stateSlug(state.state),
    hasPolicy: state.url !== "",
    schoolCount: schools.filter((school) => sameState(school.state, state.state)).length,
  }));
}

/** Finds a state by URL value: its slug ("akwa-ibom") or its id ("3"). */
export function findStateByParam(states: readonly StateSummary[], value: string | null): StateSummary | null {
  if (!value) return null;
  const key = value.trim().toLowerCase();
  return states.find((state) => state.slug === key || String(state.id) === key) ?? null;
}
