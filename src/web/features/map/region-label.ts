import { stateKey } from "../../../domain/datasets/state-names";
import { lawStatusKey, type LawStatusKey } from "../../../domain/law-status";
import type { Translate } from "../../i18n";

/** "Lagos State", but "Federal Capital Territory": the FCT is not a state. */
export function regionLabel(name: string, t: Translate): string {
  return stateKey(name) === "fct" ? t("map.fct") : t("map.state", { name: name.trim() });
}

const statusIds: Record<LawStatusKey, string> = {
  passed: "map.status.passed",
  "awaiting-assent": "map.status.awaitingAssent",
  "second-reading": "map.status.secondReading",
  pending: "map.status.pending",
};

/** A law status category as the legend names it: "Passed", "Second reading", … */
export function lawStatusName(key: LawStatusKey, t: Translate): string {
  return t(statusIds[key]);
}

/** "Passed (2022)", "Passed" when the year is unknown, "Second reading", …: the status in one phrase. */
export function lawStatusPhrase(status: string, year: number | null, t: Translate): string {
  const key = lawStatusKey(status);
  if (key !== "passed" || !year) return lawStatusName(key, t);
  return t("map.statusWithYear", { status: lawStatusName(key, t), year: String(year) });
}
