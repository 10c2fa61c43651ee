import type { School, StateRecord } from "./datasets/schemas";
import { sameState, stateSlug } from "./datasets/state-names";

/** What the home page needs of every state up front; descriptions and contacts load on selection. */
export interface StateSummary {
  id: number;
  name: string;
  code: string;
  slug: string;
  /** The state's own disability law as the data records it ("Passed", "Second Reading", …). */
  lawStatus: string;
  lawYear: number | null;
  /** Whether a policy document can be downloaded (a url exists): the download is offered only then. */
  hasPolicyDocument: boolean;
  schoolCount: number;
}

export function summarizeStates(
  states: readonly (Pick<StateRecord, "id" | "state" | "code" | "url"> & {
    status?: string;
    law?: { year: number | null };
  })[],
  schools: readonly Pick<School, "state">[],
): StateSummary[] {
  return states.map((state) => ({
    id: state.id,
    name: state.state,
    code: state.code,
    slug: stateSlug(state.state),
    lawStatus: state.status ?? "",
    lawYear: state.law?.year ?? null,
    hasPolicyDocument: state.url !== "",
    schoolCount: schools.filter((school) => sameState(school.state, state.state)).length,
  }));
}

/** Finds a state by URL value: its slug ("akwa-ibom") or its id ("3"). */
export function findStateByParam(states: readonly StateSummary[], value: string | null): StateSummary | null {
  if (!value) return null;
  const key = value.trim().toLowerCase();
  return states.find((state) => state.slug === key || String(state.id) === key) ?? null;
}
