import { z } from "zod";
import { changeKinds, changeStatuses, recordStatuses } from "../datadesk/record-kinds";
import datadeskEnglish from "../../i18n/catalogues/en/datadesk.json" with { type: "json" };
import {
  editableFields,
  editableKinds,
  fieldInput,
  fieldProblemKeys,
  fieldTypes,
  fieldsOf,
  translationLanguages,
  type EditableKind,
  type EditFieldsShape,
  type FieldDescription,
} from "../datadesk/fields";
import { importProblemKeys, importRefusalKeys } from "../datadesk/school-import";
import { codeProblem, deskProblem } from "./problems";
import {
  choiceParam,
  queryParameter,
  singleValueParam,
  wholeNumberUpTo,
  type ParameterRefusal,
} from "./query-schemas";
import { endpoint, failureSchema, failures, problemParamsSchema } from "./shared";

// The data desk under /api/v1/datadesk: editors propose changes to states, schools and
// national estimates, each with a source and a note; another editor or an admin publishes or rejects them.
// Editors and admins only (data:propose, data:publish). Field values are as the record's JSON document
// stores them (src/domain/datasets/schemas.ts); each field is described in src/domain/datadesk/fields.ts.

const tag = "Data desk";

export const DATA_DESK_PREFIX = "/api/v1/datadesk";

/** The problems a change as a whole can have: `datadesk.problem.<key>` in the catalogues. */
export const changeProblemKeys = [
  "sourceMissing",
  "noteMissing",
  "noteTooLong",
  "nothingChanged",
  "recordMissing",
  "recordUnknown",
  "mergeIntoMissing",
  "mergeIntoSelf",
  "mergeIntoUnknown",
  "alreadyClosed",
  "alreadyOpen",
  "notForKind",
  "reasonMissing",
  "correctionUnknown",
  "correctionOtherRecord",
  "sourceDocumentUnknown",
  "sourceTitleMissing",
  "sourceTitleTooLong",
  "sourcePublisherMissing",
  "sourcePublisherTooLong",
  "sourceReadMissing",
  "sourceReadInvalid",
  "sourceReadFuture",
  "sourceReadTooEarly",
] as const;
export type ChangeProblemKey = (typeof changeProblemKeys)[number];

const problemKeys = [...fieldProblemKeys, ...changeProblemKeys, ...importProblemKeys] as const;

/** The values of a problem's sentence (`{max}`, `{thisYear}`, `{state}`…), as the server knows them. */
const deskProblemParams = problemParamsSchema.meta({
  description: "The values the sentence `datadesk.problem.<key>` needs.",
});

/** One thing to fix, in the reader's language: the body field (or an edited field's path) and its sentence. */
export const dataDeskProblemSchema = z
  .object({
    field: z.string().meta({
      description:
        "`fields.<path>` for an edited field (`fields.law.year`), or the body's field (`note`, `sourceUrl`).",
    }),
    key: z
      .enum(problemKeys)
      .meta({ description: "The problem: `datadesk.problem.<key>` in the catalogues." }),
    params: deskProblemParams,
    message: z.string().meta({ description: "The same, in the editor's language." }),
  })
  .meta({ id: "DataDeskProblem" });
export type DataDeskProblem = z.infer<typeof dataDeskProblemSchema>;

/** A field a publication since changed: what the change expected, what the record says now, what it proposes. */
export const changeConflictSchema = z
  .object({
    field: z.string(),
    from: z.unknown(),
    now: z.unknown(),
    to: z.unknown(),
    recordId: z.string().optional().meta({ description: "An import: the school whose field it is." }),
    recordName: z.string().optional(),
  })
  .meta({ id: "DataDeskConflict" });
export type ChangeConflict = z.infer<typeof changeConflictSchema>;

/** A refusal of the data desk: the shared failure, with every problem (400) or every conflict (409). */
export const dataDeskFailureSchema = failureSchema
  .extend({
    problems: z.array(dataDeskProblemSchema).optional(),
    conflicts: z.array(changeConflictSchema).optional(),
  })
  .meta({ id: "DataDeskFailure" });
export type DataDeskFailure = z.infer<typeof dataDeskFailureSchema>;

const deskFailures = <const Statuses extends readonly number[]>(...statuses: Statuses) =>
  Object.fromEntries(statuses.map((status) => [status, dataDeskFailureSchema])) as {
    [Status in Statuses[number]]: typeof dataDeskFailureSchema;
  };

// Records ----------------------------------------------------------------------------------------------

export const recordSummarySchema = z
  .object({
    kind: z.enum(editableKinds),
    id: z.string(),
    name: z.string(),
    status: z.enum(recordStatuses),
    mergedInto: z.string().nullable(),
    version: z.int(),
    checkedAt: z
      .string()
      .meta({ description: "When an editor last published a change or a check (ISO 8601)." }),
    updatedAt: z.string(),
    proposedChanges: z.int().meta({ description: "How many proposed changes wait for review." }),
  })
  .meta({ id: "DataRecordSummary" });
export type RecordSummary = z.infer<typeof recordSummarySchema>;

export const RECORDS_LIMIT_MAX = 500;

/**
 * The desk's own refusal of a query parameter: the English sentence of its catalogue message (its values
 * filled in), with the message as its problem; the desk words it in the editor's language after the editor
 * check (its routes take their query's refusal with `attachValidation`).
 */
function deskRefusal(
  key: "badKind" | "badLimit" | "badPage" | "badPerPage" | "repeatedParameter",
  values: { max: number } | { name: string } | Record<string, never> = {},
): ParameterRefusal {
  const english = datadeskEnglish[`message.${key}`].replace(/\{(\w+)\}/g, (_, name: string) =>
    String((values as Record<string, string | number>)[name]),
  );
  return { message: english, problem: deskProblem(`datadesk.message.${key}`, values) };
}

/** A whole number from 1 to `max` as the desk reads it (spaces aside), or its default. */
const deskWholeNumber = (
  range: { max: number; fallback: number; description: string },
  refusal: ParameterRefusal,
) =>
  queryParameter(
    z.int().min(1).max(range.max).default(range.fallback).meta({ description: range.description }),
    (text) => wholeNumberUpTo(range.max)(text.trim()),
    refusal,
  );

export const recordsQuery = z.object({
  kind: queryParameter(
    z
      .enum(editableKinds)
      .default("state")
      .meta({ description: "state (default), school, estimate or country." }),
    (text) => editableKinds.find((kind) => kind === text.trim()),
    deskRefusal("badKind"),
  ),
  q: singleValueParam("Part of the record's name (case aside); empty lists all of the kind.", {
    message: "Please give one search at most.",
    problem: codeProblem("VALIDATION_FAILED"),
  }),
  limit: deskWholeNumber(
    {
      max: RECORDS_LIMIT_MAX,
      fallback: 50,
      description: `How many records at most, 1 to ${RECORDS_LIMIT_MAX} (default 50).`,
    },
    deskRefusal("badLimit", { max: RECORDS_LIMIT_MAX }),
  ),
});

export const pendingSchoolSchema = z
  .object({
    changeId: z
      .string()
      .meta({ description: "The proposed change (an addition or an import) that adds it." }),
    name: z.string(),
    state: z.string(),
  })
  .meta({ id: "DataPendingSchool" });
export type PendingSchool = z.infer<typeof pendingSchoolSchema>;

export const recordsAnswerSchema = z.object({
  success: z.literal(true),
  records: z.array(recordSummarySchema),
  total: z.int().meta({ description: "How many records match (the list holds the first `limit`)." }),
  pending: z
    .object({
      total: z.int().meta({ description: "How many schools matching q proposed changes would add." }),
      schools: z.array(pendingSchoolSchema).meta({ description: "The first `limit` of them." }),
    })
    .meta({
      description:
        "kind=school: schools not yet published that proposed additions and imports would add (no record yet).",
    }),
});
export type RecordsAnswer = z.infer<typeof recordsAnswerSchema>;

/** One field of a record as the edit form renders it (derived from src/domain/datadesk/fields.ts). */
export const recordFieldSchema = z
  .object({
    path: z.string().meta({ description: "The field's path in the document, and its name in `fields`." }),
    type: z.enum(fieldTypes),
    label: z.string().meta({ description: "Message id of the field's label (catalogue datadesk)." }),
    language: z
      .enum(translationLanguages)
      .nullable()
      .meta({ description: "For `translations.<lang>.<field>`: the language; null for the field itself." }),
    value: z.unknown().meta({ description: "The value now, as the document stores it (null when absent)." }),
    options: z.array(z.string()).nullable(),
    maxLength: z.int().nullable(),
    maxItems: z.int().nullable(),
    column: z.string().nullable().meta({ description: "The open-data column that shows it." }),
    filters: z.boolean(),
    requiredOnAdd: z.boolean(),
  })
  .meta({ id: "DataRecordField" });
export type RecordField = z.infer<typeof recordFieldSchema>;

export const recordParams = z.object({
  kind: z.string().meta({ description: "state, school or estimate." }),
  id: z.string().meta({ description: 'The record\'s id: "25", "120", "ndhs-2018".' }),
});

// Changes ----------------------------------------------------------------------------------------------

export const changeFieldSchema = z
  .object({
    field: z
      .string()
      .meta({ description: "A dotted path into the document (`law.year`, `translations.ha.desc`)." }),
    from: z.unknown().meta({ description: "The value when the change was proposed (null when absent)." }),
    to: z.unknown(),
  })
  .meta({ id: "DataChangeField" });
export type ChangeField = z.infer<typeof changeFieldSchema>;

const personSchema = z.object({ id: z.int().nullable(), name: z.string() });

/** One school an import adds or changes (src/domain/datadesk/school-import.ts). */
export const importRowSchema = z
  .object({
    row: z
      .int()
      .meta({ description: "Its row in the file, as a spreadsheet numbers them (the header is 1)." }),
    recordId: z
      .string()
      .nullable()
      .meta({ description: "The school changed; null for an addition (numbered at publication)." }),
    baseVersion: z.int().nullable(),
    name: z.string(),
    state: z.string(),
    fields: z.array(changeFieldSchema).meta({ description: "Each field it sets (an addition) or changes." }),
  })
  .meta({ id: "DataImportRow" });
export type ImportRowView = z.infer<typeof importRowSchema>;

export const importSummarySchema = z
  .object({
    additions: z.int().meta({ description: "How many schools it adds." }),
    changes: z.int().meta({ description: "How many schools it changes." }),
  })
  .meta({
    id: "DataImport",
    description: "An import's counts; its schools, a page at a time, at GET /changes/{id}/import-rows.",
  });

/** Schools an import holds are read a page at a time: 5,000 of them are megabytes. */
export const IMPORT_ROWS_PER_PAGE = 50;
export const IMPORT_ROWS_MAX_PER_PAGE = 200;

export const importPageSchema = z
  .object({
    additions: z.int().meta({ description: "How many schools the import adds, on every page." }),
    changes: z.int().meta({ description: "How many schools the import changes, on every page." }),
    total: z.int().meta({ description: "additions + changes." }),
    page: z.int(),
    per_page: z.int(),
    last_page: z.int(),
    rows: z.array(importRowSchema).meta({ description: "This page's schools, in the file's order." }),
  })
  .meta({ id: "DataImportPage" });
export type ImportPage = z.infer<typeof importPageSchema>;

/** An import's page numbers stop here (a file holds at most 5,000 schools). */
const IMPORT_ROWS_PAGE_MAX = 1_000_000_000;

export const importRowsQuery = z.object({
  page: deskWholeNumber(
    { max: IMPORT_ROWS_PAGE_MAX, fallback: 1, description: "Page number, 1 to last_page (default 1)." },
    deskRefusal("badPage", { max: IMPORT_ROWS_PAGE_MAX }),
  ),
  per_page: deskWholeNumber(
    {
      max: IMPORT_ROWS_MAX_PER_PAGE,
      fallback: IMPORT_ROWS_PER_PAGE,
      description: `Schools per page, 1 to ${IMPORT_ROWS_MAX_PER_PAGE} (default ${IMPORT_ROWS_PER_PAGE}).`,
    },
    deskRefusal("badPerPage", { max: IMPORT_ROWS_MAX_PER_PAGE }),
  ),
});

export const importRowsAnswerSchema = z.object({
  success: z.literal(true),
  import: importPageSchema,
});
export type ImportRowsAnswer = z.infer<typeof importRowsAnswerSchema>;

export const changeSchema = z
  .object({
    id: z.string(),
    kind: z.enum(editableKinds),
    recordId: z.string().nullable().meta({ description: "Null for an added school until it is published." }),
    recordName: z.string(),
    changeKind: z.enum(changeKinds),
    status: z.enum(changeStatuses),
    baseVersion: z.int().nullable(),
    fields: z.array(changeFieldSchema),
    sourceUrl: z.string().nullable(),
    sourceTitle: z
      .string()
      .nullable()
      .meta({ description: "The address's title (null without an address)." }),
    sourcePublisher: z.string().nullable().meta({ description: "Who published the address's page." }),
    sourceRead: z
      .string()
      .nullable()
      .meta({ description: "When the address was read (YYYY-MM-DD); null without an address." }),
    sourceDocumentId: z.string().nullable(),
    note: z.string(),
    mergeInto: z.string().nullable(),
    correctionId: z.string().nullable(),
    author: personSchema.nullable().meta({
      description: "Who proposed it (editors and admins only see this API; public history never names them).",
    }),
    mine: z
      .boolean()
      .meta({ description: "Proposed by the caller: they may withdraw it, never publish it." }),
    decidedBy: personSchema.nullable(),
    decidedAt: z.string().nullable(),
    reason: z.string().nullable().meta({ description: "Why it was rejected (shown to its author)." }),
    import: importSummarySchema
      .nullable()
      .meta({ description: 'changeKind "import": how many schools it adds and changes; null otherwise.' }),
    createdAt: z.string(),
  })
  .meta({ id: "DataChange" });
export type DataChange = z.infer<typeof changeSchema>;

export const recordAnswerSchema = z.object({
  success: z.literal(true),
  record: recordSummarySchema.extend({
    data: z.unknown().meta({ description: "The record's JSON document as published." }),
    fields: z.array(recordFieldSchema),
  }),
  changes: z.array(changeSchema).meta({ description: "Its proposed changes, oldest first." }),
});
export type RecordAnswer = z.infer<typeof recordAnswerSchema>;

/** What a change whose source is an address says of it; the server checks each (desk-refusal.ts). */
const sourceDetailsShape = {
  sourceTitle: z
    .string()
    .nullish()
    .meta({ description: "With sourceUrl: the page's title, 1 to 300 characters, no HTML." }),
  sourcePublisher: z
    .string()
    .nullish()
    .meta({ description: "With sourceUrl: who published it, 1 to 300 characters, no HTML." }),
  sourceRead: z
    .string()
    .nullish()
    .meta({ description: "With sourceUrl: the day it was read (YYYY-MM-DD), from 1960 to today." }),
};

const englishLabels: Record<string, string> = datadeskEnglish;

/** A field's label in English (the catalogue datadesk's), for the OpenAPI document. */
const englishLabel = (field: FieldDescription) =>
  englishLabels[field.label.slice("datadesk.".length)] ?? field.path;

/**
 * What an edit of a kind may set: each path the edit form shows (translations included) with its field's
 * type (src/domain/datadesk/fields.ts: fieldInputs), described by its label and what its rule takes; none
 * required, and no other path. The OpenAPI document and the web client's types come from it.
 */
export function editFieldsSchema<Kind extends EditableKind>(kind: Kind) {
  const shape = Object.fromEntries(
    editableFields(kind).map(({ path, field, language }) => {
      const input = fieldInput(field);
      const label = language === null ? englishLabel(field) : `${englishLabel(field)} (${language})`;
      return [path, input.optional().meta({ description: `${label}. ${input.description ?? ""}` })];
    }),
  );
  return z.strictObject(shape) as unknown as z.ZodObject<EditFieldsShape<Kind>, z.core.$strict>;
}

/**
 * A proposal as the desk reads it before each field's rule judges its value: a value of another type than
 * its field's is that field's problem, worded by its rule, not an unreadable body.
 */
export const changeProposalReading = z.object({
  kind: z.enum(editableKinds),
  recordId: z
    .string()
    .nullable()
    .meta({ description: "The record changed; null to add a school (its id is given at publication)." }),
  changeKind: z.enum(changeKinds),
  fields: z.record(z.string(), z.unknown()).optional(),
  sourceUrl: z
    .string()
    .nullish()
    .meta({ description: "The source: an http(s) address (or sourceDocumentId)." }),
  ...sourceDetailsShape,
  sourceDocumentId: z.string().nullish().meta({
    description: "The source: an uploaded document's id (its title, publisher and date are its own).",
  }),
  note: z.string().meta({ description: "What was changed and why (1 to 2000 characters)." }),
  correctionId: z.string().nullish().meta({ description: "The visitor's correction it comes from." }),
  mergeInto: z.string().nullish().meta({ description: "merge: the school the duplicate is merged into." }),
});

/** A proposal of a change to a record of this kind: its `fields` are the kind's. */
const proposalOfKind = <Kind extends EditableKind>(kind: Kind) =>
  changeProposalReading.extend({
    kind: z.literal(kind),
    fields: editFieldsSchema(kind)
      .optional()
      .meta({ description: "New values by field path; each is checked with its field's rule." }),
  });

/** A proposal's schema for each kind, in the order of the kinds (a tuple, as a discriminated union takes). */
type ProposalsOf<Kinds extends readonly EditableKind[]> = {
  [Index in keyof Kinds]: ReturnType<typeof proposalOfKind<Kinds[Index] & EditableKind>>;
};

/** The body of a proposal, per kind of record: what the OpenAPI document shows and the web app sends. */
export const changeProposalSchema = z
  .discriminatedUnion(
    "kind",
    editableKinds.map(proposalOfKind) as unknown as ProposalsOf<typeof editableKinds>,
  )
  .meta({ id: "DataChangeProposal" });
export type ChangeProposal = z.input<typeof changeProposalSchema>;

export const CHANGES_LIMIT_MAX = 200;

/**
 * The list of changes' query. A refusal carries the desk's sentence as its problem: the desk answers it
 * after the editor check, worded in the editor's language (the English sentence is the desk's own).
 */
export const changesQuery = z.object({
  status: choiceParam(
    changeStatuses,
    { description: "proposed (default, unless mine), published, rejected or withdrawn." },
    {
      message: "Please choose proposed, published, rejected or withdrawn.",
      problem: deskProblem("datadesk.message.badStatus"),
    },
  ),
  mine: queryParameter(
    z.boolean().default(false).meta({
      description: "true: only the caller's own changes (any status unless status is given).",
    }),
    (text) => text.trim() === "true",
    { message: "Please say true or nothing for mine.", problem: codeProblem("VALIDATION_FAILED") },
  ),
  kind: choiceParam(
    editableKinds,
    { description: "state, school, estimate or country." },
    {
      message: "Please choose state, school, estimate or the national record.",
      problem: deskProblem("datadesk.message.badKind"),
    },
  ),
  recordId: singleValueParam("Only the changes of this record (with kind).", {
    message: "Please give one record at most.",
    problem: codeProblem("VALIDATION_FAILED"),
  }),
  limit: queryParameter(
    z
      .int()
      .min(1)
      .max(CHANGES_LIMIT_MAX)
      .default(100)
      .meta({ description: `How many at most, 1 to ${CHANGES_LIMIT_MAX} (default 100).` }),
    (text) => wholeNumberUpTo(CHANGES_LIMIT_MAX)(text.trim()),
    {
      message: `The limit must be a whole number from 1 to ${CHANGES_LIMIT_MAX}.`,
      problem: deskProblem("datadesk.message.badLimit", { max: CHANGES_LIMIT_MAX }),
    },
  ),
});

export const changesAnswerSchema = z.object({
  success: z.literal(true),
  changes: z.array(changeSchema),
  counts: z.object({ proposed: z.int(), published: z.int(), rejected: z.int(), withdrawn: z.int() }),
});
export type ChangesAnswer = z.infer<typeof changesAnswerSchema>;

export const changeParams = z.object({ id: z.string().meta({ description: "The change's id (a UUID)." }) });

export const rejectionSchema = z
  .object({ reason: z.string().meta({ description: "Why (1 to 2000 characters); its author reads it." }) })
  .meta({ id: "DataChangeRejection" });

export const changeAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  change: changeSchema,
});
export type ChangeAnswer = z.infer<typeof changeAnswerSchema>;

export const changePublishedAnswerSchema = changeAnswerSchema.extend({
  record: recordSummarySchema.nullable().meta({ description: "The record published (null for an import)." }),
  datasetVersion: z.int().meta({ description: "The dataset's version this publication made." }),
  generation: z.int().meta({ description: "The data's generation after it (pages follow it)." }),
});
export type ChangePublishedAnswer = z.infer<typeof changePublishedAnswerSchema>;

// Imports ----------------------------------------------------------------------------------------------

/** An import's parameter given twice (`?sourceTitle=A&sourceTitle=B`): refused, never read as absent. */
const givenTwice = (name: string) => deskRefusal("repeatedParameter", { name });

/** A text parameter of an import sent as the file itself, trimmed; checked with the change it makes. */
const importText = (name: string, description: string) => singleValueParam(description, givenTwice(name));

export const importQuery = z.object({
  dryRun: queryParameter(
    z.boolean().default(false).meta({
      description: "1 or true: check the file and answer what it would do; nothing is stored.",
    }),
    (text) => ["1", "true"].includes(text.trim()),
    givenTwice("dryRun"),
  ),
  sourceUrl: importText("sourceUrl", "With a text/csv body: the source (an http(s) address)."),
  sourceTitle: importText("sourceTitle", "With a text/csv body and sourceUrl: its title."),
  sourcePublisher: importText("sourcePublisher", "With a text/csv body and sourceUrl: its publisher."),
  sourceRead: importText(
    "sourceRead",
    "With a text/csv body and sourceUrl: the day it was read (YYYY-MM-DD).",
  ),
  sourceDocumentId: importText(
    "sourceDocumentId",
    "With a text/csv body: the source (an uploaded document's id).",
  ),
  note: importText("note", "With a text/csv body: what the import changes and why."),
  ...importRowsQuery.shape,
});

export const importBodySchema = z
  .object({
    csv: z.string().meta({
      description:
        "The file's text: the header row of schools.csv's columns (id, name and state required), then one school a row. At most 2 MB and 5,000 rows. The body may instead be the file itself (Content-Type: text/csv), with the source and note in the query.",
    }),
    sourceUrl: z.string().nullish(),
    ...sourceDetailsShape,
    sourceDocumentId: z.string().nullish(),
    note: z.string().nullish().meta({ description: "Required unless dryRun." }),
  })
  .meta({ id: "DataImportUpload" });
export type ImportUpload = z.input<typeof importBodySchema>;

export const importProblemSchema = z
  .object({
    row: z.int().meta({ description: "The row as a spreadsheet numbers it (the header is row 1)." }),
    column: z.string().meta({ description: 'The column\'s name, or "" for the row as a whole.' }),
    key: z
      .enum(problemKeys)
      .meta({ description: "The problem: `datadesk.problem.<key>` in the catalogues." }),
    params: deskProblemParams,
    message: z.string().meta({ description: "What to fix, in the editor's language." }),
  })
  .meta({ id: "DataImportProblem" });
export type ImportProblemView = z.infer<typeof importProblemSchema>;

const importPlanShape = {
  rows: z.int().meta({ description: "The schools the file lists." }),
  problems: z.array(importProblemSchema),
  schools: importPageSchema.meta({
    description: "The schools it adds and changes: the page asked for (?page=&per_page=), and the counts.",
  }),
  unchanged: z.int().meta({ description: "Rows whose school already says what the row says." }),
  ignoredColumns: z.array(z.string()).meta({
    description: "Columns read but never changed by an import (state_id, picture_url, as_of, status).",
  }),
};

export const importAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  dryRun: z.boolean(),
  ...importPlanShape,
  counts: z
    .object({ rows: z.int(), problems: z.int(), additions: z.int(), changes: z.int() })
    .meta({ description: "What `message` says: the file's rows, its problems, the additions and changes." }),
  change: changeSchema.nullable().meta({ description: "The proposed change (null for a dry run)." }),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

/** A refused import: the file as a whole (`refusal`), or its rows' problems with the rest of the plan. */
export const importFailureSchema = dataDeskFailureSchema
  .extend({
    refusal: z.enum(importRefusalKeys).optional(),
    plan: z
      .object(importPlanShape)
      .optional()
      .meta({ description: "400: the rows' problems, and what else the file holds." }),
  })
  .meta({ id: "DataImportFailure" });
export type ImportFailure = z.infer<typeof importFailureSchema>;

export const dataDeskApi = {
  records: endpoint({
    method: "GET",
    path: `${DATA_DESK_PREFIX}/records`,
    tag,
    summary: "Find records by name, with their version, last check and how many proposed changes wait.",
    access: "data:propose",
    querystring: recordsQuery,
    response: { 200: recordsAnswerSchema, ...failures(401, 403), ...deskFailures(400) },
  }),
  record: endpoint({
    method: "GET",
    path: `${DATA_DESK_PREFIX}/records/:kind/:id`,
    tag,
    summary: "One record: its document, its fields as the edit form shows them, its proposed changes.",
    access: "data:propose",
    params: recordParams,
    response: { 200: recordAnswerSchema, ...failures(401, 403, 404) },
  }),
  propose: endpoint({
    method: "POST",
    path: `${DATA_DESK_PREFIX}/changes`,
    tag,
    summary:
      "Propose a change (edit, add a school, close, reopen, merge, checked): every field checked with its rule; a source and a note required.",
    access: "data:propose",
    body: changeProposalSchema,
    response: { 201: changeAnswerSchema, ...failures(401, 403, 413, 415), ...deskFailures(400, 404) },
  }),
  changes: endpoint({
    method: "GET",
    path: `${DATA_DESK_PREFIX}/changes`,
    tag,
    summary:
      "The review queue (proposed, oldest first), decided changes (newest first), or the caller's own.",
    access: "data:propose",
    querystring: changesQuery,
    response: { 200: changesAnswerSchema, ...failures(401, 403), ...deskFailures(400) },
  }),
  publish: endpoint({
    method: "POST",
    path: `${DATA_DESK_PREFIX}/changes/:id/publish`,
    tag,
    summary:
      "Publish another editor's proposed change in one transaction (record version, dataset version, generation, audit); 409 CHANGE_CONFLICT with both values when a field changed since.",
    access: "data:publish",
    params: changeParams,
    response: { 200: changePublishedAnswerSchema, ...failures(401, 404), ...deskFailures(400, 403, 409) },
  }),
  reject: endpoint({
    method: "POST",
    path: `${DATA_DESK_PREFIX}/changes/:id/reject`,
    tag,
    summary: "Reject another editor's proposed change with a reason its author reads.",
    access: "data:publish",
    params: changeParams,
    body: rejectionSchema,
    response: { 200: changeAnswerSchema, ...failures(401, 404, 413, 415), ...deskFailures(400, 403, 409) },
  }),
  importSchools: endpoint({
    method: "POST",
    path: `${DATA_DESK_PREFIX}/imports`,
    tag,
    summary:
      "Import schools from a CSV with schools.csv's columns: with dryRun, each row's problems and the additions and changes it would make; without, one proposed change (changeKind import) holding them all, reviewed and published like any other.",
    access: "data:propose",
    querystring: importQuery,
    body: importBodySchema,
    response: {
      200: importAnswerSchema,
      201: importAnswerSchema,
      ...failures(401, 403, 415),
      400: importFailureSchema,
      413: importFailureSchema,
    },
  }),
  importRows: endpoint({
    method: "GET",
    path: `${DATA_DESK_PREFIX}/changes/:id/import-rows`,
    tag,
    summary:
      "An import's schools, a page at a time in the file's order, each with its fields old → new; 400 for a page or per_page out of range.",
    access: "data:propose",
    params: changeParams,
    querystring: importRowsQuery,
    response: { 200: importRowsAnswerSchema, ...failures(401, 403), ...deskFailures(400, 404) },
  }),
  withdraw: endpoint({
    method: "POST",
    path: `${DATA_DESK_PREFIX}/changes/:id/withdraw`,
    tag,
    summary: "Withdraw one's own proposed change.",
    access: "data:propose",
    params: changeParams,
    response: { 200: changeAnswerSchema, ...failures(401, 404), ...deskFailures(403, 409) },
  }),
} as const;

/** The kinds of record a field path list is known for (the form asks for a kind's fields by this). */
export const dataDeskFields = fieldsOf;
