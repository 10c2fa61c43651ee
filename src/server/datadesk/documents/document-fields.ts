import {
  DOCUMENT_LICENCE_MAX,
  DOCUMENT_PUBLISHER_MAX,
  DOCUMENT_SOURCE_URL_MAX,
  DOCUMENT_TITLE_MAX,
  documentFieldLabels,
  documentMessages,
  type DocumentFieldName,
} from "../../../domain/datadesk/documents";
import { HttpError } from "../../http/errors";

// The details of an uploaded document, checked by the server whatever the form did: the texts present,
// not too long and without HTML; the date a real one up to today; the source an http(s) address.

export interface DocumentFields {
  title: string;
  publisher: string;
  publishedOn: string | null;
  licence: string;
  sourceUrl: string;
}

const refuse = (field: DocumentFieldName, message: string) => new HttpError(400, message, { field });

/** Looks like markup: a tag opening or closing, a comment, a doctype. */
const HTML = /<\s*[a-zA-Z/!?]/;

function requiredText(values: ReadonlyMap<string, string>, field: DocumentFieldName, max: number): string {
  const label = documentFieldLabels[field];
  const value = (values.get(field) ?? "").trim().replace(/\s+/g, " ");
  if (value === "") throw refuse(field, documentMessages.required(label));
  if ([...value].length > max) throw refuse(field, documentMessages.tooLong(label, max));
  if (HTML.test(value)) throw refuse(field, documentMessages.noHtml(label));
  return value;
}

function publishedOn(value: string | undefined, today: string): string | null {
  const date = (value ?? "").trim();
  if (date === "") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const parsed = match ? new Date(`${date}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw refuse("date", documentMessages.dateInvalid);
  }
  if (Number(match![1]) < 1900) throw refuse("date", documentMessages.dateInvalid);
  if (date > today) throw refuse("date", documentMessages.dateInFuture);
  return date;
}

function sourceUrl(value: string | undefined): string {
  const address = (value ?? "").trim();
  if (address === "" || address.length > DOCUMENT_SOURCE_URL_MAX) {
    throw refuse("sourceUrl", documentMessages.sourceUrlInvalid);
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw refuse("sourceUrl", documentMessages.sourceUrlInvalid);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") {
    throw refuse("sourceUrl", documentMessages.sourceUrlInvalid);
  }
  return url.toString();
}

/** The checked details, or a 400 naming the first field to fix (in the form's order). */
export function parseDocumentFields(values: ReadonlyMap<string, string>, today: string): DocumentFields {
  return {
    title: requiredText(values, "title", DOCUMENT_TITLE_MAX),
    publisher: requiredText(values, "publisher", DOCUMENT_PUBLISHER_MAX),
    publishedOn: publishedOn(values.get("date"), today),
    licence: requiredText(values, "licence", DOCUMENT_LICENCE_MAX),
    sourceUrl: sourceUrl(values.get("sourceUrl")),
  };
}
