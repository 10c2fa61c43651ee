import { stateKey } from "../../../domain/datasets/state-names";
import type { Translate } from "../../i18n";

/** "Lagos State", but "Federal Capital Territory": the FCT is not a state. */
export function regionLabel(name: string, t: Translate): string {
  return stateKey(name) === "fct" ? t("map.fct") : t("map.state", { name: name.trim() });
}
