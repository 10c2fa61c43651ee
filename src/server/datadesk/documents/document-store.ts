import { desc, eq } from "drizzle-orm";
import { documentAddress } from "../../../domain/datadesk/documents";
import type { DocumentView } from "../../../domain/api/documents";
import type { Database } from "../../db/database";
import { dataDocuments } from "../../db/schema";

// The rows of uploaded documents (data_documents); their files are in the media store under storageKey.

export type DocumentRow = typeof dataDocuments.$inferSelect;
export type NewDocumentRow = typeof dataDocuments.$inferInsert;

export async function insertDocument(db: Database, row: NewDocumentRow): Promise<DocumentRow> {
  const [inserted] = await db.insert(dataDocuments).values(row).returning();
  if (!inserted) throw new Error("the document row was not inserted");
  return inserted;
}

export function listDocuments(db: Database): Promise<DocumentRow[]> {
  return db.select().from(dataDocuments).orderBy(desc(dataDocuments.createdAt), desc(dataDocuments.id));
}

export async function findDocument(db: Database, id: string): Promise<DocumentRow | null> {
  const [found] = await db.select().from(dataDocuments).where(eq(dataDocuments.id, id)).limit(1);
  return found ?? null;
}

/** A row as editors see it: never who uploaded it, nor where it is stored. */
export function toDocumentView(row: DocumentRow): DocumentView {
  return {
    id: row.id,
    title: row.title,
    publisher: row.publisher,
    publishedOn: row.publishedOn,
    licence: row.licence,
    sourceUrl: row.sourceUrl,
    fileName: row.fileName,
    contentType: "application/pdf",
    bytes: row.bytes,
    sha256: row.sha256,
    address: documentAddress(row),
    createdAt: row.createdAt.toISOString(),
  };
}
