import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ChangeConflict, ImportPage } from "../../domain/api/datadesk";
import { datasetOf, type RecordStatus } from "../../domain/datadesk/record-kinds";
import { recordName, sameValue } from "../../domain/datadesk/fields";
import { fieldValueAt, withFieldValueAt } from "../../domain/datadesk/source-field";
import { storedDocumentWithSources } from "../../domain/datasets/record-sources";
import { dayProposed, sourcesOfChange, withChangeSources } from "./change-sources";
import {
  ImportRefusal,
  newSchoolDocument,
  planImport,
  type ExistingSchool,
  type ImportPlan,
  type ImportRow,
} from "../../domain/datadesk/school-import";
import type { Database } from "../db/database";
import { auditLog, dataChanges, dataRecordVersions, dataRecords, datasetVersions } from "../db/schema";
import { DeskRefusal, checkSourceAndNote, refuse, type GivenSource } from "./desk-refusal";
import { raiseGeneration } from "./generation";
import { UUID_SHAPE } from "../../domain/uuid-shape";

// Imports of schools: a CSV with schools.csv's columns becomes ONE proposed change of kind
// "import" holding every school it adds or changes (data_changes.import_rows); another editor publishes it
// in one transaction, as any change. At publication each school gets its own published change (the
// import's part for it, linked by import_id), so its version, its history and the audit log read as they
// do for a single edit, and the schools dataset's version is raised once.

type ChangeRow = typeof dataChanges.$inferSelect;

/** Rows are written in batches: one statement per school would keep a 5,000-school import waiting. */
const BATCH = 500;

function batches<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) result.push(items.slice(start, start + BATCH));
  return result;
}

/** Every school as it is now, by id. */
async function schoolsNow(db: Database): Promise<Map<string, ExistingSchool>> {
  const rows = await db
    .select({
      id: dataRecords.id,
      version: dataRecords.version,
      status: dataRecords.status,
      mergedInto: dataRecords.mergedInto,
      data: dataRecords.data,
    })
    .from(dataRecords)
    .where(eq(dataRecords.kind, "school"));
  return new Map(rows.map((row) => [row.id, { ...row, data: (row.data ?? {}) as Record<string, unknown> }]));
}

/** A page of an import's schools: its number (from 1) and how many schools a page holds. */
export interface RowsPage {
  number: number;
  size: number;
}

/** The page's part of the schools, with the counts; a page past the last is a 400 naming the last. */
function importPage(
  counts: { additions: number; changes: number },
  page: RowsPage,
  rows: ImportRow[],
): ImportPage {
  const total = counts.additions + counts.changes;
  const lastPage = Math.max(1, Math.ceil(total / page.size));
  if (page.number > lastPage) {
    throw new DeskRefusal(400, "message.pageTooFar", {
      code: "VALIDATION_FAILED",
      values: { last: lastPage },
    });
  }
  return { ...counts, total, page: page.number, per_page: page.size, last_page: lastPage, rows };
}

/** A page of a plan's schools (a dry run's answer), in the file's order. */
export function pageOfPlan(plan: ImportPlan, page: RowsPage): ImportPage {
  const all = [...plan.additions, ...plan.changes].sort((a, b) => a.row - b.row);
  const start = (page.number - 1) * page.size;
  return importPage(
    { additions: plan.additions.length, changes: plan.changes.length },
    page,
    all.slice(start, start + page.size),
  );
}

/** How many schools an import's stored rows add (SQL, so a list of changes never reads the rows). */
export const importAdditionsCount = sql<
  number | null
>`(case when jsonb_typeof(${dataChanges.importRows}) = 'array'
  then (select count(*)::int from jsonb_array_elements(${dataChanges.importRows}) as import_row(value)
    where import_row.value ->> 'recordId' is null) end)`;
/** How many schools an import's stored rows hold in all; null for any other change. */
export const importRowsCount = sql<number | null>`(case when jsonb_typeof(${dataChanges.importRows}) = 'array'
  then jsonb_array_length(${dataChanges.importRows}) end)`;

/**
 * A page of the schools a stored import holds (proposed or decided), read by the database a page at a
 * time; null when `id` is no import.
 */
export async function importRowsPage(db: Database, id: string, page: RowsPage): Promise<ImportPage | null> {
  if (!UUID_SHAPE.test(id)) return null;
  const start = (page.number - 1) * page.size;
  const [found] = await db
    .select({
      additions: importAdditionsCount,
      total: importRowsCount,
      rows: sql<ImportRow[] | null>`(select jsonb_agg(import_row.value order by import_row.position)
        from jsonb_array_elements(${dataChanges.importRows}) with ordinality as import_row(value, position)
        where import_row.position > ${start} and import_row.position <= ${start + page.size})`,
    })
    .from(dataChanges)
    .where(
      and(
        eq(dataChanges.id, id.toLowerCase()),
        eq(dataChanges.changeKind, "import"),
        isNull(dataChanges.importId),
      ),
    );
  if (!found || found.total === null) return null;
  const additions = Number(found.additions ?? 0);
  const rows = typeof found.rows === "string" ? (JSON.parse(found.rows) as ImportRow[]) : (found.rows ?? []);
  return importPage({ additions, changes: Number(found.total) - additions }, page, rows);
}

export interface ImportRequest extends GivenSource {
  csv: string;
  note: string;
}

/**
 * The plan of an import against the schools as they are now; unless `dryRun`, its source and note are
 * checked and, when no row has a problem, it is stored as one proposed change. A file that cannot be
 * read throws ImportRefusal; rows with problems throw an ImportProblems carrying the plan.
 */
export async function proposeImport(
  db: Database,
  request: ImportRequest,
  authorId: number,
  now: Date,
  dryRun: boolean,
): Promise<{ plan: ImportPlan; changeId: string | null }> {
  const plan = planImport(request.csv, await schoolsNow(db), { thisYear: now.getUTCFullYear() });
  if (dryRun) return { plan, changeId: null };
  const { sourceUrl, sourceTitle, sourcePublisher, sourceRead, sourceDocumentId, note, problems } =
    await checkSourceAndNote(db, request, now);
  if (problems.length > 0) throw refuse(problems);
  if (plan.problems.length > 0) throw new ImportProblems(plan);
  if (plan.additions.length + plan.changes.length === 0) throw new ImportRefusal("nothingToImport");
  const [row] = await db
    .insert(dataChanges)
    .values({
      kind: "school",
      recordId: null,
      changeKind: "import",
      baseVersion: null,
      fields: [],
      importRows: [...plan.additions, ...plan.changes].sort((a, b) => a.row - b.row),
      sourceUrl: sourceUrl || null,
      sourceTitle: sourceUrl ? sourceTitle : null,
      sourcePublisher: sourceUrl ? sourcePublisher : null,
      sourceRead: sourceUrl ? sourceRead : null,
      sourceDocumentId: sourceDocumentId || null,
      note,
      authorId,
      createdAt: now,
    })
    .returning({ id: dataChanges.id });
  if (!row) throw new Error("the import was not stored");
  return { plan, changeId: row.id };
}

/** An import some of whose rows have problems: nothing is stored; the plan says which. */
export class ImportProblems extends Error {
  constructor(readonly plan: ImportPlan) {
    super("the import's rows have problems");
  }
}

/**
 * Publishes an import inside the publication's transaction (the lock is held, the change is another
 * person's and still proposed): 409 CHANGE_CONFLICT, nothing written, when a field it changes was changed
 * by another publication since, or a school it changes was merged meanwhile.
 */
export async function publishImport(tx: Database, change: ChangeRow, reviewerId: number, now: Date) {
  const rows = (Array.isArray(change.importRows) ? change.importRows : []) as ImportRow[];
  const changedIds = rows.flatMap((row) => (row.recordId === null ? [] : [row.recordId]));
  const current = new Map<string, typeof dataRecords.$inferSelect>();
  for (const ids of batches(changedIds)) {
    const found = await tx
      .select()
      .from(dataRecords)
      .where(and(eq(dataRecords.kind, "school"), inArray(dataRecords.id, ids)))
      .for("update");
    for (const record of found) current.set(record.id, record);
  }

  const conflicts: ChangeConflict[] = [];
  for (const row of rows) {
    if (row.recordId === null) continue;
    const record = current.get(row.recordId);
    if (!record || record.status === "merged") {
      conflicts.push({
        field: "status",
        from: "open",
        now: record?.status ?? null,
        to: "open",
        recordId: row.recordId,
        recordName: row.name,
      });
      continue;
    }
    for (const field of row.fields) {
      const present = fieldValueAt(record.data, field.field) ?? null;
      if (!sameValue(present, field.from)) {
        conflicts.push({
          field: field.field,
          from: field.from,
          now: present,
          to: field.to,
          recordId: row.recordId,
          recordName: recordName("school", record.data),
        });
      }
    }
  }
  if (conflicts.length > 0) {
    throw new DeskRefusal(409, "message.conflict", {
      code: "CHANGE_CONFLICT",
      conflicts,
      values: { count: conflicts.length },
    });
  }

  const dataset = datasetOf.school;
  const [latest] = await tx
    .select({ version: sql<number | null>`max(${datasetVersions.version})` })
    .from(datasetVersions)
    .where(eq(datasetVersions.dataset, dataset));
  const datasetVersion = Number(latest?.version ?? 0) + 1;
  const [greatest] = await tx
    .select({ id: sql<number | null>`max((${dataRecords.id})::integer)` })
    .from(dataRecords)
    .where(and(eq(dataRecords.kind, "school"), sql`${dataRecords.id} ~ '^[0-9]+$'`));
  let nextId = Number(greatest?.id ?? 0);

  // Each school's new document, version and status; each lists the import's source among its sources.
  const importSources = await sourcesOfChange(tx, change);
  const read = dayProposed(change);
  const written = rows.map((row) => {
    const record = row.recordId === null ? null : (current.get(row.recordId) ?? null);
    let recordId: string;
    let data: Record<string, unknown>;
    if (record) {
      recordId = record.id;
      data = storedDocumentWithSources(record.data as Record<string, unknown>);
    } else {
      nextId += 1;
      recordId = String(nextId);
      data = {
        ...newSchoolDocument(),
        id: nextId,
        as_of: now.toISOString().slice(0, 7),
        sources: [],
      };
    }
    for (const field of row.fields) data = withFieldValueAt(data, field.field, field.to, read);
    data = withChangeSources("school", data, importSources);
    const status: RecordStatus = record?.status ?? "open";
    return { row, recordId, data, status, version: (record?.version ?? 0) + 1, adding: !record };
  });

  await tx
    .insert(datasetVersions)
    .values({ dataset, version: datasetVersion, changeId: change.id, publishedAt: now });
  for (const part of batches(written)) {
    // The import's part for each school: a published change of its own, so its history reads as usual.
    const parts = await tx
      .insert(dataChanges)
      .values(
        part.map(({ row, recordId }) => ({
          kind: "school" as const,
          recordId,
          changeKind: "import" as const,
          baseVersion: row.baseVersion,
          fields: row.fields,
          sourceUrl: change.sourceUrl,
          sourceTitle: change.sourceTitle,
          sourcePublisher: change.sourcePublisher,
          sourceRead: change.sourceRead,
          sourceDocumentId: change.sourceDocumentId,
          note: change.note,
          status: "published" as const,
          authorId: change.authorId,
          decidedBy: reviewerId,
          decidedAt: now,
          importId: change.id,
          createdAt: change.createdAt,
        })),
      )
      .returning({ id: dataChanges.id, recordId: dataChanges.recordId });
    const partOf = new Map(parts.map((inserted) => [inserted.recordId, inserted.id]));
    await tx
      .insert(dataRecords)
      .values(
        part.map(({ recordId, data, version, status }) => ({
          kind: "school" as const,
          id: recordId,
          data,
          version,
          status,
          mergedInto: null,
          checkedAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [dataRecords.kind, dataRecords.id],
        set: {
          data: sql`excluded.data`,
          version: sql`excluded.version`,
          checkedAt: sql`excluded.checked_at`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
    await tx.insert(dataRecordVersions).values(
      part.map(({ recordId, data, version, status }) => ({
        kind: "school" as const,
        recordId,
        version,
        data,
        status,
        datasetVersion,
        changeId: partOf.get(recordId) ?? change.id,
        publishedAt: now,
      })),
    );
    await tx.insert(auditLog).values(
      part.map(({ row, recordId, version }) => ({
        actorId: reviewerId,
        action: "data-change.published",
        subjectType: "data_change",
        subjectId: partOf.get(recordId) ?? change.id,
        details: {
          kind: "school",
          recordId,
          changeKind: "import",
          importId: change.id,
          fields: row.fields.map((field) => field.field),
          version,
          dataset,
          datasetVersion,
        },
        createdAt: now,
      })),
    );
  }
  const generation = await raiseGeneration(tx);
  const [published] = await tx
    .update(dataChanges)
    .set({ status: "published", decidedBy: reviewerId, decidedAt: now })
    .where(eq(dataChanges.id, change.id))
    .returning();
  if (!published) throw new Error("the import was not marked published");
  await tx.insert(auditLog).values({
    actorId: reviewerId,
    action: "data-change.published",
    subjectType: "data_change",
    subjectId: change.id,
    details: {
      kind: "school",
      changeKind: "import",
      added: written.filter((school) => school.adding).length,
      changed: written.filter((school) => !school.adding).length,
      dataset,
      datasetVersion,
      generation,
    },
    createdAt: now,
  });
  return { change: published, record: null, datasetVersion, generation };
}
