import { vi } from "vitest";
import type { DataChange } from "../../domain/api/datadesk";
import type { DocumentView } from "../../domain/api/documents";
import states from "../../../data/states.json" with { type: "json" };

// Fixtures of the data desk's web tests: a record's fields as the API describes them (from the one
// description of the fields, with the values of a real record), a change, and a fake API that answers by
// method and path and records what it was sent.

/** A record's fields as GET /records/:kind/:id gives them, valued from `document`. */
export { recordFieldsOf } from "../../domain/datadesk/record-fields";

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
    import: null,
    sourceUrl: "https://example.org/kano-gazette",
    sourceTitle: "Kano State Gazette",
    sourcePublisher: "Kano State Government",
    sourceRead: "2026-11-18",
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

/** A document as the documents list gives it. */
export function documentOf(fields: Partial<DocumentView> = {}): DocumentView {
  const id = fields.id ?? "11111111-1111-4111-8111-111111111111";
  const fileName = fields.fileName ?? "kano-state-disability-rights-law-2018.pdf";
  return {
    id,
    title: "Kano State Disability Rights Law, 2018",
    publisher: "Kano State House of Assembly",
    publishedOn: "2018-05-12",
    licence: "Public document",
    sourceUrl: "https://example.org/kano-law.pdf",
    fileName,
    contentType: "application/pdf",
    bytes: 1_258_291,
    sha256: "0".repeat(64),
    address: `/documents/${id}/${fileName}`,
    createdAt: "2026-11-20T10:00:00.000Z",
    ...fields,
  };
}

/** The documents the fake API lists unless a test gives its own. */
export const uploadedDocuments: DocumentView[] = [
  documentOf(),
  documentOf({
    id: "22222222-2222-4222-8222-222222222222",
    title: "National Policy on Inclusive Education",
    publisher: "Federal Ministry of Education",
    publishedOn: null,
    fileName: "national-policy-on-inclusive-education.pdf",
    bytes: 850_000,
  }),
];

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
export function fakeApi(
  reply: (request: SentRequest) => Reply | "offline",
  /** The documents list's answer (read at each request: a getter may change it). */
  options: { documents?: DocumentView[] } = {},
) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    // The documents list every source select loads: answered here, and not counted in `sent`.
    if ((init?.method ?? "GET") === "GET" && url.pathname === "/api/v1/datadesk/documents") {
      return new Response(
        JSON.stringify({ success: true, documents: options.documents ?? uploadedDocuments }),
        { status: 200 },
      );
    }
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
