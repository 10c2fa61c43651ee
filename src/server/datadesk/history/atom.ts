import type { PublishedChange } from "../../../domain/api/history";
import { PUBLIC_EDITORS_NAME, historyMessages } from "../../../domain/datadesk/history";
import { describeValue } from "../../../domain/datadesk/value-words";
import { OPEN_DATA_LICENSE } from "../../../domain/opendata/documents";
import { sourceName } from "../../../domain/source-titles";
import { isWebAddress } from "../../../domain/web-address";

// The published changes as an Atom 1.0 feed (RFC 4287). The feed has its id, title, updated and author (so
// entries need none of their own), a self link and the paging links of RFC 5005; each entry its id (the
// change's UUID as a URN), title, updated, published, the record's history page as its alternate link and a
// plain-text summary of each field's old → new, the source and the note.

export interface AtomFeed {
  /** The feed's own address without its page (the feed's id: stable across pages). */
  id: string;
  /** Absolute addresses. */
  self: string;
  alternate: string;
  first: string;
  last: string;
  next: string | null;
  previous: string | null;
  /** The newest change's date, else when the data was first published. */
  updated: Date;
  entries: readonly PublishedChange[];
}

const EMPTY = "(empty)";

function escapeXml(text: string): string {
  // The characters XML 1.0 forbids are dropped (a note could carry one); the five with meaning escaped.
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/** "Lagos: status, law.year" */
export function entryTitle(change: PublishedChange): string {
  const labels = change.fields.map((field) => field.label);
  return labels.length > 0 ? `${change.record_name}: ${labels.join(", ")}` : change.record_name;
}

/**
 * One line per field ("status: Pending → Passed"), then the source ("Source: Kano Gazette (Kano State
 * Government), read 2026-11-29, https://…") and the note.
 */
export function entrySummary(change: PublishedChange): string {
  const lines = change.fields.map(
    (field) => `${field.label}: ${describeValue(field.from, EMPTY)} → ${describeValue(field.to, EMPTY)}`,
  );
  const { url, title, publisher, read, document } = change.source;
  if (document) lines.push(`Source: ${document.title} (${document.url})`);
  if (url) {
    // Named as the history page names it: title (publisher), the day it was read, then where it is.
    const named = title && publisher ? `${sourceName(title, publisher)}, ` : "";
    lines.push(`Source: ${named}${read ? `read ${read}, ` : ""}${url}`);
  }
  lines.push(`Note: ${change.note}`);
  return lines.join("\n");
}

function link(rel: string, href: string, type?: string): string {
  return `<link rel="${rel}" href="${escapeXml(href)}"${type ? ` type="${type}"` : ""}/>`;
}

export function atomFeed(feed: AtomFeed): string {
  const parts = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `<id>${escapeXml(feed.id)}</id>`,
    `<title>${escapeXml(historyMessages.feedTitle)}</title>`,
    `<subtitle>${escapeXml(historyMessages.feedSubtitle)}</subtitle>`,
    `<updated>${feed.updated.toISOString()}</updated>`,
    `<author><name>${escapeXml(PUBLIC_EDITORS_NAME)}</name></author>`,
    `<rights>${escapeXml(OPEN_DATA_LICENSE.name)}</rights>`,
    link("self", feed.self, "application/atom+xml"),
    link("alternate", feed.alternate, "text/html"),
    link("first", feed.first, "application/atom+xml"),
    link("last", feed.last, "application/atom+xml"),
    ...(feed.previous ? [link("previous", feed.previous, "application/atom+xml")] : []),
    ...(feed.next ? [link("next", feed.next, "application/atom+xml")] : []),
    link("license", OPEN_DATA_LICENSE.url),
  ];
  for (const change of feed.entries) {
    const { url, document } = change.source;
    parts.push(
      "<entry>",
      `<id>urn:uuid:${escapeXml(change.id)}</id>`,
      `<title>${escapeXml(entryTitle(change))}</title>`,
      `<updated>${escapeXml(change.published_at)}</updated>`,
      `<published>${escapeXml(change.published_at)}</published>`,
      link("alternate", change.history_url, "text/html"),
      // Only web addresses are links; any other source is in the summary as text.
      ...(isWebAddress(url) ? [link("related", url)] : []),
      ...(document ? [link("related", document.url, "application/pdf")] : []),
      `<category term="${escapeXml(change.kind)}"/>`,
      `<summary type="text">${escapeXml(entrySummary(change))}</summary>`,
      "</entry>",
    );
  }
  parts.push("</feed>");
  return parts.join("\n");
}
