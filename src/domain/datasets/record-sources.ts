import { formatReadDate } from "../format";
import { describeSource, type DescribedSource } from "../source-titles";
import type { RecordSource } from "./schemas";

// A state's or a school's sources: each an address with its title, publisher and the date it was read.
// data/*.json (the seed) and the documents a database stored before sources had titles list bare
// addresses; each becomes a source here, named as the address tells (src/domain/source-titles.ts) and
// read in the record's "as of" month, the only date those files know. See docs/decisions/0030.

/** An address as a source: its title and publisher as the address tells them, read on `read`. */
export function sourceOfAddress(url: string, read: string): RecordSource {
  const { title, publisher } = describeSource(url);
  return { url, title: title ?? "", publisher, read };
}

/** A record's sources, whether kept as bare addresses (read in the `asOf` month) or as sources. */
export function recordSourcesOf(sources: unknown, asOf: string): RecordSource[] {
  if (!Array.isArray(sources)) return [];
  return sources.map((entry: unknown) =>
    typeof entry === "string" ? sourceOfAddress(entry, asOf) : (entry as RecordSource),
  );
}

/** A record of data/*.json with its addresses turned into sources. */
export function withRecordSources<Record extends { sources: readonly unknown[]; as_of: string }>(
  record: Record,
): Omit<Record, "sources"> & { sources: RecordSource[] } {
  return { ...record, sources: recordSourcesOf(record.sources, record.as_of) };
}

/**
 * A stored document (any kind) with its sources as sources: a state's or a school's document written
 * before sources had titles is converted as it is read; any other document is returned as it is.
 */
export function storedDocumentWithSources<Document>(document: Document): Document {
  if (document === null || typeof document !== "object") return document;
  const { sources, as_of: asOf } = document as { sources?: unknown; as_of?: unknown };
  if (!Array.isArray(sources) || typeof asOf !== "string") return document;
  if (!sources.some((entry: unknown) => typeof entry === "string")) return document;
  return { ...document, sources: recordSourcesOf(sources, asOf) };
}

/**
 * An uploaded document a change gave as its source, kept by its address on this site
 * (`/documents/<id>/<file>`): not a web address an editor types, nor one another site can open.
 */
export function isUploadedDocument(url: string): boolean {
  return url.startsWith("/documents/");
}

/**
 * The web addresses of a record's sources, in its order: the `sources` field an editor edits and the
 * open-data `sources` column, which stays the list of addresses it always was (a record of data/*.json,
 * with bare addresses, gives the same). Uploaded documents are not among them: they stay in the record's
 * sources whatever the list becomes (withSourceAddresses).
 */
export function sourceAddresses(sources: readonly (RecordSource | string)[]): string[] {
  return sources
    .map((source) => (typeof source === "string" ? source : source.url))
    .filter((url) => !isUploadedDocument(url));
}

/** A change's source added to a record's: an address already there is updated, never listed twice. */
export function withSource(sources: readonly RecordSource[], source: RecordSource): RecordSource[] {
  const at = sources.findIndex((known) => known.url === source.url);
  return at === -1 ? [...sources, source] : sources.map((known, index) => (index === at ? source : known));
}

/**
 * The record's sources after an edit of its address list: an address kept keeps its title, publisher and
 * date read; an address new to the record is named as the address tells, read on `read`. Its uploaded
 * documents, which the list does not show, are kept after the addresses.
 */
export function withSourceAddresses(
  sources: readonly RecordSource[],
  addresses: readonly string[],
  read: string,
): RecordSource[] {
  return [
    ...addresses.map((url) => sources.find((known) => known.url === url) ?? sourceOfAddress(url, read)),
    ...sources.filter((known) => isUploadedDocument(known.url)),
  ];
}

/** A record's sources as a page shows them: title, publisher and the day read in the page's language. */
export function sourcesToShow(sources: readonly RecordSource[], language: string): DescribedSource[] {
  return sources.map(({ url, title, publisher, read }) => ({
    url,
    title: title === "" || title === publisher ? null : title,
    publisher,
    read: formatReadDate(read, language),
  }));
}
