import type { PublishedChange } from "../../../domain/api/history";
import {
  PUBLIC_EDITORS_NAME,
  fieldLabelOf,
  historyMessages,
  historyPagePath,
} from "../../../domain/datadesk/history";
import { describeSource } from "../../../domain/source-titles";
import { isWebAddress } from "../../../domain/web-address";
import { documentAddress } from "../../../domain/datadesk/documents";
import type { RecordKind } from "../../../domain/datadesk/record-kinds";
import datadeskEnglish from "../../../i18n/catalogues/en/datadesk.json" with { type: "json" };
import { ESTIMATES_DATASET_ID } from "../seed";
import type { PublishedChangeRow } from "./history-store";

// A published change as the public reads it: the record's name and state, each field's old → new with its
// label, the source and the note, and "Inclusion Atlas editors" as the one who made it.

type StateIds = ReadonlyMap<string, number>;

/** A record's name as its pages show it. */
export function recordName(kind: RecordKind, id: string, data: unknown): string {
  const document = (data ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof document[key] === "string" ? (document[key] as string) : null);
  if (kind === "state") return text("state") ?? id;
  if (kind === "estimate") {
    if (id === ESTIMATES_DATASET_ID) return historyMessages.estimatesDatasetName;
    return text("label") ?? text("title") ?? id;
  }
  return text("name") ?? id;
}

/** The state a record is in: a state's own id, a school's state (by its name); none for the others. */
export function recordStateId(
  kind: RecordKind,
  id: string,
  data: unknown,
  stateIds: StateIds,
): string | null {
  if (kind === "state") return id;
  if (kind !== "school") return null;
  const state = (data as { state?: unknown } | null)?.state;
  const stateId = typeof state === "string" ? stateIds.get(state) : undefined;
  return stateId === undefined ? null : String(stateId);
}

const englishLabels: Record<string, string> = datadeskEnglish;

/** A field's label in English (the open data's language): "Year passed", "Overview (ha)"; else its path. */
export function englishFieldLabel(kind: RecordKind, field: string): string {
  const label = fieldLabelOf(kind, field);
  const words = label ? englishLabels[label.id.replace(/^datadesk\./, "")] : undefined;
  if (!label || !words) return field;
  return label.language ? `${words} (${label.language})` : words;
}

/** `fields` as stored: a list of {field, from, to}; anything else in it is left out rather than shown. */
function changedFields(kind: RecordKind, fields: unknown): PublishedChange["fields"] {
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry: unknown) => {
    if (!entry || typeof entry !== "object") return [];
    const { field, from, to } = entry as { field?: unknown; from?: unknown; to?: unknown };
    if (typeof field !== "string") return [];
    return [{ field, label: englishFieldLabel(kind, field), from: from ?? null, to: to ?? null }];
  });
}

/** An address's title, publisher and day read: as the change gave them, else as the address tells. */
function addressDetails(row: PublishedChangeRow) {
  if (!row.sourceUrl) return { title: null, publisher: null, read: null };
  const told = isWebAddress(row.sourceUrl) ? describeSource(row.sourceUrl) : { title: null, publisher: null };
  return {
    title: row.sourceTitle ?? told.title,
    publisher: row.sourcePublisher ?? told.publisher,
    read: row.sourceRead,
  };
}

export function toPublishedChange(
  row: PublishedChangeRow,
  publicUrl: string,
  stateIds: StateIds,
): PublishedChange {
  return {
    id: row.id,
    published_at: row.publishedAt.toISOString(),
    kind: row.kind,
    record_id: row.recordId,
    record_name: recordName(row.kind, row.recordId, row.data),
    state_id: recordStateId(row.kind, row.recordId, row.data, stateIds),
    change_kind: row.changeKind,
    version: row.version,
    fields: changedFields(row.kind, row.fields),
    source: {
      url: row.sourceUrl,
      ...addressDetails(row),
      document:
        row.documentId && row.documentTitle !== null && row.documentFileName !== null
          ? {
              title: row.documentTitle,
              publisher: row.documentPublisher ?? "",
              date: row.documentDate,
              url: `${publicUrl}${documentAddress({ id: row.documentId, fileName: row.documentFileName })}`,
            }
          : null,
    },
    note: row.note,
    from_correction: Boolean(row.fromCorrection),
    published_by: PUBLIC_EDITORS_NAME,
    history_url: `${publicUrl}${historyPagePath(row.kind, row.recordId)}`,
  };
}
