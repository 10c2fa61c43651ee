import { and, asc, count, desc, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { RecordKind } from "../../../domain/datadesk/record-kinds";
import type { ChangeKind } from "../../../domain/datadesk/record-kinds";
import { lgasByState } from "../../../domain/reports/report-lgas";
import type { Database } from "../../db/database";
import { dataChanges, dataDocuments, dataGeneration, dataRecordVersions, dataRecords } from "../../db/schema";
import type { Page } from "../../http/paging";

// The published changes, read for the public: only `status = 'published'`, and only the columns the public
// may see. The author, the reviewer and the rejection reason are never selected, so no answer built from
// these rows can carry an editor's name, e-mail or id.

export interface PublishedChangeRow {
  id: string;
  kind: RecordKind;
  recordId: string;
  changeKind: ChangeKind;
  fields: unknown;
  sourceUrl: string | null;
  /** The address's title, publisher and day read; null for a change proposed before they were asked. */
  sourceTitle: string | null;
  sourcePublisher: string | null;
  sourceRead: string | null;
  documentId: string | null;
  documentTitle: string | null;
  documentPublisher: string | null;
  documentDate: string | null;
  documentFileName: string | null;
  note: string;
  /** Made from a visitor's correction (data_changes.correction_id); never who sent it. */
  fromCorrection: boolean;
  version: number | null;
  publishedAt: Date;
  /** The record's document as this publication left it, else as it is now (for its name and state). */
  data: unknown;
}

export interface ChangeFilter {
  kind: RecordKind | null;
  /** A state: changes to it and to the schools in it (by the school's state at that publication). */
  state: { id: string; name: string } | null;
  /** One record only. */
  record?: { kind: RecordKind; id: string };
}

// When it was published: the version's own date; a change without a version row (none should be) falls back
// on its decision's date.
const publishedAt = sql<Date>`coalesce(${dataRecordVersions.publishedAt}, ${dataChanges.decidedAt}, ${dataChanges.createdAt})`;
const documentAfter = sql<unknown>`coalesce(${dataRecordVersions.data}, ${dataRecords.data})`;

function conditions(filter: ChangeFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(dataChanges.status, "published"), isNotNull(dataChanges.recordId)];
  if (filter.kind) parts.push(eq(dataChanges.kind, filter.kind));
  if (filter.record) {
    parts.push(eq(dataChanges.kind, filter.record.kind), eq(dataChanges.recordId, filter.record.id));
  }
  if (filter.state) {
    parts.push(
      or(
        and(eq(dataChanges.kind, "state"), eq(dataChanges.recordId, filter.state.id)),
        and(eq(dataChanges.kind, "school"), sql`${documentAfter}->>'state' = ${filter.state.name}`),
      ),
    );
  }
  return and(...parts);
}

function fromChanges(db: Database) {
  return {
    select: db
      .select({
        id: dataChanges.id,
        kind: dataChanges.kind,
        recordId: dataChanges.recordId,
        changeKind: dataChanges.changeKind,
        fields: dataChanges.fields,
        sourceUrl: dataChanges.sourceUrl,
        sourceTitle: dataChanges.sourceTitle,
        sourcePublisher: dataChanges.sourcePublisher,
        sourceRead: dataChanges.sourceRead,
        documentId: dataDocuments.id,
        documentTitle: dataDocuments.title,
        documentPublisher: dataDocuments.publisher,
        documentDate: dataDocuments.publishedOn,
        documentFileName: dataDocuments.fileName,
        note: dataChanges.note,
        fromCorrection: sql<boolean>`(${dataChanges.correctionId} is not null)`,
        version: dataRecordVersions.version,
        publishedAt,
        data: documentAfter,
      })
      .from(dataChanges),
    count: db.select({ total: count() }).from(dataChanges),
  };
}

const versionOfChange = and(
  eq(dataRecordVersions.changeId, dataChanges.id),
  eq(dataRecordVersions.kind, dataChanges.kind),
  eq(dataRecordVersions.recordId, dataChanges.recordId),
);
const recordOfChange = and(eq(dataRecords.kind, dataChanges.kind), eq(dataRecords.id, dataChanges.recordId));

/** A page of published changes, newest first, and how many there are in all. */
export async function findPublishedChanges(
  db: Database,
  filter: ChangeFilter,
  page: Page,
): Promise<{ rows: PublishedChangeRow[]; total: number }> {
  const where = conditions(filter);
  const queries = fromChanges(db);
  const [rows, totals] = await Promise.all([
    queries.select
      .leftJoin(dataRecordVersions, versionOfChange)
      .leftJoin(dataRecords, recordOfChange)
      .leftJoin(dataDocuments, eq(dataDocuments.id, dataChanges.sourceDocumentId))
      .where(where)
      .orderBy(desc(publishedAt), desc(dataChanges.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    queries.count
      .leftJoin(dataRecordVersions, versionOfChange)
      .leftJoin(dataRecords, recordOfChange)
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      // Not null: the query keeps only changes with a record.
      recordId: row.recordId ?? "",
      // A driver may hand back a timestamp computed in SQL as text.
      publishedAt: new Date(row.publishedAt),
    })),
    total: totals[0]?.total ?? 0,
  };
}

/** The data's generation: raised by every publication, so it stands for everything these answers show. */
export async function currentGeneration(db: Database): Promise<number> {
  const [row] = await db.select({ generation: dataGeneration.generation }).from(dataGeneration).limit(1);
  return Number(row?.generation ?? 1);
}

export interface StateName {
  id: number;
  state: string;
}

/** The 37 states' ids and names as published now (to read ?state= and to place schools). */
export async function stateNames(db: Database): Promise<StateName[]> {
  const rows = await db
    .select({ id: dataRecords.id, state: sql<string>`${dataRecords.data}->>'state'` })
    .from(dataRecords)
    .where(eq(dataRecords.kind, "state"));
  // A database not seeded yet has none: the 37 of the registry then, so a filter by state answers (empty).
  if (rows.length === 0) return lgasByState.map(({ stateId, state }) => ({ id: stateId, state }));
  return rows.map((row) => ({ id: Number(row.id), state: row.state }));
}

export interface RecordSummary {
  kind: RecordKind;
  id: string;
  data: unknown;
  /** When its first version was published (the seed, or its addition). */
  firstPublished: Date | null;
}

export async function findRecord(db: Database, kind: RecordKind, id: string): Promise<RecordSummary | null> {
  const [record] = await db
    .select({ data: dataRecords.data })
    .from(dataRecords)
    .where(and(eq(dataRecords.kind, kind), eq(dataRecords.id, id)));
  if (!record) return null;
  const [first] = await db
    .select({ publishedAt: dataRecordVersions.publishedAt })
    .from(dataRecordVersions)
    .where(and(eq(dataRecordVersions.kind, kind), eq(dataRecordVersions.recordId, id)))
    .orderBy(asc(dataRecordVersions.version))
    .limit(1);
  return { kind, id, data: record.data, firstPublished: first ? new Date(first.publishedAt) : null };
}
