import type { DocumentView } from "../../../domain/api/documents";
import { apiRoute, request } from "../../lib/api-client";
import { useApiQuery } from "../../lib/use-api";
import { uploadFormData, type UploadProgress } from "../../lib/upload";

// The data desk's documents (src/domain/api/documents.ts): the list editors choose from, and
// the upload, sent with XMLHttpRequest so that its progress shows over a slow connection.

export type { DocumentView } from "../../../domain/api/documents";

const routes = {
  list: apiRoute("documents.list", "GET", "/api/v1/datadesk/documents"),
  upload: apiRoute("documents.upload", "POST", "/api/v1/datadesk/documents"),
};

/** The key of the documents list in the query cache: an upload refreshes it. */
export const documentsQueryKey = ["datadesk.documents"] as const;

/** Every uploaded document, newest first. */
export function fetchDocuments(signal?: AbortSignal): Promise<DocumentView[]> {
  return request(routes.list, { signal }).then((answer) => answer.documents);
}

/** The documents list, shared by the documents page and every select of a document. */
export function useDocuments() {
  return useApiQuery({ queryKey: documentsQueryKey, queryFn: ({ signal }) => fetchDocuments(signal) });
}

export interface DocumentDetails {
  title: string;
  publisher: string;
  date: string;
  licence: string;
  sourceUrl: string;
}

/**
 * Uploads `file` with its details. The details go first, so the server checks them before the file's
 * bytes arrive (a mistake in a title is answered without waiting for 25 MB).
 */
export function uploadDocument(
  details: DocumentDetails,
  file: File,
  options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {},
): Promise<DocumentView> {
  const form = new FormData();
  form.append("title", details.title);
  form.append("publisher", details.publisher);
  form.append("date", details.date);
  form.append("licence", details.licence);
  form.append("sourceUrl", details.sourceUrl);
  form.append("file", file);
  return uploadFormData(routes.upload, form, options).then((answer) => answer.document);
}
