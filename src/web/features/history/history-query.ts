import { historyKinds, isRecordKind } from "../../../domain/datadesk/history";
import type { RecordKind } from "../../../domain/datadesk/record-kinds";
import { lgasByState } from "../../../domain/reports/report-lgas";
import { compareText } from "../../../domain/text-order";

// What the /changes page shows, read from its address (the GET form writes it): a state, a kind, a page.
// Anything the filter does not offer is read as no filter, never an error page.

export interface ChangesFilter {
  /** "1".."37", or null for every state. */
  stateId: string | null;
  kind: RecordKind | null;
  page: number;
}

/** The 37 states for the filter, by name. */
export const stateChoices: readonly { stateId: number; state: string }[] = lgasByState
  .map(({ stateId, state }) => ({ stateId, state }))
  .sort((a, b) => compareText(a.state, b.state));

const knownStateIds = new Set(stateChoices.map((choice) => String(choice.stateId)));

export { historyKinds };

export function changesFilterFrom(search: URLSearchParams): ChangesFilter {
  const state = search.get("state")?.trim() ?? "";
  const kind = search.get("kind")?.trim().toLowerCase() ?? "";
  const page = search.get("page") ?? "";
  return {
    stateId: knownStateIds.has(state) ? state : null,
    kind: isRecordKind(kind) ? kind : null,
    page: /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** "?state=25&kind=school&page=2", the parts that are set, in the form's order ("" for none). */
export function changesSearch(filter: Partial<ChangesFilter>): string {
  const search = new URLSearchParams();
  if (filter.stateId) search.set("state", filter.stateId);
  if (filter.kind) search.set("kind", filter.kind);
  if (filter.page && filter.page > 1) search.set("page", String(filter.page));
  const text = search.toString();
  return text ? `?${text}` : "";
}
