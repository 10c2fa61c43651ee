import { documentAddress } from "./datadesk/documents";
import { formatReadDate } from "./format";
import { describeSource, sourceName } from "./source-titles";
import { isWebAddress } from "./web-address";

// Field-level sources: a change may give a source for the fields it touches, and the pages show it beside
// those fields. The server works out, once per publication, the source of the latest published change that
// touched each field of each record. Publishing also adds that source to the record's list of sources; the
// one beside a field says which of them backs that fact, and when it was read.

/** The source a published change gave: an address (with its details), an uploaded document, or both. */
export interface FieldSource {
  url: string | null;
  /** The address's title, publisher and day read (YYYY-MM-DD); null for a change proposed before them. */
  title: string | null;
  publisher: string | null;
  read: string | null;
  document: { id: string; fileName: string; title: string; publisher: string; date: string | null } | null;
}

/** Per record id, per field path ("law.status", "phone"): its latest change's source. */
export type RecordFieldSources = Record<string, Record<string, FieldSource>>;

/** What a page shows beside a field: words (a title and publisher, never a bare domain), a link, a day. */
export interface ShownFieldSource {
  text: string;
  /** A link when the source is a web address or a document; null for other text. */
  href: string | null;
  /** The day it was read (or the document's date), in the page's language; null when unknown. */
  read?: string | null;
}

/** No field with a source of its own: one object for every page without any (a stable default prop). */
export const noFieldSources: Readonly<Record<string, ShownFieldSource>> = Object.freeze({});

/** The sources to show beside fields, in the page's language (worked out in a loader, on the server). */
export function fieldSourcesToShow(
  sources: Record<string, FieldSource> | undefined,
  language: string,
): Record<string, ShownFieldSource> {
  const shown: Record<string, ShownFieldSource> = {};
  const day = (read: string | null) => (read ? formatReadDate(read, language) : null);
  for (const [field, source] of Object.entries(sources ?? {})) {
    if (source.document) {
      const { title, publisher, date } = source.document;
      shown[field] = {
        text: sourceName(title, publisher) ?? documentAddress(source.document),
        href: documentAddress(source.document),
        read: day(date),
      };
    } else if (isWebAddress(source.url)) {
      const described = describeSource(source.url);
      shown[field] = {
        text:
          sourceName(source.title ?? described.title, source.publisher ?? described.publisher) ?? source.url,
        href: source.url,
        read: day(source.read),
      };
    } else if (source.url) {
      shown[field] = { text: source.url, href: null, read: day(source.read) };
    }
  }
  return shown;
}

/** The first of `fields` with a source to show (a fact that reads several fields shows one source). */
export function sourceOfFields(
  shown: Record<string, ShownFieldSource>,
  fields: readonly string[],
): ShownFieldSource | null {
  for (const field of fields) {
    const source = shown[field] ?? Object.entries(shown).find(([path]) => path.startsWith(`${field}.`))?.[1];
    if (source) return source;
  }
  return null;
}
