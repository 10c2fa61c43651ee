import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { DOCUMENT_CONTENT_TYPE } from "../../domain/datadesk/documents";
import type { ChangeConflict, DataChange, RecordSummary } from "../../domain/api/datadesk";
import type { ChangeKind, ChangeStatus, RecordStatus } from "../../domain/datadesk/record-kinds";
import { datasetOf } from "../../domain/datadesk/record-kinds";
import { newSchoolDocument } from "../../domain/datadesk/school-import";
import {
  editSchema,
  fieldAt,
  fieldsOf,
  rankNumber,
  recordName,
  recordNameKey,
  recordProblems,
  sameValue,
  valueAt,
  type EditableKind,
  type FieldProblem,
  type FieldProblemKey,
} from "../../domain/datadesk/fields";
import { recordAudit } from "../audit/audit-log";
import { markCorrectionUsed } from "../corrections/routes";
import type { Database } from "../db/database";
import {
  corrections,
  dataChanges,
  dataDocuments,
  dataRecordVersions,
  dataRecords,
  datasetVersions,
  users,
} from "../db/schema";
import { ESTIMATES_DATASET_ID } from "./seed";
import { raiseGeneration } from "./generation";
import {
  DeskRefusal,
  PUBLICATION_LOCK,
  checkSourceAndNote,
  refuse,
  type GivenSource,
  type Problem,
} from "./desk-refusal";
import { dayProposed, sourcesOfChange, withChangeSources } from "./change-sources";
import { fieldValueAt, withFieldValueAt } from "../../domain/datadesk/source-field";
import { storedDocumentWithSources } from "../../domain/datasets/record-sources";
import { importAdditionsCount, importRowsCount, publishImport } from "./import-store";
import { UUID_SHAPE } from "../../domain/uuid-shape";

// The data desk's changes: proposed by an editor against a record's version, published or
// rejected by another editor or an admin. Publishing is one transaction: the record's new version, the
// dataset's new version, the data's generation, the change's decision, the correction it came from and
// the audit entry commit together or not at all.

export const REASON_MAX = 2000;
export { DeskRefusal, NOTE_MAX, type Problem } from "./desk-refusal";

type RecordRow = typeof dataRecords.$inferSelect;
type ChangeRow = typeof dataChanges.$inferSelect;

// Records ------------------------------------------------------------------------------------------------

const nameKey = recordNameKey;

function proposedCounts(db: Database) {
  return db
    .select({ kind: dataChanges.kind, recordId: dataChanges.recordId, proposed: count().as("proposed") })
    .from(dataChanges)
    .where(eq(dataChanges.status, "proposed"))
    .groupBy(dataChanges.kind, dataChanges.recordId)
    .as("proposed_counts");
}

/** A school's rows in imports still proposed: each counts as one proposed change of that school. */
const proposedImports = and(
  eq(dataChanges.status, "proposed"),
  eq(dataChanges.changeKind, "import"),
  isNull(dataChanges.importId),
);
const importRow = sql.raw("import_row.value");

/** Per school, how many proposed imports change it (an import's rows are in its JSON, not in record_id). */
function importTouches(db: Database) {
  return db
    .select({
      recordId: sql<string>`(${importRow} ->> 'recordId')`.as("touched_id"),
      touches: count().as("touches"),
    })
    .from(
      sql`${dataChanges} cross join lateral jsonb_array_elements(${dataChanges.importRows}) as import_row(value)`,
    )
    .where(and(proposedImports, sql`(${importRow} ->> 'recordId') is not null`))
    .groupBy(sql`(${importRow} ->> 'recordId')`)
    .as("import_touches");
}

/** The proposed imports that change school `id`. */
const importChanging = (id: string) =>
  and(proposedImports, sql`${dataChanges.importRows} @> ${JSON.stringify([{ recordId: id }])}::jsonb`);

/**
 * Schools proposed but not yet published, by a proposed addition or a proposed import's new rows: the desk
 * shows them as pending (they have no record, so no search finds them otherwise). Those whose name contains
 * `q`, the first `limit`, and how many there are in all.
 */
export async function pendingSchools(
  db: Database,
  q: string,
  limit: number,
): Promise<{ total: number; schools: { changeId: string; name: string; state: string }[] }> {
  const pattern = `%${q.trim().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const byName = (name: SQL) => (q.trim() === "" ? undefined : sql`${name} ilike ${pattern}`);
  const importName = sql`(${importRow} ->> 'name')`;
  const importRows = sql`${dataChanges} cross join lateral jsonb_array_elements(${dataChanges.importRows}) as import_row(value)`;
  const fromImports = and(proposedImports, sql`(${importRow} ->> 'recordId') is null`, byName(importName));
  const addedName = sql`(select added.value ->> 'to' from jsonb_array_elements(${dataChanges.fields}) as added(value)
    where added.value ->> 'field' = 'name' limit 1)`;
  const addedState = sql`(select added.value ->> 'to' from jsonb_array_elements(${dataChanges.fields}) as added(value)
    where added.value ->> 'field' = 'state' limit 1)`;
  const fromAdditions = and(
    eq(dataChanges.status, "proposed"),
    eq(dataChanges.kind, "school"),
    eq(dataChanges.changeKind, "add"),
    byName(addedName),
  );
  const [imported, added, [importCount], [addCount]] = await Promise.all([
    db
      .select({
        // As SQL: the query reads from a lateral join Drizzle does not know as data_changes.
        changeId: sql<string>`${dataChanges.id}`,
        name: sql<string>`coalesce(${importName}, '')`,
        state: sql<string>`coalesce(${importRow} ->> 'state', '')`,
      })
      .from(importRows)
      .where(fromImports)
      .orderBy(asc(dataChanges.createdAt), sql`(${importRow} ->> 'row')::int`)
      .limit(limit),
    db
      .select({
        changeId: dataChanges.id,
        name: sql<string>`coalesce(${addedName}, '')`,
        state: sql<string>`coalesce(${addedState}, '')`,
      })
      .from(dataChanges)
      .where(fromAdditions)
      .orderBy(asc(dataChanges.createdAt))
      .limit(limit),
    db.select({ total: count() }).from(importRows).where(fromImports),
    db.select({ total: count() }).from(dataChanges).where(fromAdditions),
  ]);
  return {
    total: Number(importCount?.total ?? 0) + Number(addCount?.total ?? 0),
    schools: [...added, ...imported].slice(0, limit),
  };
}

function toSummary(kind: EditableKind, row: RecordRow, proposed: number): RecordSummary {
  return {
    kind,
    id: row.id,
    name: recordName(kind, row.data),
    status: row.status,
    mergedInto: row.mergedInto,
    version: row.version,
    checkedAt: row.checkedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    proposedChanges: Number(proposed),
  };
}

/** Records of a kind whose name contains `q` (case aside), states by id, schools and estimates by name. */
export async function findRecords(
  db: Database,
  kind: EditableKind,
  q: string,
  limit: number,
): Promise<{ records: RecordSummary[]; total: number }> {
  const name = sql`(${dataRecords.data} ->> ${nameKey[kind]})`;
  const pattern = `%${q.trim().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const where = and(
    eq(dataRecords.kind, kind),
    ne(dataRecords.id, ESTIMATES_DATASET_ID),
    q.trim() === "" ? undefined : sql`${name} ilike ${pattern}`,
  );
  const counts = proposedCounts(db);
  const touches = importTouches(db);
  const [rows, [total]] = await Promise.all([
    db
      .select({ record: dataRecords, proposed: counts.proposed, touches: touches.touches })
      .from(dataRecords)
      .leftJoin(counts, and(eq(counts.kind, dataRecords.kind), eq(counts.recordId, dataRecords.id)))
      .leftJoin(touches, and(eq(dataRecords.kind, "school"), eq(touches.recordId, dataRecords.id)))
      .where(where)
      .orderBy(kind === "state" ? sql`(${dataRecords.id})::integer` : asc(name), asc(dataRecords.id))
      .limit(limit),
    db.select({ total: count() }).from(dataRecords).where(where),
  ]);
  return {
    records: rows.map((row) =>
      toSummary(kind, row.record, Number(row.proposed ?? 0) + Number(row.touches ?? 0)),
    ),
    total: total?.total ?? 0,
  };
}

export async function findRecord(db: Database, kind: EditableKind, id: string): Promise<RecordRow | null> {
  if (id === ESTIMATES_DATASET_ID) return null;
  const [row] = await db
    .select()
    .from(dataRecords)
    .where(and(eq(dataRecords.kind, kind), eq(dataRecords.id, id)));
  return row ?? null;
}

export async function recordSummary(
  db: Database,
  kind: EditableKind,
  row: RecordRow,
): Promise<RecordSummary> {
  const [proposed] = await db
    .select({ proposed: count() })
    .from(dataChanges)
    .where(
      or(
        and(eq(dataChanges.kind, kind), eq(dataChanges.recordId, row.id), eq(dataChanges.status, "proposed")),
        kind === "school" ? importChanging(row.id) : undefined,
      ),
    );
  return toSummary(kind, row, proposed?.proposed ?? 0);
}

// Changes as editors read them -------------------------------------------------------------------------

const authors = aliasedTable(users, "authors");
const deciders = aliasedTable(users, "deciders");

// A change as lists show it: an import's rows (megabytes for thousands of schools) stay in the database,
// which counts them; GET /changes/:id/import-rows reads them a page at a time.
const { importRows: _importRows, ...changeTableColumns } = getTableColumns(dataChanges);
const changeColumns = {
  change: changeTableColumns,
  importAdditions: importAdditionsCount,
  importRows: importRowsCount,
  recordData: dataRecords.data,
  authorFirstname: authors.firstname,
  authorLastname: authors.lastname,
  deciderFirstname: deciders.firstname,
  deciderLastname: deciders.lastname,
};

function changesQuery(db: Database) {
  return db
    .select(changeColumns)
    .from(dataChanges)
    .leftJoin(
      dataRecords,
      and(eq(dataRecords.kind, dataChanges.kind), eq(dataRecords.id, dataChanges.recordId)),
    )
    .leftJoin(authors, eq(authors.id, dataChanges.authorId))
    .leftJoin(deciders, eq(deciders.id, dataChanges.decidedBy));
}

type ChangeListRow = Awaited<ReturnType<ReturnType<typeof changesQuery>["execute"]>>[number];

const personName = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, name: `${first ?? ""} ${last ?? ""}`.trim() || "—" };

export interface ChangeField {
  field: string;
  from: unknown;
  to: unknown;
}

function toChangeView(row: ChangeListRow, viewerId: number): DataChange {
  const { change } = row;
  const kind = change.kind as EditableKind;
  const fields = change.fields as ChangeField[];
  const addedName = fields.find((field) => field.field === nameKey[kind])?.to;
  return {
    id: change.id,
    kind,
    recordId: change.recordId,
    recordName: row.recordData
      ? recordName(kind, row.recordData)
      : typeof addedName === "string"
        ? addedName
        : "",
    changeKind: change.changeKind,
    status: change.status,
    baseVersion: change.baseVersion,
    fields,
    sourceUrl: change.sourceUrl,
    sourceTitle: change.sourceTitle,
    sourcePublisher: change.sourcePublisher,
    sourceRead: change.sourceRead,
    sourceDocumentId: change.sourceDocumentId,
    note: change.note,
    mergeInto: change.mergeInto,
    correctionId: change.correctionId,
    author: personName(change.authorId, row.authorFirstname, row.authorLastname),
    mine: change.authorId === viewerId,
    decidedBy: personName(change.decidedBy, row.deciderFirstname, row.deciderLastname),
    decidedAt: change.decidedAt?.toISOString() ?? null,
    reason: change.reason,
    import:
      row.importRows === null
        ? null
        : {
            additions: Number(row.importAdditions ?? 0),
            changes: Number(row.importRows) - Number(row.importAdditions ?? 0),
          },
    createdAt: change.createdAt.toISOString(),
  };
}

export async function changeView(db: Database, id: string, viewerId: number): Promise<DataChange | null> {
  const [row] = await changesQuery(db).where(eq(dataChanges.id, id));
  return row ? toChangeView(row, viewerId) : null;
}

/** A change this request has just written or decided, as its author or reviewer sees it. */
export async function writtenChangeView(db: Database, id: string, viewerId: number): Promise<DataChange> {
  const view = await changeView(db, id, viewerId);
  // The row was written or updated by this request: it cannot be missing.
  if (!view) throw new Error(`data change ${id} was not found after it was written`);
  return view;
}

export interface ChangeFilter {
  status: ChangeStatus | null;
  authorId: number | null;
  kind: EditableKind | null;
  recordId: string | null;
  limit: number;
}

/** The queue (proposed, oldest first) or decided changes (newest first), with the count of each status. */
export async function listChanges(db: Database, filter: ChangeFilter, viewerId: number) {
  // A published import's part for each school is the import's own detail, not a change of the lists.
  const scope: SQL[] = [isNull(dataChanges.importId)];
  if (filter.authorId !== null) scope.push(eq(dataChanges.authorId, filter.authorId));
  if (filter.kind !== null) scope.push(eq(dataChanges.kind, filter.kind));
  if (filter.recordId !== null) scope.push(eq(dataChanges.recordId, filter.recordId));
  const where = and(...scope, filter.status === null ? undefined : eq(dataChanges.status, filter.status));
  const oldestFirst = filter.status === "proposed";
  const [rows, counted] = await Promise.all([
    changesQuery(db)
      .where(where)
      .orderBy(oldestFirst ? asc(dataChanges.createdAt) : desc(dataChanges.createdAt), asc(dataChanges.id))
      .limit(filter.limit),
    db
      .select({ status: dataChanges.status, total: count() })
      .from(dataChanges)
      .where(and(...scope))
      .groupBy(dataChanges.status),
  ]);
  const counts = { proposed: 0, published: 0, rejected: 0, withdrawn: 0 };
  for (const { status, total } of counted) counts[status] = total;
  return { changes: rows.map((row) => toChangeView(row, viewerId)), counts };
}

/** A record's proposed changes, oldest first; for a school, the proposed imports that change it too. */
export async function proposedChangesOf(db: Database, kind: EditableKind, id: string, viewerId: number) {
  const rows = await changesQuery(db)
    .where(
      or(
        and(eq(dataChanges.kind, kind), eq(dataChanges.recordId, id), eq(dataChanges.status, "proposed")),
        kind === "school" ? importChanging(id) : undefined,
      ),
    )
    .orderBy(asc(dataChanges.createdAt), asc(dataChanges.id));
  return rows.map((row) => toChangeView(row, viewerId));
}

// Proposing ------------------------------------------------------------------------------------------------

export interface Proposal extends GivenSource {
  kind: EditableKind;
  recordId: string | null;
  changeKind: ChangeKind;
  fields: Record<string, unknown>;
  note: string;
  correctionId: string;
  mergeInto: string;
}

const changeKindsOf: Record<EditableKind, readonly ChangeKind[]> = {
  state: ["edit", "checked"],
  school: ["edit", "add", "close", "reopen", "merge", "checked"],
  estimate: ["edit", "checked"],
  country: ["edit", "checked"],
};

/** The states (other than `exceptId`) that have the rank `ranking` ("5th"). */
async function statesWithRank(db: Database, ranking: string, exceptId: string | null) {
  const wanted = rankNumber(ranking);
  if (wanted === null) return [];
  const states = await db
    .select({ id: dataRecords.id, data: dataRecords.data })
    .from(dataRecords)
    .where(eq(dataRecords.kind, "state"));
  return states
    .filter((state) => state.id !== exceptId && rankNumber(valueAt(state.data, "ranking")) === wanted)
    .map((state) => ({ id: state.id, name: recordName("state", state.data) }));
}

/** Checks a proposal against the rules and the record as it is now; stores it as proposed. */
export async function proposeChange(
  db: Database,
  proposal: Proposal,
  authorId: number,
  now: Date,
): Promise<string> {
  const { kind, changeKind } = proposal;
  const problems: Problem[] = [];
  if (!changeKindsOf[kind].includes(changeKind)) {
    throw refuse([{ field: "changeKind", key: "notForKind" }]);
  }
  const adding = changeKind === "add";
  if (adding && proposal.recordId !== null) throw refuse([{ field: "recordId", key: "notForKind" }]);
  if (!adding && proposal.recordId === null) throw refuse([{ field: "recordId", key: "recordMissing" }]);
  const record = proposal.recordId === null ? null : await findRecord(db, kind, proposal.recordId);
  if (!adding && !record)
    throw new DeskRefusal(404, "message.recordNotFound", {
      problems: [{ field: "recordId", key: "recordUnknown" }],
    });
  if (record?.status === "merged") throw refuse([{ field: "recordId", key: "notForKind" }]);

  // The source and the note.
  const checkedSource = await checkSourceAndNote(db, proposal, now);
  const { sourceUrl, sourceTitle, sourcePublisher, sourceRead, sourceDocumentId, note } = checkedSource;
  problems.push(...checkedSource.problems);
  const correctionId = proposal.correctionId.trim().toLowerCase();
  if (correctionId !== "") {
    const [correction] = UUID_SHAPE.test(correctionId)
      ? await db
          .select({ subject: corrections.subject, subjectId: corrections.subjectId })
          .from(corrections)
          .where(eq(corrections.id, correctionId))
      : [];
    if (!correction) problems.push({ field: "correctionId", key: "correctionUnknown" });
    // A change links only the correction of its own record (a translation's is no record's).
    else if (
      correction.subject !== kind ||
      proposal.recordId === null ||
      String(correction.subjectId) !== proposal.recordId
    ) {
      problems.push({ field: "correctionId", key: "correctionOtherRecord" });
    }
  }

  // The fields, each with its rule, then the rules across fields.
  const parsed = editSchema(kind, { thisYear: now.getUTCFullYear() }).safeParse(proposal.fields);
  const values: Record<string, unknown> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.code === "unrecognized_keys" ? (issue.keys[0] ?? "") : String(issue.path[0] ?? "");
      const field = `fields.${path}`;
      if (!problems.some((known) => known.field === field)) {
        problems.push({ field, key: issue.message as FieldProblemKey });
      }
    }
  } else {
    for (const [path, value] of Object.entries(parsed.data)) if (value !== undefined) values[path] = value;
  }
  for (const problem of await documentProblems(db, kind, values)) {
    if (!problems.some((known) => known.field === problem.field)) problems.push(problem);
  }
  const before = (record?.data ?? newSchoolDocument()) as Record<string, unknown>;
  let after = before;
  const today = dayProposed({ createdAt: now });
  for (const [path, value] of Object.entries(values)) after = withFieldValueAt(after, path, value, today);
  const touches = (path: string) => path in values;
  if (
    kind === "school" &&
    (adding || touches("state") || touches("local_government") || touches("latitude") || touches("longitude"))
  ) {
    const checked = recordProblems(kind, after);
    for (const problem of checked.problems) problems.push(fieldProblem(problem));
    if (touches("local_government") || touches("state")) {
      values.local_government = checked.document.local_government;
      after = checked.document;
    }
  }
  if (adding) {
    for (const field of fieldsOf[kind].filter((candidate) => candidate.requiredOnAdd)) {
      const value = valueAt(after, field.path);
      if (
        (typeof value !== "string" || value.trim() === "") &&
        !problems.some((known) => known.field === `fields.${field.path}`)
      ) {
        problems.push({ field: `fields.${field.path}`, key: "required" });
      }
    }
  }
  if (kind === "state" && typeof values.ranking === "string" && values.ranking !== "") {
    const [holder] = await statesWithRank(db, values.ranking, proposal.recordId);
    if (holder) {
      problems.push({
        field: "fields.ranking",
        key: "rankTaken",
        values: { state: holder.name, rank: values.ranking },
      });
    }
  }

  // What changes, and whether the kind of change fits the record.
  const changed: ChangeField[] = Object.entries(values)
    .filter(([path]) => !sameValue(fieldValueAt(before, path), values[path]))
    .map(([path, to]) => ({ field: path, from: adding ? null : (fieldValueAt(before, path) ?? null), to }));
  const mergeInto = proposal.mergeInto.trim();
  if (changeKind === "merge") {
    if (mergeInto === "") problems.push({ field: "mergeInto", key: "mergeIntoMissing" });
    else if (mergeInto === proposal.recordId) problems.push({ field: "mergeInto", key: "mergeIntoSelf" });
    else {
      const target = await findRecord(db, kind, mergeInto);
      if (!target || target.status !== "open") problems.push({ field: "mergeInto", key: "mergeIntoUnknown" });
    }
  }
  if (changeKind === "close" && record?.status === "closed")
    problems.push({ field: "changeKind", key: "alreadyClosed" });
  if (changeKind === "reopen" && record?.status === "open")
    problems.push({ field: "changeKind", key: "alreadyOpen" });
  if (changeKind === "edit" && changed.length === 0 && parsed.success) {
    problems.push({ field: "fields", key: "nothingChanged" });
  }
  if (
    (changeKind === "checked" ||
      changeKind === "close" ||
      changeKind === "reopen" ||
      changeKind === "merge") &&
    changed.length > 0
  ) {
    problems.push({ field: "fields", key: "notForKind" });
  }
  if (problems.length > 0) throw refuse(problems);

  const [row] = await db
    .insert(dataChanges)
    .values({
      kind,
      recordId: proposal.recordId,
      changeKind,
      baseVersion: record?.version ?? null,
      fields: changed,
      sourceUrl: sourceUrl || null,
      sourceTitle: sourceUrl ? sourceTitle : null,
      sourcePublisher: sourceUrl ? sourcePublisher : null,
      sourceRead: sourceUrl ? sourceRead : null,
      sourceDocumentId: sourceDocumentId || null,
      note,
      authorId,
      correctionId: correctionId || null,
      mergeInto: changeKind === "merge" ? mergeInto : null,
      createdAt: now,
    })
    .returning({ id: dataChanges.id });
  if (!row) throw new Error("the change was not stored");
  return row.id;
}

/**
 * A field naming a document (a law's, the national policy's, the SDIR report's) must name an uploaded PDF:
 * a well-formed id of nothing would leave a page promising a download it cannot give.
 */
async function documentProblems(
  db: Database,
  kind: EditableKind,
  values: Record<string, unknown>,
): Promise<Problem[]> {
  const named = Object.entries(values).filter(
    (entry): entry is [string, string] =>
      fieldAt(kind, entry[0])?.type === "document" && typeof entry[1] === "string" && entry[1] !== "",
  );
  if (named.length === 0) return [];
  const found = await db
    .select({ id: dataDocuments.id })
    .from(dataDocuments)
    .where(
      and(
        inArray(
          dataDocuments.id,
          named.map(([, id]) => id),
        ),
        eq(dataDocuments.contentType, DOCUMENT_CONTENT_TYPE),
      ),
    );
  const pdfs = new Set(found.map((row) => row.id));
  return named
    .filter(([, id]) => !pdfs.has(id))
    .map(([path]) => ({ field: `fields.${path}`, key: "document" as const }));
}

function fieldProblem(problem: FieldProblem): Problem {
  return {
    field: `fields.${problem.field}`,
    key: problem.key,
    ...(problem.values ? { values: problem.values } : {}),
  };
}

// Deciding ------------------------------------------------------------------------------------------------

async function lockedChange(tx: Database, id: string): Promise<ChangeRow> {
  if (!UUID_SHAPE.test(id)) throw new DeskRefusal(404, "message.changeNotFound");
  const [change] = await tx
    .select()
    .from(dataChanges)
    .where(eq(dataChanges.id, id.toLowerCase()))
    .for("update");
  if (!change) throw new DeskRefusal(404, "message.changeNotFound");
  return change;
}

/** The record status a change of this kind expects to find, and the one it leaves. */
function statusesOf(
  change: ChangeRow,
  current: RecordStatus,
): { expected: RecordStatus; after: RecordStatus } {
  switch (change.changeKind) {
    case "close":
      return { expected: "open", after: "closed" };
    case "reopen":
      return { expected: "closed", after: "open" };
    case "merge":
      return { expected: "open", after: "merged" };
    default:
      return { expected: current === "merged" ? "open" : current, after: current };
  }
}

export interface Publication {
  change: ChangeRow;
  /** The record published (null for an import, which publishes many). */
  record: RecordRow | null;
  datasetVersion: number;
  generation: number;
}

/**
 * Publishes another person's proposed change, all or nothing. Refused: its author (403), a change no
 * longer proposed (409), a field another publication changed since (409 CHANGE_CONFLICT with both values),
 * a rank another state has (409 RANK_TAKEN).
 */
export async function publishChange(
  db: Database,
  id: string,
  reviewerId: number,
  now: Date,
  /** PUBLIC_URL, for the link in the e-mail to a correction's sender. */
  publicUrl = "",
): Promise<Publication> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PUBLICATION_LOCK})`);
    const change = await lockedChange(tx, id);
    if (change.authorId === reviewerId)
      throw new DeskRefusal(403, "message.ownChange", { code: "OWN_CHANGE" });
    if (change.status !== "proposed") throw new DeskRefusal(409, "message.decided", { code: "CONFLICT" });
    if (change.changeKind === "import") return publishImport(tx, change, reviewerId, now);
    const kind = change.kind as EditableKind;
    const fields = change.fields as ChangeField[];
    const adding = change.changeKind === "add";

    let current: RecordRow | null = null;
    if (!adding) {
      const [row] = await tx
        .select()
        .from(dataRecords)
        .where(and(eq(dataRecords.kind, kind), eq(dataRecords.id, change.recordId ?? "")))
        .for("update");
      if (!row) throw new DeskRefusal(404, "message.recordNotFound");
      current = row;
    }
    const conflicts: ChangeConflict[] = [];
    if (current) {
      for (const field of fields) {
        const present = fieldValueAt(current.data, field.field) ?? null;
        if (!sameValue(present, field.from)) {
          conflicts.push({ field: field.field, from: field.from, now: present, to: field.to });
        }
      }
      const { expected, after } = statusesOf(change, current.status);
      if (current.status !== expected) {
        conflicts.push({ field: "status", from: expected, now: current.status, to: after });
      }
    }
    if (change.changeKind === "merge") {
      const [target] = await tx
        .select({ status: dataRecords.status })
        .from(dataRecords)
        .where(and(eq(dataRecords.kind, kind), eq(dataRecords.id, change.mergeInto ?? "")));
      if (target?.status !== "open") {
        conflicts.push({
          field: "mergedInto",
          from: null,
          now: target?.status ?? null,
          to: change.mergeInto,
        });
      }
    }
    if (conflicts.length > 0) {
      throw new DeskRefusal(409, "message.conflict", {
        code: "CHANGE_CONFLICT",
        conflicts,
        values: { count: conflicts.length },
      });
    }

    // The new document.
    let recordId = change.recordId;
    let data = storedDocumentWithSources((current?.data ?? newSchoolDocument()) as Record<string, unknown>);
    if (adding) {
      const [greatest] = await tx
        .select({ id: sql<number | null>`max((${dataRecords.id})::integer)` })
        .from(dataRecords)
        .where(and(eq(dataRecords.kind, kind), sql`${dataRecords.id} ~ '^[0-9]+$'`));
      const newId = Number(greatest?.id ?? 0) + 1;
      recordId = String(newId);
      data = {
        ...data,
        id: newId,
        as_of: now.toISOString().slice(0, 7),
        sources: [],
      };
    }
    const read = dayProposed(change);
    for (const field of fields) data = withFieldValueAt(data, field.field, field.to, read);
    // The change's source joins the record's sources (an address already there gets the new details).
    data = withChangeSources(kind, data, await sourcesOfChange(tx, change));

    if (kind === "state" && fields.some((field) => field.field === "ranking")) {
      const ranking = valueAt(data, "ranking");
      const [holder] = typeof ranking === "string" ? await statesWithRank(tx, ranking, recordId) : [];
      if (holder) {
        throw new DeskRefusal(409, "problem.rankTaken", {
          code: "RANK_TAKEN",
          values: { state: holder.name, rank: String(ranking) },
          problems: [
            {
              field: "fields.ranking",
              key: "rankTaken",
              values: { state: holder.name, rank: String(ranking) },
            },
          ],
        });
      }
    }

    const status = current ? statusesOf(change, current.status).after : "open";
    const version = (current?.version ?? 0) + 1;
    const dataset = datasetOf[kind];
    const [latest] = await tx
      .select({ version: sql<number | null>`max(${datasetVersions.version})` })
      .from(datasetVersions)
      .where(eq(datasetVersions.dataset, dataset));
    const datasetVersion = Number(latest?.version ?? 0) + 1;
    const mergedInto =
      change.changeKind === "merge"
        ? change.mergeInto
        : status === "merged"
          ? (current?.mergedInto ?? null)
          : null;

    const values = { data, version, status, mergedInto, checkedAt: now, updatedAt: now };
    const [record] = current
      ? await tx
          .update(dataRecords)
          .set(values)
          .where(and(eq(dataRecords.kind, kind), eq(dataRecords.id, current.id)))
          .returning()
      : await tx
          .insert(dataRecords)
          .values({ kind, id: recordId ?? "", ...values })
          .returning();
    if (!record || recordId === null) throw new Error("the record was not written");
    await tx
      .insert(datasetVersions)
      .values({ dataset, version: datasetVersion, changeId: change.id, publishedAt: now });
    await tx.insert(dataRecordVersions).values({
      kind,
      recordId,
      version,
      data,
      status,
      datasetVersion,
      changeId: change.id,
      publishedAt: now,
    });
    const generation = await raiseGeneration(tx);
    const [published] = await tx
      .update(dataChanges)
      .set({ status: "published", decidedBy: reviewerId, decidedAt: now, recordId })
      .where(eq(dataChanges.id, change.id))
      .returning();
    if (!published) throw new Error("the change was not marked published");
    if (change.correctionId) {
      await markCorrectionUsed(tx, {
        correctionId: change.correctionId,
        changeId: change.id,
        reviewerId,
        now,
        publicUrl,
      });
    }
    await recordAudit(tx, {
      actorId: reviewerId,
      action: "data-change.published",
      subjectType: "data_change",
      subjectId: change.id,
      details: {
        kind,
        recordId,
        changeKind: change.changeKind,
        fields: fields.map((field) => field.field),
        version,
        dataset,
        datasetVersion,
        generation,
        ...(change.correctionId ? { correctionId: change.correctionId } : {}),
      },
      at: now,
    });
    return { change: published, record, datasetVersion, generation };
  });
}

/** Rejects another person's proposed change with a reason its author reads. */
export async function rejectChange(
  db: Database,
  id: string,
  reviewerId: number,
  reason: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const change = await lockedChange(tx, id);
    if (change.authorId === reviewerId)
      throw new DeskRefusal(403, "message.ownChange", { code: "OWN_CHANGE" });
    if (change.status !== "proposed") throw new DeskRefusal(409, "message.decided", { code: "CONFLICT" });
    await tx
      .update(dataChanges)
      .set({ status: "rejected", decidedBy: reviewerId, decidedAt: now, reason })
      .where(eq(dataChanges.id, change.id));
    await recordAudit(tx, {
      actorId: reviewerId,
      action: "data-change.rejected",
      subjectType: "data_change",
      subjectId: change.id,
      details: { kind: change.kind, recordId: change.recordId, changeKind: change.changeKind },
      at: now,
    });
  });
}

/** The author takes back their own proposed change. */
export async function withdrawChange(db: Database, id: string, authorId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const change = await lockedChange(tx, id);
    if (change.authorId !== authorId) throw new DeskRefusal(403, "message.notYours");
    if (change.status !== "proposed") throw new DeskRefusal(409, "message.decided", { code: "CONFLICT" });
    await tx
      .update(dataChanges)
      .set({ status: "withdrawn", decidedBy: authorId, decidedAt: now })
      .where(eq(dataChanges.id, change.id));
  });
}

/** The field descriptions' values for the messages of a problem: {max}, {min}, {thisYear}. */
export function problemValues(
  kind: EditableKind | null,
  problem: Problem,
  thisYear: number,
): Record<string, string | number> {
  const path = problem.field.startsWith("fields.") ? problem.field.slice("fields.".length) : null;
  const field = kind && path !== null ? fieldAt(kind, path) : null;
  return {
    thisYear,
    min: field?.min ?? 0,
    max:
      field?.maxItems && problem.key === "tooMany"
        ? field.maxItems
        : (field?.maxLength ?? field?.maxItems ?? 0),
    state: "",
    rank: "",
    ...problem.values,
  };
}
