// Uploaded documents (a state's law, the national policy, the State of Disability Inclusion Report, an
// agency's document): their rules, their public address and the words of a link to one. Pure: the
// server, the pages and the edit forms share it.

/** The largest PDF an editor may upload. */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

/** The only type accepted, decided by the file's content. */
export const DOCUMENT_CONTENT_TYPE = "application/pdf";

/** What a page needs of a document to link it. */
export interface DocumentLinkSource {
  id: string;
  fileName: string;
  bytes: number;
}

/** What the link is to: it decides the words ("Download the law", "Download the report"). */
export type DocumentPurpose = "law" | "policy" | "report" | "document";

/** The catalogue message of each purpose (src/i18n/catalogues/<lang>/documents.json). */
export const documentLinkMessages: Record<DocumentPurpose, string> = {
  law: "documents.downloadLaw",
  policy: "documents.downloadPolicy",
  report: "documents.downloadReport",
  document: "documents.downloadDocument",
};

/** The web app's translate function, or any with its shape. */
export type TranslateMessage = (id: string, values?: Record<string, unknown>) => string;

const MAX_FILE_NAME_STEM = 80;

/**
 * The name of a document in its address and download, from its title: lower case ASCII letters, digits
 * and hyphens, accents dropped ("Lagos State Special People's Law, 2011" → lagos-state-special-peoples-law-2011.pdf).
 */
export function documentFileName(title: string): string {
  const stem = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_FILE_NAME_STEM)
    .replace(/^-+|-+$/g, "");
  return `${stem || "document"}.pdf`;
}

/** The document's public address: stable, since a stored document's content never changes. */
export function documentAddress(document: Pick<DocumentLinkSource, "id" | "fileName">): string {
  return `/documents/${encodeURIComponent(document.id)}/${encodeURIComponent(document.fileName)}`;
}

/** A file's size as people read it: "850 KB", "1.2 MB", "25 MB". */
export function documentSizeText(bytes: number): string {
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) return `${Math.max(1, Math.round(kilobytes))} KB`;
  const megabytes = kilobytes / 1024;
  return `${megabytes < 10 ? megabytes.toFixed(1).replace(/\.0$/, "") : Math.round(megabytes)} MB`;
}

/**
 * The link to a document: its address and its words in the page's language, e.g.
 * { href: "/documents/…/kano-state-disability-law-2018.pdf", label: "Download the law (PDF, 1.2 MB)" }.
 */
export function documentLink(
  document: DocumentLinkSource,
  purpose: DocumentPurpose,
  t: TranslateMessage,
): { href: string; label: string } {
  return {
    href: documentAddress(document),
    label: t(documentLinkMessages[purpose], { size: documentSizeText(document.bytes) }),
  };
}
