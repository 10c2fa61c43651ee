// @vitest-environment node
// Node's File and Blob survive IndexedDB's structured clone (jsdom's do not), as a browser's do.
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { loadReportStore } from "../features/eyewitness/lazy";
import type * as DbModule from "./reports-db";
import type * as WorkerModule from "./outbox-worker";
import { submissionOf } from "../../test/web/reports";

// The service worker's own sending of the outbox (Background Sync with no page open), on a real IndexedDB
// engine (fake-indexeddb) with the server's answers made here: what is sent, with which token and key,
// what stays, and when the token it sends with is deleted.

let store: Awaited<ReturnType<typeof loadReportStore>>;
let db: typeof DbModule;
let worker: typeof WorkerModule;

beforeEach(async () => {
  vi.stubGlobal("indexedDB", new IDBFactory());
  vi.resetModules();
  store = await (await import("../features/eyewitness/lazy")).loadReportStore();
  db = await import("./reports-db");
  worker = await import("./outbox-worker");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Sent {
  url: string;
  authorization: string | null;
  key: string | null;
  comment: string;
  files: string[];
}

/** The server: answers each POST with the next answer (or fails the connection), and records what came. */
function server(...answers: (Response | "no connection" | ((sent: Sent) => Promise<Response>))[]) {
  const sent: Sent[] = [];
  const send = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const body = init.body as FormData;
    const headers = new Headers(init.headers);
    const record: Sent = {
      url: String(url),
      authorization: headers.get("authorization"),
      key: headers.get("idempotency-key"),
      comment: String(body.get("comment")),
      files: body.getAll("media").map((file) => (file as File).name),
    };
    sent.push(record);
    const answer = answers.shift() ?? new Response(JSON.stringify({ success: true }), { status: 201 });
    if (answer === "no connection") throw new TypeError("Failed to fetch");
    return typeof answer === "function" ? answer(record) : answer;
  });
  return { sent, send: send as unknown as typeof fetch };
}

const accepted = () => new Response(JSON.stringify({ success: true }), { status: 201 });
const refused = (status: number, body: object) => new Response(JSON.stringify(body), { status });

async function credentialOf(userId: number) {
  return db.transact([db.CREDENTIALS], "readonly", (transaction) =>
    db.result(transaction.objectStore(db.CREDENTIALS).get(userId)),
  );
}

const token = "session-token-of-amina";

describe("The service worker sending the outbox with no page open", () => {
  it("sends each waiting report, oldest first, with the account's token and the report's key, then forgets the token", async () => {
    const photo = new File(["jpeg"], "ramp.jpg", { type: "image/jpeg", lastModified: 5 });
    await store.queueReport(7, submissionOf({ comment: "first", idempotencyKey: "key-first-0001" }), token);
    await store.queueReport(
      7,
      submissionOf({ comment: "second", photos: [{ file: photo, description: "" }] }),
      token,
    );
    expect(await credentialOf(7)).toMatchObject({ userId: 7, token });

    const { sent, send } = server(accepted(), accepted());
    const run = await worker.sendOutboxFromWorker(send);

    expect(run).toEqual({ sent: 2, refused: 0, signedOut: 0, unsent: 0 });
    expect(sent.map(({ comment }) => comment)).toEqual(["first", "second"]);
    expect(sent[0]).toMatchObject({
      url: "/api/v1/eyewitness",
      authorization: `Bearer ${token}`,
      key: "key-first-0001",
    });
    // Every report has a key of its own (given when it was queued): a page sending it too stores it once.
    expect(sent[1]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sent[1]!.files).toEqual(["ramp.jpg"]);
    expect(await store.countWaiting(7)).toBe(0);
    expect(await credentialOf(7)).toBeUndefined();
    // The next page of the reporter says they were sent, once.
    expect(await store.takeSentByWorker(7)).toBe(2);
    expect(await store.takeSentByWorker(7)).toBe(0);
  });

  it("sends nothing for an account that left no token: queued without one, or signed out since", async () => {
    await store.queueReport(7, submissionOf({ comment: "no token" }));
    await store.queueReport(8, submissionOf({ comment: "Chidi's" }), "token-of-chidi");
    await store.forgetAccount(8, "keep");
    expect(await credentialOf(8)).toBeUndefined();

    const { sent, send } = server();
    expect(await worker.sendOutboxFromWorker(send)).toEqual({ sent: 0, refused: 0, signedOut: 0, unsent: 0 });
    expect(sent).toEqual([]);
    expect(await store.countWaiting(7)).toBe(1);
    expect(await store.countWaiting(8)).toBe(1);
  });

  it("stops at once when the session ends while it sends: nothing more goes after sign-out", async () => {
    await store.queueReport(7, submissionOf({ comment: "first" }), token);
    await store.queueReport(7, submissionOf({ comment: "second" }), token);
    const { sent, send } = server(async () => {
      // Logout in a tab while the first report is on its way.
      await store.forgetAccount(7, "keep");
      return accepted();
    });
    const run = await worker.sendOutboxFromWorker(send);
    expect(run.sent).toBe(1);
    expect(sent.map(({ comment }) => comment)).toEqual(["first"]);
    expect(await store.countWaiting(7)).toBe(1);
  });

  it("on a 401, forgets the token and leaves the reports for the next sign-in", async () => {
    await store.queueReport(7, submissionOf({ comment: "first" }), token);
    await store.queueReport(7, submissionOf({ comment: "second" }), token);
    const { sent, send } = server(refused(401, { success: false, code: "UNAUTHENTICATED", message: "No" }));
    expect(await worker.sendOutboxFromWorker(send)).toEqual({ sent: 0, refused: 0, signedOut: 1, unsent: 0 });
    expect(sent).toHaveLength(1);
    expect(await credentialOf(7)).toBeUndefined();
    expect(await store.countWaiting(7)).toBe(2);
  });

  it("puts a refused report back for the form with the server's refusal, and sends the next", async () => {
    await store.queueReport(7, submissionOf({ comment: "too long" }), token);
    await store.queueReport(7, submissionOf({ comment: "fine" }), token);
    const { sent, send } = server(
      refused(400, {
        success: false,
        code: "VALIDATION_FAILED",
        message: "The comment is too long.",
        field: "comment",
        problem: { key: "code.VALIDATION_FAILED", params: {} },
      }),
      accepted(),
    );
    expect(await worker.sendOutboxFromWorker(send)).toEqual({ sent: 1, refused: 1, signedOut: 0, unsent: 0 });
    expect(sent.map(({ comment }) => comment)).toEqual(["too long", "fine"]);
    expect(await store.unsentReports(7)).toEqual({ waiting: 0, refused: 1 });
    // None waits any more: the token is gone; the refused one goes back to the form at the next visit.
    expect(await credentialOf(7)).toBeUndefined();
    const restored = await store.loadDraft(7, () => "photo-key");
    // With its status, code and problem: the form says it from them in the page's language.
    expect(restored).toMatchObject({
      problem: "The comment is too long.",
      problemField: "comment",
      refusal: {
        status: 400,
        code: "VALIDATION_FAILED",
        problem: { key: "code.VALIDATION_FAILED", params: {} },
      },
    });
  });

  it("leaves the reports and the token when no answer comes or the server fails, for the browser's next try", async () => {
    await store.queueReport(7, submissionOf({ comment: "first" }), token);
    await store.queueReport(7, submissionOf({ comment: "second" }), token);
    const offline = server("no connection");
    expect(await worker.sendOutboxFromWorker(offline.send)).toEqual({
      sent: 0,
      refused: 0,
      signedOut: 0,
      unsent: 2,
    });
    const failing = server(accepted(), refused(503, { success: false, message: "Busy" }));
    expect(await worker.sendOutboxFromWorker(failing.send)).toMatchObject({ sent: 1, unsent: 1 });
    expect(await store.countWaiting(7)).toBe(1);
    expect(await credentialOf(7)).toMatchObject({ token });
  });

  it("skips a report a page sent meanwhile", async () => {
    await store.queueReport(7, submissionOf({ comment: "first" }), token);
    await store.queueReport(7, submissionOf({ comment: "second" }), token);
    const [, second] = await store.waitingReports(7);
    const { sent, send } = server(async () => {
      // The page, woken too, sent the second report while the worker sent the first.
      await store.removeReport(second!.id);
      return accepted();
    });
    expect(await worker.sendOutboxFromWorker(send)).toMatchObject({ sent: 1 });
    expect(sent.map(({ comment }) => comment)).toEqual(["first"]);
  });
});

describe("The token kept for the service worker", () => {
  it("is renewed by an open page while reports wait, and deleted when none does", async () => {
    await store.queueReport(7, submissionOf({ comment: "waiting" }), "old-token");
    await store.renewCredential(7, "new-token");
    expect(await credentialOf(7)).toMatchObject({ token: "new-token" });
    const [waiting] = await store.waitingReports(7);
    await store.removeReport(waiting!.id);
    expect(await credentialOf(7)).toBeUndefined();
    await store.renewCredential(7, "new-token");
    expect(await credentialOf(7)).toBeUndefined();
  });

  it("is deleted when the account's outbox is deleted at Logout", async () => {
    await store.queueReport(7, submissionOf({ comment: "waiting" }), token);
    await store.forgetAccount(7, "delete");
    expect(await credentialOf(7)).toBeUndefined();
  });

  it("is never another account's: each account's reports go with its own token", async () => {
    await store.queueReport(7, submissionOf({ comment: "Amina's" }), token);
    await store.queueReport(8, submissionOf({ comment: "Chidi's" }), "token-of-chidi");
    const { sent, send } = server();
    await worker.sendOutboxFromWorker(send);
    expect(sent.map(({ comment, authorization }) => [comment, authorization])).toEqual([
      ["Amina's", `Bearer ${token}`],
      ["Chidi's", "Bearer token-of-chidi"],
    ]);
  });
});

describe("The reports database from before the worker sent reports (version 1)", () => {
  it("is upgraded in place: the reports waiting in it stay, and the worker's store is added", async () => {
    const waiting = { userId: 7, queuedAt: 1, state: "waiting", submission: { comment: "kept offline" } };
    await new Promise<void>((resolve, reject) => {
      const opening = indexedDB.open("inclusion-atlas-reports", 1);
      opening.onupgradeneeded = () => {
        const old = opening.result;
        old.createObjectStore("drafts", { keyPath: "userId" });
        const outbox = old.createObjectStore("outbox", { keyPath: "id", autoIncrement: true });
        outbox.createIndex("userId", "userId");
        outbox.add(waiting);
      };
      opening.onsuccess = () => {
        opening.result.close();
        resolve();
      };
      opening.onerror = () => reject(opening.error ?? new Error("not opened"));
    });

    expect(await store.countWaiting(7)).toBe(1);
    await store.renewCredential(7, token);
    expect(await credentialOf(7)).toMatchObject({ token });
  });
});
