// The reports' IndexedDB database on the device: the report form's drafts and the outbox of reports kept
// until there is a connection. The eyewitness feature keeps its records here
// (features/eyewitness/report-store.ts) and the service worker reads the outbox from it for the offline page,
// so both open it the same way.

const DB_NAME = "inclusion-atlas-reports";
// Version 2 added the credentials the service worker sends the outbox with (docs/security.md).
const DB_VERSION = 2;
export const DRAFTS = "drafts";
export const OUTBOX = "outbox";
export const CREDENTIALS = "credentials";
/** How many of an account's reports the service worker sent, for the next page to tell the reporter. */
export const SENT_BY_WORKER = "sentByWorker";

let opening: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  if (opening) return opening;
  const attempt = new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      if (event.oldVersion < 1) {
        db.createObjectStore(DRAFTS, { keyPath: "userId" });
        db.createObjectStore(OUTBOX, { keyPath: "id", autoIncrement: true }).createIndex("userId", "userId");
      }
      if (event.oldVersion < 2) {
        db.createObjectStore(CREDENTIALS, { keyPath: "userId" });
        db.createObjectStore(SENT_BY_WORKER, { keyPath: "userId" });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database later: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error("IndexedDB could not be opened."));
  });
  // A failure (no IndexedDB here, or it threw) is not kept: the next call tries again.
  opening = attempt;
  attempt.catch(() => {
    if (opening === attempt) opening = null;
  });
  return attempt;
}

/** Runs `work` in one transaction and resolves with its result once the transaction has committed. */
export async function transact<T>(
  stores: string[],
  mode: IDBTransactionMode,
  work: (transaction: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const db = await openDatabase();
  const transaction = db.transaction(stores, mode);
  const done = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB transaction failed."));
    transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB transaction aborted."));
  });
  const result = await work(transaction);
  await done;
  return result;
}

export function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed."));
  });
}

/**
 * What the server said when it refused a queued report (a 4xx), kept on the device beside its English
 * `message` so a page can say it again in its own language (failureText). Records stored before these were
 * kept have the message alone (and `field`): all optional, so the database's version stays.
 */
export interface KeptRefusal {
  status?: number;
  /** The API's error code. */
  code?: string;
  /** The API's problem as it came (the page checks its key when it says it). */
  problem?: { key: string; params: Record<string, unknown> };
}

/** The parts of KeptRefusal found in a refusal's JSON body, with its status. */
export function keptRefusal(status: number, body: unknown): KeptRefusal {
  const { code, problem } = (typeof body === "object" && body !== null ? body : {}) as {
    code?: unknown;
    problem?: { key?: unknown; params?: unknown } | null;
  };
  const params = problem?.params;
  return {
    status,
    ...(typeof code === "string" && code ? { code } : {}),
    ...(problem && typeof problem.key === "string"
      ? {
          problem: {
            key: problem.key,
            params: typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {},
          },
        }
      : {}),
  };
}

/** A report in the outbox as the offline page tells of it (the stored record has more). */
export interface WaitingReportSummary {
  commentType: string;
  comment: string;
  /** When it was queued (ms since the epoch). */
  queuedAt: number;
}

interface StoredOutboxRecord {
  id: number;
  queuedAt: number;
  state: "waiting" | "refused";
  submission: { commentType: string; comment: string };
  keptForSignIn?: true;
}

/**
 * The reports waiting on this device, oldest first: what the offline page (made by the service worker, which
 * knows no session) tells about. Never those kept for an account whose session ended here: the next person
 * at a shared phone must read nothing of them.
 */
export async function allWaitingReports(): Promise<WaitingReportSummary[]> {
  const records = await transact([OUTBOX], "readonly", (transaction) =>
    result<StoredOutboxRecord[]>(transaction.objectStore(OUTBOX).getAll()),
  );
  return records
    .filter((record) => record.state === "waiting" && !record.keptForSignIn)
    .sort((a, b) => a.id - b.id)
    .map(({ queuedAt, submission }) => ({
      commentType: submission.commentType,
      comment: submission.comment,
      queuedAt,
    }));
}

/**
 * What the service worker needs to send an account's waiting reports with no page open: the account's
 * bearer token. Kept only while that account has reports waiting and its session lasts here: written when
 * a report is queued (and renewed by an open page while reports wait), deleted when the last one leaves
 * the outbox, when the session ends in this browser (sign-out, a 401, another account) and when the
 * server refuses it (docs/security.md, "Reports sent with no page open").
 */
export interface SendingCredential {
  userId: number;
  token: string;
  savedAt: number;
}

/** Keeps (or renews) the account's credential for the worker, within the caller's transaction. */
export async function keepCredential(transaction: IDBTransaction, userId: number, token: string) {
  const credential: SendingCredential = { userId, token, savedAt: Date.now() };
  await result(transaction.objectStore(CREDENTIALS).put(credential));
}

/** Deletes the account's credential, within the caller's transaction. */
export async function dropCredential(transaction: IDBTransaction, userId: number) {
  await result(transaction.objectStore(CREDENTIALS).delete(userId));
}

/**
 * Deletes the account's credential when none of its reports waits any more, within the caller's
 * transaction (which must cover OUTBOX and CREDENTIALS).
 */
export async function dropCredentialWhenIdle(transaction: IDBTransaction, userId: number) {
  const records = await result<{ state: string }[]>(
    transaction.objectStore(OUTBOX).index("userId").getAll(userId),
  );
  if (!records.some((record) => record.state === "waiting")) await dropCredential(transaction, userId);
}

/** A count of reports the service worker sent for an account, not yet told to the reporter. */
export interface SentByWorker {
  userId: number;
  sent: number;
}
