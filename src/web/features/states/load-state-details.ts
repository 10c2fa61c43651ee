import type { StateRecord } from "../../../domain/datasets/schemas";
import { fetchPublished } from "../../lib/fetch-published";

// The 37 full records (descriptions, contacts) are fetched from the server when a state is first chosen, as
// published then, so the home page's first load carries only the short summaries.
let records: Promise<StateRecord[]> | null = null;

export function loadStateDetails(id: number): Promise<StateRecord | null> {
  records ??= fetchPublished("states").then((all) => all as StateRecord[]);
  records.catch(() => (records = null));
  return records.then((all) => all.find((record) => record.id === id) ?? null);
}

/** Contact fields sometimes hold placeholders ("NA") rather than facts. */
export function presentValue(value: string): string {
  const trimmed = value.trim();
  return /^(n\/?a|nil|none|-)$/i.test(trimmed) ? "" : trimmed;
}

export function phoneList(phone: StateRecord["phone"]): string[] {
  const list = Array.isArray(phone) ? phone : phone.split(/[;,]/);
  return list.map(presentValue).filter(Boolean);
}
