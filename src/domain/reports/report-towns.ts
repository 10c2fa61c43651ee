// The towns of each state (data/towns.json: GeoNames' places of 1,000 people or more, by state; its source
// and licence are in data/SOURCES.md), for the check of what a report's public text names. Kept apart from
// report-lgas.ts: only the server's check loads it.
import townRegistry from "../../../data/towns.json" with { type: "json" };

const byStateId = new Map(townRegistry.states.map((entry) => [entry.stateId, entry.towns]));

/** The state's towns (without the state's own name), or none for an unknown state. */
export function stateTownNames(stateId: number): readonly string[] {
  return byStateId.get(stateId) ?? [];
}
