import { and, eq, sql } from "drizzle-orm";
import type { ChangeKind, ChangeStatus, RecordKind } from "../../domain/datadesk/record-kinds";
import { datasetOf } from "../../domain/datadesk/record-kinds";
import { documentFileName } from "../../domain/datadesk/documents";
import type { Database } from "../../server/db/database";
import {
  dataChanges,
  dataDocuments,
  dataGeneration,
  dataRecordVersions,
  dataRecords,
  datasetVersions,
  users,
} from "../../server/db/schema";

// Publications written straight into the data desk's tables, as the publishing route will write them (one
// change, the record's new version and document, the dataset's new version, the generation raised): the
// history's tests need published, proposed, rejected and withdrawn changes before that route exists.

export interface ChangeOfField {
  field: string;
  from: unknown;
  to: unknown;
}

export interface Publication {
  kind: RecordKind;
  recordId: string;
  fields: ChangeOfField[];
  note: string;
  sourceUrl?: string | null;
  /** With the address: its title, publisher and day read (as a change proposed today gives them). */
  sourceTitle?: string;
  sourcePublisher?: string;
  sourceRead?: string;
  sourceDocumentId?: string | null;
  authorId: number;
  reviewerId: number;
  at: Date;
  changeKind?: ChangeKind;
}

/**
 * An editor, by name and e-mail (the tests check neither ever appears in public). A moderator until the
 * editor role exists: nothing here reads the role.
 */
export async function addEditor(
  db: Database,
  person: { email: string; firstname: string; lastname: string },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...person, isVerified: true, role: "moderator" })
    .returning({ id: users.id });
  if (!row) throw new Error("no editor added");
  return row.id;
}

export async function addDocument(
  db: Database,
  document: { title: string; uploadedBy: number; publishedOn?: string },
): Promise<string> {
  const [row] = await db
    .insert(dataDocuments)
    .values({
      title: document.title,
      fileName: documentFileName(document.title),
      publisher: "Lagos State Government",
      publishedOn: document.publishedOn ?? null,
      licence: "All rights reserved",
      storageKey: "documents/test.pdf",
      bytes: 1024,
      sha256: "0".repeat(64),
      uploadedBy: document.uploadedBy,
    })
    .returning({ id: dataDocuments.id });
  if (!row) throw new Error("no document added");
  return row.id;
}

/** Sets a dotted path of a JSON document (a copy). */
function withField(data: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(data) as Record<string, unknown>;
  const keys = path.split(".");
  let target = copy;
  for (const key of keys.slice(0, -1)) {
    target[key] = { ...((target[key] as Record<string, unknown> | undefined) ?? {}) };
    target = target[key] as Record<string, unknown>;
  }
  target[keys[keys.length - 1] as string] = value;
  return copy;
}

/** Publishes a change in one transaction: the change, the record's next version, the generation raised. */
export async function publishDirectly(db: Database, publication: Publication): Promise<string> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(dataRecords)
      .where(and(eq(dataRecords.kind, publication.kind), eq(dataRecords.id, publication.recordId)));
    if (!record) throw new Error(`no ${publication.kind} ${publication.recordId}`);
    const [change] = await tx
      .insert(dataChanges)
      .values({
        kind: publication.kind,
        recordId: publication.recordId,
        changeKind: publication.changeKind ?? "edit",
        baseVersion: record.version,
        fields: publication.fields,
        sourceUrl: publication.sourceUrl ?? null,
        sourceTitle: publication.sourceTitle ?? null,
        sourcePublisher: publication.sourcePublisher ?? null,
        sourceRead: publication.sourceRead ?? null,
        sourceDocumentId: publication.sourceDocumentId ?? null,
        note: publication.note,
        status: "published",
        authorId: publication.authorId,
        decidedBy: publication.reviewerId,
        decidedAt: publication.at,
        createdAt: new Date(publication.at.getTime() - 3_600_000),
      })
      .returning({ id: dataChanges.id });
    if (!change) throw new Error("no change added");
    const data = publication.fields.reduce(
      (document, { field, to }) => withField(document, field, to),
      record.data,
    );
    const version = record.version + 1;
    const dataset = datasetOf[publication.kind];
    const [datasetVersion] = await tx
      .select({ version: sql<number>`max(${datasetVersions.version})` })
      .from(datasetVersions)
      .where(eq(datasetVersions.dataset, dataset));
    const nextDatasetVersion = Number(datasetVersion?.version ?? 0) + 1;
    await tx
      .update(dataRecords)
      .set({ version, data, checkedAt: publication.at, updatedAt: publication.at })
      .where(and(eq(dataRecords.kind, publication.kind), eq(dataRecords.id, publication.recordId)));
    await tx.insert(dataRecordVersions).values({
      kind: publication.kind,
      recordId: publication.recordId,
      version,
      data,
      status: record.status,
      datasetVersion: nextDatasetVersion,
      changeId: change.id,
      publishedAt: publication.at,
    });
    await tx
      .insert(datasetVersions)
      .values({ dataset, version: nextDatasetVersion, changeId: change.id, publishedAt: publication.at });
    await tx.update(dataGeneration).set({ generation: sql`${dataGeneration.generation} + 1` });
    return change.id;
  });
}

/** A change that is not published (proposed, rejected or withdrawn): it never reaches the public. */
export async function addUnpublishedChange(
  db: Database,
  change: Omit<Publication, "reviewerId" | "at"> & {
    status: Exclude<ChangeStatus, "published">;
    reason?: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(dataChanges)
    .values({
      kind: change.kind,
      recordId: change.recordId,
      changeKind: change.changeKind ?? "edit",
      baseVersion: 1,
      fields: change.fields,
      sourceUrl: change.sourceUrl ?? null,
      sourceDocumentId: change.sourceDocumentId ?? null,
      note: change.note,
      status: change.status,
      authorId: change.authorId,
      reason: change.reason ?? null,
    })
    .returning({ id: dataChanges.id });
  if (!row) throw new Error("no change added");
  return row.id;
}
