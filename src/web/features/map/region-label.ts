import { stateKey } from "../../../domain/datasets/state-names";

/** "Lagos State", but "Federal Capital Territory": the FCT is not a state. */
export function regionLabel(name: string): string {
  return stateKey(name) === "fct" ? "Federal Capital Territory" : `${name.trim()} State`;
}
