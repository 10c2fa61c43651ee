// The 774 local government areas by state (data/lgas.json; its source is in data/SOURCES.md), apart from
// report-place.ts so that pages showing a report's place do not load the whole registry.
import lgaRegistry from "../../../data/lgas.json" with { type: "json" };

export interface StateLgas {
  stateId: number;
  state: string;
  lgas: readonly string[];
}

/** The 774 local government areas by state (data/lgas.json; its source is in data/SOURCES.md). */
export const lgasByState: readonly StateLgas[] = lgaRegistry.states;

const byStateId = new Map(lgasByState.map((entry) => [entry.stateId, entry]));

export function stateLgas(stateId: number): StateLgas | undefined {
  return byStateId.get(stateId);
}

/** The LGA's name as the registry spells it, when `lga` names one of the state's (case and spaces aside). */
export function lgaOfState(stateId: number, lga: string): string | undefined {
  const wanted = foldName(lga);
  return stateLgas(stateId)?.lgas.find((name) => foldName(name) === wanted);
}

function foldName(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** An LGA's name as the registry spells it, in whichever state has one so named (case and spaces aside). */
export function lgaNamed(lga: string): string | undefined {
  const wanted = foldName(lga);
  for (const entry of lgasByState) {
    const found = entry.lgas.find((name) => foldName(name) === wanted);
    if (found) return found;
  }
  return undefined;
}

export { placeFilterMessages } from "./place-filter-messages";
