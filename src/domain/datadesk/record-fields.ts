import type { RecordField } from "../api/datadesk";
import { editablePaths, fieldAt, translationOf, type EditableKind } from "./fields";
import { fieldValueAt } from "./source-field";

/**
 * A record's fields as the edit form renders them (GET /records/:kind/:id), from the one description of the
 * fields, valued from the record's document (`null` for a new record: every value empty). A translation has
 * no open-data column and no filter of its own.
 */
export function recordFieldsOf(kind: EditableKind, document: unknown): RecordField[] {
  return editablePaths(kind).map((path) => {
    const field = fieldAt(kind, path);
    if (!field) throw new Error(`no description of ${kind} field ${path}`);
    const language = translationOf(kind, path)?.language ?? null;
    return {
      path,
      type: field.type,
      label: field.label,
      language,
      value: fieldValueAt(document, path) ?? null,
      options: field.options ? [...field.options] : null,
      maxLength: field.maxLength ?? null,
      maxItems: field.maxItems ?? null,
      column: language === null ? field.column : null,
      filters: language === null && field.filters,
      requiredOnAdd: field.requiredOnAdd ?? false,
    };
  });
}
