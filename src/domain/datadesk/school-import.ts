import type { School } from "../datasets/schemas";
import { csvCell } from "../opendata/documents";
import { CsvReadError, fromSpreadsheetSafe, readCsv } from "../opendata/csv";
import { openSchoolRecord, schoolFields as openSchoolColumns } from "../opendata/datasets";
import {
  recordProblems,
  sameValue,
  schoolFields,
  valueAt,
  withValueAt,
  type FieldDescription,
  type FieldProblemKey,
  type RuleContext,
} from "./fields";
import { fieldValueAt } from "./source-field";
import type { RecordStatus } from "./record-kinds";

// Importing schools from a CSV with the columns of the open-data schools.csv: every cell is
// checked with the rule its field has in the edit form (fields.ts), and the file becomes a plan, the
// additions (rows without a known school's id) and the changes (each changed field old → new) that one
// proposed change of kind "import" holds. Pure: the server gives it the schools as they are now.

/** At most 2 MB of CSV and 5,000 schools in one import: more is a review nobody can do properly. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

/** The columns of schools.csv, in its order: the only columns an import may have. */
export const importColumns: readonly string[] = openSchoolColumns.map((column) => column.name);
/** Without these a row cannot say which school it is. */
export const requiredImportColumns = ["id", "name", "state"] as const;

/** The columns whose cells become a field's value: those the edit form's fields show in open data. */
export const importedFields: readonly (FieldDescription & { column: string })[] = schoolFields.filter(
  (field): field is FieldDescription & { column: string } =>
    field.column !== null && importColumns.includes(field.column),
);

/**
 * Columns schools.csv has that an import reads but never changes: state_id follows the state, as_of is set
 * at publication, picture_url is not edited on the desk, status changes only by closing or reopening.
 */
export const ignoredImportColumns: readonly string[] = importColumns.filter(
  (column) => column !== "id" && !importedFields.some((field) => field.column === column),
);

/** Problems of a row beyond a field's own: `datadesk.problem.<key>` in the catalogues. */
export const importProblemKeys = [
  "formula",
  "cellCount",
  "importId",
  "mergedSchool",
  "duplicateId",
  "duplicateSchool",
  "duplicateRow",
] as const;
export type ImportProblemKey = (typeof importProblemKeys)[number];

/** Why a whole file is refused (`datadesk.importRefusal.<key>`), before any row is read. */
export const importRefusalKeys = [
  "empty",
  "unclosedQuote",
  "missingColumns",
  "unknownColumns",
  "duplicateColumns",
  "tooManyRows",
  "tooLarge",
  "nothingToImport",
] as const;
export type ImportRefusalKey = (typeof importRefusalKeys)[number];

export interface ImportProblem {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  /** The column's name in the header, or "" for the row as a whole. */
  column: string;
  key: FieldProblemKey | ImportProblemKey;
  /** The field's path, for the rule's {max}, {min} (null for a row's problem). */
  field: string | null;
  values?: Record<string, string | number>;
}

export interface ImportFieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** One school the import adds or changes. */
export interface ImportRow {
  row: number;
  /** The school changed; null for an addition (its number is given at publication). */
  recordId: string | null;
  /** Its version when the import was proposed (null for an addition). */
  baseVersion: number | null;
  name: string;
  state: string;
  fields: ImportFieldChange[];
}

export interface ImportPlan {
  /** The schools the file lists (rows after the header, empty rows aside). */
  rows: number;
  problems: ImportProblem[];
  additions: ImportRow[];
  changes: ImportRow[];
  /** Rows naming a school whose every value is already what the file says. */
  unchanged: number;
  /** Columns of the file read but never changed (ignoredImportColumns present in it). */
  ignoredColumns: string[];
}

export class ImportRefusal extends Error {
  constructor(
    readonly key: ImportRefusalKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** A school as it is now. */
export interface ExistingSchool {
  id: string;
  version: number;
  status: RecordStatus;
  mergedInto: string | null;
  data: Record<string, unknown>;
}

/** A new school's document before its fields: every optional fact empty, as data/schools.json writes it. */
export function newSchoolDocument(): Record<string, unknown> {
  return {
    id: 0,
    country: "NG",
    state: "",
    name: "",
    type: [],
    location: "",
    local_government: "",
    desc: "",
    disability_groups: [],
    boarding: "",
    ownership: "",
    picture_url: "",
    website: "",
    phone: "",
    email: "",
    sources: [],
    as_of: "",
  };
}

const listTypes = new Set(["choices", "urlList", "textList", "phoneList"]);
const numberTypes = new Set(["year", "integer", "number", "latitude", "longitude"]);

/** A spreadsheet user types "Primary" as readily as "primary": a choice is matched case aside. */
function canonicalOption(field: FieldDescription, text: string): string {
  return field.options?.find((option) => option.toLowerCase() === text.toLowerCase()) ?? text;
}

/** A cell's text as the field's rule takes it from the edit form. */
function cellInput(field: FieldDescription, text: string): unknown {
  if (listTypes.has(field.type)) {
    return text
      .split(";")
      .map((item) => item.trim())
      .filter((item) => item !== "")
      .map((item) => canonicalOption(field, item));
  }
  if (numberTypes.has(field.type)) {
    if (text.trim() === "") return null;
    const number = Number(text.trim());
    return Number.isFinite(number) ? number : text;
  }
  if (field.type === "choice") return canonicalOption(field, text.trim());
  return text;
}

/** What schools.csv writes in the field's column for a school as it is now. */
function exportedCell(school: ExistingSchool, column: string): string {
  const open = openSchoolRecord(school.data as unknown as School, [], "open");
  const value = csvCell(open[column]);
  return value === null || value === undefined ? "" : String(value);
}

const nameKey = (name: string, state: string) =>
  `${name.trim().toLowerCase().replace(/\s+/g, " ")}|${state.trim().toLowerCase()}`;

/** The header's refusals, or each known column's index. */
function readHeader(header: readonly string[]): Map<string, number> {
  const names = header.map((name) => name.trim());
  const unknown = names.filter((name) => !importColumns.includes(name));
  if (unknown.length > 0) {
    throw new ImportRefusal("unknownColumns", {
      columns: unknown.map((name) => (name === "" ? '""' : name)).join(", "),
      expected: importColumns.join(", "),
    });
  }
  const duplicates = names.filter((name, index) => names.indexOf(name) !== index);
  if (duplicates.length > 0) {
    throw new ImportRefusal("duplicateColumns", { columns: [...new Set(duplicates)].join(", ") });
  }
  const missing = requiredImportColumns.filter((name) => !names.includes(name));
  if (missing.length > 0) throw new ImportRefusal("missingColumns", { columns: missing.join(", ") });
  return new Map(names.map((name, index) => [name, index]));
}

/** HXL's optional second row (schools.csv?hxl=1): hashtags, not a school. */
const isHxlRow = (cells: readonly string[]) =>
  cells.some((cell) => cell.trim() !== "") &&
  cells.every((cell) => cell.trim() === "" || cell.trim().startsWith("#"));

/**
 * The plan of an import: each row's problems, and the schools it adds and changes. Throws ImportRefusal
 * when the file as a whole cannot be read (no header, an unknown or missing column, too many rows).
 */
export function planImport(
  text: string,
  schools: ReadonlyMap<string, ExistingSchool>,
  context: RuleContext,
): ImportPlan {
  if (new TextEncoder().encode(text).length > IMPORT_MAX_BYTES) {
    throw new ImportRefusal("tooLarge", { max: "2 MB" });
  }
  let records: string[][];
  try {
    records = readCsv(text);
  } catch (error) {
    if (error instanceof CsvReadError) throw new ImportRefusal("unclosedQuote", { row: error.row });
    throw error;
  }
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === "")) throw new ImportRefusal("empty");
  const columns = readHeader(header);
  const rows = body
    .map((cells, index) => ({ cells, row: index + 2 }))
    .filter(
      ({ cells, row }) => !cells.every((cell) => cell.trim() === "") && !(row === 2 && isHxlRow(cells)),
    );
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new ImportRefusal("tooManyRows", { count: rows.length, max: IMPORT_MAX_ROWS });
  }

  const plan: ImportPlan = {
    rows: rows.length,
    problems: [],
    additions: [],
    changes: [],
    unchanged: 0,
    ignoredColumns: ignoredImportColumns.filter((column) => columns.has(column)),
  };
  const byName = new Map<string, string>();
  for (const school of schools.values()) {
    if (school.status === "merged") continue;
    byName.set(nameKey(String(school.data.name ?? ""), String(school.data.state ?? "")), school.id);
  }
  const idRows = new Map<string, number>();
  const addedRows = new Map<string, number>();
  const fieldsPresent = importedFields.filter((field) => columns.has(field.column));
  // A rule is a schema built per call: built once here, not once per cell.
  const rules = new Map(fieldsPresent.map((field) => [field.path, field.rule(context)]));

  for (const { cells, row } of rows) {
    const problems: ImportProblem[] = [];
    const rowProblem = (key: ImportProblem["key"], values?: ImportProblem["values"], column = "") =>
      problems.push({ row, column, key, field: null, ...(values ? { values } : {}) });
    if (cells.length !== header.length) {
      rowProblem("cellCount", { count: cells.length, expected: header.length });
      plan.problems.push(...problems);
      continue;
    }
    const cellOf = (column: string) => cells[columns.get(column) ?? -1] ?? "";

    // Which school: an id of one changes it; an empty or unknown id adds one.
    const idText = cellOf("id").trim();
    let school: ExistingSchool | null = null;
    if (idText !== "") {
      if (!/^\d+$/.test(idText)) rowProblem("importId", undefined, "id");
      else {
        const id = String(Number(idText));
        const seen = idRows.get(id);
        if (seen !== undefined) rowProblem("duplicateId", { row: seen }, "id");
        else idRows.set(id, row);
        school = schools.get(id) ?? null;
        if (school?.status === "merged") {
          rowProblem("mergedSchool", { into: school.mergedInto ?? "" }, "id");
          school = null;
        }
      }
    }
    const adding = school === null;
    const before = school?.data ?? newSchoolDocument();

    // Each cell with its field's rule.
    const values: Record<string, unknown> = {};
    for (const field of fieldsPresent) {
      const raw = cellOf(field.column);
      if (raw.trimStart().startsWith("=")) {
        problems.push({ row, column: field.column, key: "formula", field: field.path });
        continue;
      }
      const text = fromSpreadsheetSafe(raw);
      // A cell that says what schools.csv says now is no change (the download words some values itself).
      if (school && text === exportedCell(school, field.column)) continue;
      const parsed = (rules.get(field.path) ?? field.rule(context)).safeParse(cellInput(field, text));
      if (!parsed.success) {
        problems.push({
          row,
          column: field.column,
          key: (parsed.error.issues[0]?.message ?? "unreadable") as FieldProblemKey,
          field: field.path,
        });
        continue;
      }
      // A new school's empty cells are its document's defaults (and its sources default to the import's).
      if (!sameValue(fieldValueAt(before, field.path), parsed.data)) values[field.path] = parsed.data;
    }

    // The rules across fields, the required ones, and duplicates of a school that exists.
    let after = before;
    for (const [path, value] of Object.entries(values)) after = withValueAt(after, path, value);
    if (adding || "state" in values || "local_government" in values) {
      const checked = recordProblems("school", after);
      for (const problem of checked.problems) {
        const column = importedFields.find((field) => field.path === problem.field)?.column ?? "";
        if (!problems.some((known) => known.column === column)) {
          problems.push({ row, column, key: problem.key, field: problem.field, values: problem.values });
        }
      }
      const lga = valueAt(checked.document, "local_government");
      if (problems.length === 0 && !sameValue(lga, valueAt(before, "local_government"))) {
        values.local_government = lga;
        after = checked.document;
      }
    }
    const name = String(valueAt(after, "name") ?? "").trim();
    const state = String(valueAt(after, "state") ?? "").trim();
    if (adding) {
      for (const field of importedFields.filter((candidate) => candidate.requiredOnAdd)) {
        const value = valueAt(after, field.path);
        if (
          (typeof value !== "string" || value.trim() === "") &&
          !problems.some((known) => known.column === field.column)
        ) {
          problems.push({ row, column: field.column, key: "required", field: field.path });
        }
      }
      if (name !== "" && state !== "") {
        const key = nameKey(name, state);
        const existing = byName.get(key);
        const earlier = addedRows.get(key);
        if (existing !== undefined) rowProblem("duplicateSchool", { id: existing }, "name");
        else if (earlier !== undefined) rowProblem("duplicateRow", { row: earlier }, "name");
        else addedRows.set(key, row);
      }
    }
    if (problems.length > 0) {
      // In the file's order of columns, as the person reads the row.
      const place = (problem: ImportProblem) => columns.get(problem.column) ?? -1;
      plan.problems.push(...problems.sort((a, b) => place(a) - place(b)));
      continue;
    }

    const fields = Object.entries(values).map(([field, to]) => ({
      field,
      from: adding ? null : (fieldValueAt(before, field) ?? null),
      to,
    }));
    if (adding) {
      plan.additions.push({ row, recordId: null, baseVersion: null, name, state, fields });
    } else if (fields.length === 0) {
      plan.unchanged += 1;
    } else if (school) {
      plan.changes.push({ row, recordId: school.id, baseVersion: school.version, name, state, fields });
    }
  }
  return plan;
}
