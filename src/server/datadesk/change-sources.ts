import { eq } from "drizzle-orm";
import { documentAddress } from "../../domain/datadesk/documents";
import {
  recordSourcesOf,
  sourceOfAddress,
  storedDocumentWithSources,
  withSource,
} from "../../domain/datasets/record-sources";
import type { RecordSource } from "../../domain/datasets/schemas";
import type { EditableKind } from "../../domain/datadesk/fields";
import { dayInNigeria } from "../../domain/nigeria-day";
import type { Database } from "../db/database";
import { dataDocuments, type dataChanges } from "../db/schema";

// Publishing a change adds its source to the record's sources (a state's or a school's; the estimates and
// the country record name their sources in their own fields): its address with the title, publisher and
// date read the change gave, and its uploaded document with the document's own title, publisher and date.

type ChangeRow = typeof dataChanges.$inferSelect;

/** The day a change was proposed, in Nigeria: when its editor read what it adds. */
export function dayProposed(change: Pick<ChangeRow, "createdAt">): string {
  return dayInNigeria(change.createdAt);
}

/** The sources a change gives, as a record keeps them. */
export async function sourcesOfChange(tx: Database, change: ChangeRow): Promise<RecordSource[]> {
  const sources: RecordSource[] = [];
  if (change.sourceUrl) {
    // A change proposed before sources had details is named as its address tells, read when proposed.
    const named = sourceOfAddress(change.sourceUrl, change.sourceRead ?? dayProposed(change));
    sources.push({
      ...named,
      title: change.sourceTitle ?? named.title,
      publisher: change.sourcePublisher ?? named.publisher,
    });
  }
  if (change.sourceDocumentId) {
    const [document] = await tx
      .select({
        id: dataDocuments.id,
        fileName: dataDocuments.fileName,
        title: dataDocuments.title,
        publisher: dataDocuments.publisher,
        publishedOn: dataDocuments.publishedOn,
      })
      .from(dataDocuments)
      .where(eq(dataDocuments.id, change.sourceDocumentId));
    if (document) {
      sources.push({
        url: documentAddress(document),
        title: document.title,
        publisher: document.publisher,
        // The document's own date when it has one; else the day it was given as a source.
        read: document.publishedOn ?? dayProposed(change),
      });
    }
  }
  return sources;
}

/** A record's document with the change's sources added (only states and schools list sources). */
export function withChangeSources<Document>(
  kind: EditableKind,
  document: Document,
  sources: readonly RecordSource[],
): Document {
  if (kind !== "state" && kind !== "school") return document;
  const stored = storedDocumentWithSources(document) as Document & { sources?: unknown; as_of?: string };
  let merged = recordSourcesOf(stored.sources, stored.as_of ?? "");
  for (const source of sources) merged = withSource(merged, source);
  return { ...stored, sources: merged };
}
