import type { MessageKey } from "../../i18n/message-keys";

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
export const documentLinkMessages: Record<DocumentPurpose, MessageKey> = {
  law: "documents.downloadLaw",
  policy: "documents.downloadPolicy",
  report: "documents.downloadReport",
  document: "documents.downloadDocument",
};

/** The web app's translate function, or any with its shape. */
export type TranslateMessage = (id: MessageKey, values?: Record<string, unknown>) => string;

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

export const DOCUMENT_TITLE_MAX = 300;
export const DOCUMENT_PUBLISHER_MAX = 200;
export const DOCUMENT_LICENCE_MAX = 200;
export const DOCUMENT_SOURCE_URL_MAX = 2000;

/** The fields of an upload, as the form names them. */
export const documentFieldNames = ["title", "publisher", "date", "licence", "sourceUrl"] as const;
export type DocumentFieldName = (typeof documentFieldNames)[number];

const maxMegabytes = DOCUMENT_MAX_BYTES / 1024 / 1024;

/** What the server answers about an upload, each a sentence a person can act on. */
export const documentMessages = {
  uploaded: "The document is uploaded, without its author details. Its address is ready to link.",
  notMultipart: "Send the document as a form (multipart/form-data) with the PDF and its details.",
  formUnreadable: "The form could not be read. Please try again.",
  uploadInterrupted: "The upload stopped before the whole document arrived. Please try again.",
  fileMissing: "Choose the PDF to upload.",
  oneFileOnly: "Upload one document at a time.",
  unexpectedFile: "Send the PDF in the field named file.",
  notPdf: (name: string) =>
    `"${name}" is not a PDF. Only PDF documents can be uploaded, and the type is read from the file itself: a web page or a Word file renamed to .pdf is not one. Save or print it as PDF and upload that.`,
  tooLarge: `This document is larger than ${maxMegabytes} MB, the most that can be uploaded. Make it smaller (for example, scan it again at a lower resolution or compress the PDF) and try again.`,
  pdfUnreadable:
    "This PDF could not be read, so its author details could not be removed. Open it and save it again as PDF (or print it to PDF), then upload that file.",
  pdfNotCleanable: (reason: string) =>
    `${reason} Save it again as PDF without a password (or print it to PDF), then upload that file.`,
  required: (label: string) => `Give the document's ${label}.`,
  tooLong: (label: string, max: number) => `The document's ${label} can be at most ${max} characters.`,
  noHtml: (label: string) => `The document's ${label} cannot contain HTML: remove the < and > signs.`,
  dateInvalid:
    "Give the document's date as YYYY-MM-DD (for example 2018-05-12), or leave it empty when it has none.",
  dateInFuture: "The document's date cannot be later than today.",
  sourceUrlInvalid:
    "Give the address where the document was found, starting with http:// or https:// (for example https://lagosstate.gov.ng/…).",
  notFound: "There is no such document. Check the address, or open the document from the page that links it.",
} as const;

/** How each field is named in a sentence. */
export const documentFieldLabels: Record<DocumentFieldName, string> = {
  title: "title",
  publisher: "publisher",
  date: "date",
  licence: "licence",
  sourceUrl: "source address",
};
