import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { UserRole } from "../../../domain/accounts/user";
import { can } from "../../../domain/permissions";
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

/** Every uploaded document, newest first. */
export function fetchDocuments(signal?: AbortSignal): Promise<DocumentView[]> {
  return request(routes.list, { signal }).then((answer) => answer.documents);
}

/** The documents list's query; `all` is its key, which an upload invalidates. */
export const documentQueries = {
  all: ["datadesk.documents"] as const,
  list: () =>
    queryOptions({ queryKey: documentQueries.all, queryFn: ({ signal }) => fetchDocuments(signal) }),
};

/** The documents list, shared by the documents page and every select of a document. */
export function useDocuments() {
  return useApiQuery(documentQueries.list());
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

/** The documents page's read, started by its route; nothing for a role without the desk. */
export function startDocuments(client: QueryClient, _params: URLSearchParams, role: UserRole): void {
  if (can(role, "data:propose")) void client.prefetchQuery(documentQueries.list());
}
