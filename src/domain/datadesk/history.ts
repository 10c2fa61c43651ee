import type { MessageKey } from "../../i18n/message-keys";
import { editableKinds, fieldAt, translationOf, type EditableKind } from "./fields";
import { optionKey } from "./value-words";
import { recordKinds, type RecordKind } from "./record-kinds";

function isEditableKind(kind: RecordKind): kind is EditableKind {
  return (editableKinds as readonly string[]).includes(kind);
}

// The public history of the data ("History and what changed"): what the open-data API, the
// Atom feed and the history pages share. Editors are never named: every change is by the one name below.

/** Who made every published change, as the public sees it (never an editor's name, e-mail or id). */
export const PUBLIC_EDITORS_NAME = "Inclusion Atlas editors";

export const CHANGES_PER_PAGE = 50;
export const MAX_CHANGES_PER_PAGE = 200;

/** The kinds of record the public filters by (`?kind=`), in the order the /changes form lists them. */
export const historyKinds = recordKinds;

export function isRecordKind(value: string): value is RecordKind {
  return (recordKinds as readonly string[]).includes(value);
}

/** The records with a history page of their own; the others' entries link to /changes filtered by kind. */
export const kindsWithHistoryPage = ["state", "school"] as const satisfies readonly RecordKind[];

export const historyPaths = {
  changesJson: "/api/v1/open/changes.json",
  changesAtom: "/api/v1/open/changes.atom",
  recordHistory: (kind: RecordKind, id: string) => `/api/v1/open/history/${kind}/${encodeURIComponent(id)}`,
} as const;

/** The page that shows a record's history (a state's or a school's), else /changes filtered by its kind. */
export function historyPagePath(kind: RecordKind, id: string): string {
  if (kind === "state") return `/states/${encodeURIComponent(id)}/history`;
  if (kind === "school") return `/schools/${encodeURIComponent(id)}/history`;
  return `/changes?kind=${kind}`;
}

/**
 * Where a field's label is, from its dotted path into the record's document ("law.year"): the message id of
 * the field's description (src/domain/datadesk/fields.ts, catalogue `datadesk`) and, for a translation
 * ("translations.ha.desc"), its language. Null for a path no description has (the path is then the label).
 */
export function fieldLabelOf(
  kind: RecordKind,
  field: string,
): { id: MessageKey; language: string | null } | null {
  if (!isEditableKind(kind)) return null;
  const translation = translationOf(kind, field);
  if (translation) return { id: translation.field.label, language: translation.language };
  const description = fieldAt(kind, field);
  return description ? { id: description.label, language: null } : null;
}

/**
 * The message id of a choice's value as the desk's form words it (a state's status "Pending" →
 * `datadesk.option.status.pending`), or null when the field is not a choice or the value is not among its
 * options (a value stored before the options changed is then shown as stored).
 */
export function optionLabelOf(kind: RecordKind, field: string, value: string): MessageKey | null {
  const description = choiceAt(kind, field);
  if (!description?.options?.includes(value)) return null;
  return `datadesk.option.${description.path}.${optionKey(value)}` as MessageKey;
}

/** The description of a field whose values are chosen from a list (a state's status), else null. */
export function choiceAt(kind: RecordKind, field: string) {
  if (!isEditableKind(kind)) return null;
  const description = fieldAt(kind, field);
  return description?.options ? description : null;
}

/** The sentences the history API answers with (English: the open-data API speaks English). */
export const historyMessages = {
  badKind: `The parameter kind must be one of: ${recordKinds.join(", ")}.`,
  unknownKind: (kind: string) =>
    `There is no kind of record "${kind}". The kinds are: ${recordKinds.join(", ")}.`,
  unknownRecord: (kind: RecordKind, id: string) => `There is no ${kind} record with the id "${id}".`,
  badPage: "The parameter page must be a whole number, 1 or more.",
  badPerPage: `The parameter per_page must be a whole number from 1 to ${MAX_CHANGES_PER_PAGE}.`,
  feedTitle: "Inclusion Atlas: published changes to the data",
  feedSubtitle:
    "Every change the Inclusion Atlas editors published to the states, schools, national estimates and the national policy record, newest first, each with its source and note.",
  /** The estimates dataset's own description has no name of its own. */
  estimatesDatasetName: "National disability estimates (the dataset's description)",
} as const;
