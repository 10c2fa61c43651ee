import { documentAddress } from "./datadesk/documents";
import { describeSource } from "./source-titles";

// Field-level sources: a change may give a source for the fields it touches, and the pages show
// it beside those fields. The server works out, once per publication, the source of the latest published
// change that touched each field of each record; a page shows it only where it adds something (not one of
// the record's general sources, which the page lists anyway).

/** The source a published change gave: an address, an uploaded document, or both. */
export interface FieldSource {
  url: string | null;
  document: { id: string; fileName: string; title: string; publisher: string } | null;
}

/** Per record id, per field path ("law.status", "phone"): its latest change's source. */
export type RecordFieldSources = Record<string, Record<string, FieldSource>>;

/** What a page shows beside a field: words (a title or publisher, never a bare domain) and a link. */
export interface ShownFieldSource {
  text: string;
  /** A link when the source is a web address or a document; null for other text. */
  href: string | null;
}

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** The sources worth showing beside fields: those not already among the record's general sources. */
export function fieldSourcesToShow(
  sources: Record<string, FieldSource> | undefined,
  generalSources: readonly string[],
): Record<string, ShownFieldSource> {
  const shown: Record<string, ShownFieldSource> = {};
  for (const [field, source] of Object.entries(sources ?? {})) {
    if (source.document) {
      const { title, publisher } = source.document;
      shown[field] = { text: `${title} (${publisher})`, href: documentAddress(source.document) };
    } else if (source.url && !generalSources.includes(source.url)) {
      if (isWebAddress(source.url)) {
        const { title, publisher } = describeSource(source.url);
        shown[field] = { text: title ? `${title} (${publisher})` : publisher, href: source.url };
      } else {
        shown[field] = { text: source.url, href: null };
      }
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
