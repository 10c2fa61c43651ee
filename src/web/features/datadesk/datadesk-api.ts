import type {
  ChangeAnswer,
  ChangeProposal,
  ChangePublishedAnswer,
  ChangesAnswer,
  ImportAnswer,
  ImportRowsAnswer,
  ImportUpload,
  RecordAnswer,
  RecordField,
  RecordsAnswer,
} from "../../../domain/api/datadesk";
import type { EditableKind } from "../../../domain/datadesk/fields";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { UserRole } from "../../../domain/accounts/user";
import { can } from "../../../domain/permissions";
import { apiRoute, request } from "../../lib/api-client";

// The data desk's endpoints (src/domain/api/datadesk.ts). A 401 is handled by the API client.

export type {
  ChangeAnswer,
  ChangeConflict,
  ChangeField,
  ChangeProposal,
  ChangesAnswer,
  DataChange,
  DataDeskFailure,
  DataDeskProblem,
  ImportAnswer,
  ImportFailure,
  ImportPage,
  ImportProblemView,
  ImportRowView,
  ImportUpload,
  RecordAnswer,
  RecordField,
  RecordSummary,
  RecordsAnswer,
} from "../../../domain/api/datadesk";

const routes = {
  records: apiRoute("dataDesk.records", "GET", "/api/v1/datadesk/records"),
  record: apiRoute("dataDesk.record", "GET", "/api/v1/datadesk/records/:kind/:id"),
  propose: apiRoute("dataDesk.propose", "POST", "/api/v1/datadesk/changes"),
  changes: apiRoute("dataDesk.changes", "GET", "/api/v1/datadesk/changes"),
  publish: apiRoute("dataDesk.publish", "POST", "/api/v1/datadesk/changes/:id/publish"),
  reject: apiRoute("dataDesk.reject", "POST", "/api/v1/datadesk/changes/:id/reject"),
  withdraw: apiRoute("dataDesk.withdraw", "POST", "/api/v1/datadesk/changes/:id/withdraw"),
  importSchools: apiRoute("dataDesk.importSchools", "POST", "/api/v1/datadesk/imports"),
  importRows: apiRoute("dataDesk.importRows", "GET", "/api/v1/datadesk/changes/:id/import-rows"),
};

/** Records the search box finds (all of a kind when `q` is empty), first `limit`. */
export function fetchRecords(
  { kind, q, limit }: { kind: EditableKind; q: string; limit: number },
  signal?: AbortSignal,
): Promise<RecordsAnswer> {
  return request(routes.records, { query: { kind, q, limit: String(limit) }, signal });
}

export function fetchRecord(kind: string, id: string, signal?: AbortSignal): Promise<RecordAnswer> {
  return request(routes.record, { params: { kind, id }, signal });
}

/** Fails with 400 and `problems` (one per field) when a value breaks its rule. */
export function proposeChange(proposal: ChangeProposal): Promise<ChangeAnswer> {
  return request(routes.propose, { body: proposal });
}

/** The review queue (`proposed`, oldest first) or the caller's own changes (`mine`). */
export function fetchChanges(
  which: { mine: boolean; status?: string; kind?: string; recordId?: string },
  signal?: AbortSignal,
): Promise<ChangesAnswer> {
  const { mine, status, kind, recordId } = which;
  return request(routes.changes, {
    query: { mine: mine ? "true" : "", status: status ?? "", kind: kind ?? "", recordId: recordId ?? "" },
    signal,
  });
}

/** Fails with 409 and `conflicts` when a field it changes was published since; 403 for one's own. */
export function publishChange(id: string): Promise<ChangePublishedAnswer> {
  return request(routes.publish, { params: { id } });
}

export function rejectChange(id: string, reason: string): Promise<ChangeAnswer> {
  return request(routes.reject, { params: { id }, body: { reason } });
}

export function withdrawChange(id: string): Promise<ChangeAnswer> {
  return request(routes.withdraw, { params: { id } });
}

/**
 * A schools CSV checked (`dryRun`: its rows' problems, additions and changes) or proposed as one change.
 * Fails with 400 and `refusal` (the file as a whole), `plan` (rows with problems) or `problems` (the
 * source or the note); 413 when it is too large.
 */
export function importSchools(upload: ImportUpload, dryRun: boolean, page = 1): Promise<ImportAnswer> {
  return request(routes.importSchools, {
    query: { dryRun: dryRun ? "1" : "", page: page === 1 ? "" : String(page) },
    body: upload,
  });
}

/** A page of the schools a proposed (or decided) import holds, in the file's order. */
export function fetchImportRows(id: string, page: number, signal?: AbortSignal): Promise<ImportRowsAnswer> {
  return request(routes.importRows, { params: { id }, query: { page: String(page) }, signal });
}

/**
 * A school's fields as the edit form renders them, with no values: from the one description of the fields
 * (src/domain/datadesk/fields.ts), imported when the new school's page asks, since it carries the rules'
 * library. The
 * contract gives a record's fields only with a record (GET /records/:kind/:id).
 */
export async function fetchNewSchoolFields(): Promise<RecordField[]> {
  const { recordFieldsOf } = await import("../../../domain/datadesk/record-fields");
  return recordFieldsOf("school", null);
}

/**
 * The desk's queries, each with its key beside its fetcher. A list's key starts with its `all…` prefix,
 * so that a publication, a proposal or a decision invalidates every view of it at once.
 */
export const deskQueries = {
  allRecords: ["datadesk.records"] as const,
  records: (kind: EditableKind, q: string, limit: number) =>
    queryOptions({
      queryKey: [...deskQueries.allRecords, kind, q] as const,
      queryFn: ({ signal }) => fetchRecords({ kind, q, limit }, signal),
    }),
  allRecordViews: ["datadesk.record"] as const,
  record: (kind: string, id: string) =>
    queryOptions({
      queryKey: [...deskQueries.allRecordViews, kind, id] as const,
      queryFn: ({ signal }) => fetchRecord(kind, id, signal),
    }),
  allChanges: ["datadesk.changes"] as const,
  /** The review queue (every proposed change), or the caller's own changes. */
  changes: (view: "queue" | "mine") =>
    queryOptions({
      queryKey: [...deskQueries.allChanges, view] as const,
      queryFn: ({ signal }) =>
        fetchChanges(view === "mine" ? { mine: true } : { mine: false, status: "proposed" }, signal),
    }),
  /** Read once: the fields change only with a new build. */
  newSchoolFields: () =>
    queryOptions({
      queryKey: ["datadesk.newSchoolFields"] as const,
      queryFn: fetchNewSchoolFields,
      staleTime: Infinity,
    }),
  importRows: (changeId: string, page: number) =>
    queryOptions({
      queryKey: ["datadesk.importRows", changeId, page] as const,
      queryFn: ({ signal }) => fetchImportRows(changeId, page, signal),
    }),
};

export const deskKinds: readonly EditableKind[] = ["state", "school", "estimate", "country"];

/** The most records a search lists: every state, and enough schools that a name narrows them. */
export const RECORDS_LIMIT = 200;

/** The desk's view, as the address keeps it (Back returns to the last search). */
export function deskQueryFrom(params: URLSearchParams): { kind: EditableKind; q: string; proposed: boolean } {
  const kind = deskKinds.find((candidate) => candidate === params.get("kind")) ?? "state";
  return { kind, q: (params.get("q") ?? "").trim(), proposed: params.get("proposed") === "1" };
}

/** The desk's pages' reads for their addresses, started by their routes; nothing for a role without the desk. */
export const startDesk = {
  records(client: QueryClient, params: URLSearchParams, role: UserRole): void {
    if (!can(role, "data:propose")) return;
    const { kind, q } = deskQueryFrom(params);
    void client.prefetchQuery(deskQueries.records(kind, q, RECORDS_LIMIT));
  },
  changes(client: QueryClient, params: URLSearchParams, role: UserRole): void {
    if (!can(role, "data:propose")) return;
    void client.prefetchQuery(deskQueries.changes(params.get("view") === "mine" ? "mine" : "queue"));
  },
};
