import { stateKey } from "./state-names";

// Nigeria's six geopolitical zones. The states data does not carry them; they are fixed by the
// constitution's practice and do not change, so they live here once.

export const zones = [
  "North Central",
  "North East",
  "North West",
  "South East",
  "South South",
  "South West",
] as const;
export type Zone = (typeof zones)[number];

/** Each zone's states, by their key (stateKey). */
export const statesByZone: Readonly<Record<Zone, readonly string[]>> = {
  "North Central": ["benue", "kogi", "kwara", "nasarawa", "niger", "plateau", "fct"],
  "North East": ["adamawa", "bauchi", "borno", "gombe", "taraba", "yobe"],
  "North West": ["jigawa", "kaduna", "kano", "katsina", "kebbi", "sokoto", "zamfara"],
  "South East": ["abia", "anambra", "ebonyi", "enugu", "imo"],
  "South South": ["akwa ibom", "bayelsa", "cross river", "delta", "edo", "rivers"],
  "South West": ["ekiti", "lagos", "ogun", "ondo", "osun", "oyo"],
};

/** The zone of a state by any of its labels ("Lagos", "FCT", "Federal Capital Territory"). */
export function zoneOf(stateName: string): Zone | null {
  const key = stateKey(stateName);
  return zones.find((zone) => statesByZone[zone].includes(key)) ?? null;
}
