import { vi } from "vitest";
import type { DataChange, RecordField } from "../../domain/api/datadesk";
import {
  editablePaths,
  fieldAt,
  translationOf,
  valueAt,
  type EditableKind,
} from "../../domain/datadesk/fields";
import states from "../../../data/states.json" with { type: "json" };

// Fixtures of the data desk's web tests: a record's fields as the API describes them (from the one
// description of the fields, with the values of a real record), a change, and a fake API that answers by
// method and path and records what it was sent.

/** A record's fields as GET /records/:kind/:id gives them, valued from `document`. */
export function recordFieldsOf(kind: EditableKind, document: unknown): RecordField[] {
  return editablePaths(kind).map((path) => {
    const field = fieldAt(kind, path);
    if (!field) throw new Error(`no field ${path}`);
    return {
      path,
      type: field.type,
      label: field.label,
      language: translationOf(kind, path)?.language ?? null,
      value: valueAt(document, path) ?? null,
      options: field.options ? [...field.options] : null,
      maxLength: field.maxLength ?? null,
      maxItems: field.maxItems ?? null,
      column: field.column,
      filters: field.filters,
      requiredOnAdd: field.requiredOnAdd ?? false,
    };
  });
}

/** Kano as data/states.json has it (law status "Passed", law passed in 2018). */
export const kano = states.find((state) => state.state === "Kano")!;

export function changeOf(fields: Partial<DataChange> = {}): DataChange {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    kind: "state",
    recordId: "20",
    recordName: "Kano",
    changeKind: "edit",
    status: "proposed",
    baseVersion: 1,
    fields: [{ field: "status", from: "Passed", to: "Pending" }],
    sourceUrl: "https://example.org/kano-gazette",
    sourceDocumentId: null,
    note: "The gazette says the law was repealed.",
    mergeInto: null,
    correctionId: null,
    author: { id: 8, name: "Bola Ade" },
    mine: false,
    decidedBy: null,
    decidedAt: null,
    reason: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    ...fields,
  };
}

export interface Reply {
  status: number;
  body?: unknown;
}

/** What the fake API was sent. */
export interface SentRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/**
 * A fake API for `fetch`: `reply(method, path, sent)` answers each request (a Reply, or "offline" for a
 * request that gets no answer). Every request is recorded in `sent`.
 */
export function fakeApi(reply: (request: SentRequest) => Reply | "offline") {
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const request: SentRequest = {
      method: init?.method ?? "GET",
      path: url.pathname,
      search: url.search,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const answer = reply(request);
    if (answer === "offline") throw new TypeError("Failed to fetch");
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
    });
  });
  vi.stubGlobal("fetch", fetch);
  return sent;
}
