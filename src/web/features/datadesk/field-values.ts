import type { FieldType } from "../../../domain/datadesk/fields";
import type { RecordField } from "./datadesk-api";

// What the edit form holds for each field (what a person typed, kept as typed so a failed request loses
// nothing) and what it sends: the server applies each field's rule (src/domain/datadesk/fields.ts), so
// the form converts only what a browser input cannot say (a number, a list) and leaves the judging to it.

/** What an input holds: text for one value, a list for checkboxes and lists of texts. */
export type Draft = string | string[];

export type Drafts = Record<string, Draft>;

const listTypes: readonly FieldType[] = ["choices", "textList", "urlList", "phoneList"];
const numberTypes: readonly FieldType[] = ["year", "integer", "number", "latitude", "longitude"];

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

/**
 * The value the API receives for what was typed: a number for numeric fields ("" is none; text that is
 * not a number is sent as typed, for the server to name the problem), the list's non-empty items (all
 * five key findings, even empty, so the server can say one is missing), and text as typed.
 */
export function valueOf(type: FieldType, draft: Draft): unknown {
  if (Array.isArray(draft)) {
    if (type === "textList" || type === "choices") return draft;
    return draft.filter((item) => item.trim() !== "");
  }
  if (numberTypes.includes(type)) {
    const text = draft.trim();
    if (text === "") return null;
    const number = Number(text.replace(",", "."));
    return Number.isFinite(number) ? number : draft;
  }
  return draft;
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
  to: unknown;
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

/**
 * The message id suffix of a choice's value: "Passed/awaiting Gov assent" → "passed-awaiting-gov-assent",
 * "" → "none" (`datadesk.option.<path>.<key>`).
 */
export function optionKey(value: string): string {
  const key = value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return key === "" ? "none" : key;
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
