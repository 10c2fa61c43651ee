import type { EditableKind, FieldType, FieldValue } from "../../../domain/datadesk/fields";
import type { ChangeProposal, RecordField } from "./datadesk-api";

// What the edit form holds for each field (what a person typed, kept as typed so a failed request loses
// nothing) and what it sends: the server applies each field's rule (src/domain/datadesk/fields.ts), so
// the form converts only what a browser input cannot say (a number, a list) and leaves the judging to it.
// What it sends for a field has the API's type of the field (fieldInputs there): a value of another type
// fails the type check here.

/** What an input holds: text for one value, a list for checkboxes and lists of texts. */
export type Draft = string | string[];

export type Drafts = Record<string, Draft>;

const listTypes: readonly FieldType[] = ["choices", "textList", "urlList", "phoneList"];

export function isListType(type: FieldType): boolean {
  return listTypes.includes(type);
}

/** The input's content for a value as the document stores it (null, a number, a list…). */
export function draftOf(type: FieldType, value: unknown): Draft {
  if (isListType(type)) {
    if (Array.isArray(value)) return value.map((item) => (item === null ? "" : String(item)));
    // A single phone stored as text (older documents) is a list of one.
    return typeof value === "string" && value !== "" ? [value] : [];
  }
  if (value === null || value === undefined) return "";
  return String(value);
}

export function draftsOf(fields: readonly RecordField[]): Drafts {
  return Object.fromEntries(fields.map((field) => [field.path, draftOf(field.type, field.value)]));
}

/** Text typed in a number's input that is no number ("two thousand"): the form says so before sending. */
export const notANumber = { notANumber: true } as const;
export type NotANumber = typeof notANumber;

const textOf = (draft: Draft): string => (Array.isArray(draft) ? draft.join(" ") : draft);
const listOf = (draft: Draft): string[] => (Array.isArray(draft) ? draft : draft === "" ? [] : [draft]);
const filledItemsOf = (draft: Draft): string[] => listOf(draft).filter((item) => item.trim() !== "");
const numberOf = (draft: Draft): number | null | NotANumber => {
  const text = textOf(draft).trim();
  if (text === "") return null;
  const number = Number(text.replace(",", "."));
  return Number.isFinite(number) ? number : notANumber;
};

/**
 * The value the API receives for what was typed, by the field's type: a number for numeric fields ("" is
 * none), a list's non-empty items (all five key findings and every choice ticked, even empty, so the server
 * can say one is missing), and text as typed.
 */
const sentValues: { [Type in FieldType]: (draft: Draft) => FieldValue<Type> | NotANumber } = {
  text: textOf,
  longText: textOf,
  textList: listOf,
  choice: textOf,
  choices: listOf,
  year: numberOf,
  integer: numberOf,
  number: numberOf,
  url: textOf,
  urlList: filledItemsOf,
  email: textOf,
  phone: textOf,
  phoneList: filledItemsOf,
  state: textOf,
  lga: textOf,
  rank: textOf,
  document: textOf,
  latitude: numberOf,
  longitude: numberOf,
};

export function valueOf(type: FieldType, draft: Draft): FieldValue | NotANumber {
  return sentValues[type](draft);
}

/** A value reduced to what it says: absent, null and "" are all "nothing"; lists compared item by item. */
function canonical(value: unknown): string {
  if (value === undefined || value === null || value === "") return "null";
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== "" && item !== null);
    return items.length === 0 ? "null" : JSON.stringify(items);
  }
  return JSON.stringify(value);
}

/** Whether what is typed says something else than the record (empty and absent say the same). */
export function isChanged(field: RecordField, draft: Draft): boolean {
  if (field.type === "textList" && Array.isArray(draft)) {
    // Five findings: an emptied one is a change even if the others are the same.
    return JSON.stringify(draft) !== JSON.stringify(draftOf(field.type, field.value));
  }
  return canonical(valueOf(field.type, draft)) !== canonical(field.value);
}

export interface FieldEdit {
  field: RecordField;
  from: unknown;
  to: FieldValue | NotANumber;
}

/** An edit the API can take: its value has its field's type. */
export type SendableEdit = FieldEdit & { to: FieldValue };

export function isSendable(edit: FieldEdit): edit is SendableEdit {
  return edit.to !== notANumber;
}

/**
 * A proposal of the edit form's edits. Their paths are the ones the API described for the record's kind
 * (GET /records/:kind/:id lists each path with its type), so they are the kind's fields, each value of
 * its field's type (sentValues); TypeScript cannot see that the paths, known at run time, are the kind's.
 */
export function proposalOf(
  kind: EditableKind,
  edits: readonly SendableEdit[],
  body: Omit<ChangeProposal, "kind" | "fields">,
): ChangeProposal {
  return {
    ...body,
    kind,
    fields: Object.fromEntries(edits.map((edit) => [edit.field.path, edit.to])),
  } as ChangeProposal;
}

/** Every field whose typed value differs from the record's, in the form's order. */
export function editsOf(fields: readonly RecordField[], drafts: Drafts): FieldEdit[] {
  return fields.flatMap((field) => {
    const draft = drafts[field.path];
    if (draft === undefined || !isChanged(field, draft)) return [];
    return [{ field, from: field.value, to: valueOf(field.type, draft) }];
  });
}

/** A field's path as an id part: `law.year` → `law-year`. */
export function pathId(path: string): string {
  return path.replace(/[^a-zA-Z0-9_-]/g, "-");
}

/** The field a translation's path names: `translations.ha.desc` → `desc`; other paths as they are. */
export function basePath(path: string): string {
  const match = /^translations\.[a-z]+\.(.+)$/.exec(path);
  return match?.[1] ?? path;
}

/** The language of a translation's path, or null. */
export function languageOfPath(path: string): string | null {
  return /^translations\.([a-z]+)\./.exec(path)?.[1] ?? null;
}

/** A record has not been checked for this long: the desk flags it. */
export const CHECK_AGE_LIMIT_MONTHS = 12;

export function needsCheck(checkedAt: string, now: Date): boolean {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - CHECK_AGE_LIMIT_MONTHS);
  return new Date(checkedAt).getTime() < limit.getTime();
}
