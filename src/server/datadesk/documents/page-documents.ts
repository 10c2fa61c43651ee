import { inArray } from "drizzle-orm";
import type { Database } from "../../db/database";
import { dataDocuments } from "../../db/schema";
import { UUID_SHAPE } from "../../../domain/uuid-shape";

// The uploaded documents the public pages link (a state's law), read through the pages' load
// context (src/web/app/datasets.ts's PageDocumentReader): only what a link shows, never who uploaded it.

export interface PageDocument {
  id: string;
  title: string;
  fileName: string;
  bytes: number;
}

export interface PageDocumentReader {
  /** The documents with these ids that exist; an id that is not a document's (or not a UUID) is left out. */
  find(ids: readonly string[]): Promise<PageDocument[]>;
}

export function pageDocumentReader(db: Database): PageDocumentReader {
  return {
    async find(ids) {
      // PostgreSQL refuses a malformed UUID with an error: a record's stray id is simply no document.
      const wellFormed = [...new Set(ids.filter((id) => UUID_SHAPE.test(id)))];
      if (wellFormed.length === 0) return [];
      return db
        .select({
          id: dataDocuments.id,
          title: dataDocuments.title,
          fileName: dataDocuments.fileName,
          bytes: dataDocuments.bytes,
        })
        .from(dataDocuments)
        .where(inArray(dataDocuments.id, wellFormed));
    },
  };
}
