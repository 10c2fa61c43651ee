import type { EyewitnessSubmission } from "./eyewitness-submission";
import { eyewitnessFormData } from "./eyewitness-form-data";
import {
  CREDENTIALS,
  OUTBOX,
  SENT_BY_WORKER,
  dropCredential,
  dropCredentialWhenIdle,
  keptRefusal,
  result,
  transact,
  type KeptRefusal,
  type SendingCredential,
  type SentByWorker,
} from "./reports-db";

// The service worker's own sending of the outbox (Background Sync with no page of the product open, or
// none that answers): each account that left a credential (reports-db.ts) gets its waiting reports sent,
// oldest first, exactly as a page sends them, with each report's Idempotency-Key, so a page and the worker
// sending the same report at once store it once. Never after the session ended: the credential is read
// again before each report, and a sign-out deletes it (report-store.ts forgetAccount). The rules and why:
// docs/security.md, "Reports sent with no page open".

/** The name of the Web Lock every sender of the outbox holds (pages in outbox.ts, and the worker). */
export const OUTBOX_LOCK = "eyewitness-outbox";

/** A fallback for a refusal without the server's sentence (the page uses the same). */
const REFUSED_WITHOUT_REASON = "Something went wrong";

interface StoredFile {
  blob: Blob;
  name: string;
  type: string;
  lastModified: number;
}

interface WaitingRecord {
  id: number;
  userId: number;
  state: "waiting" | "refused";
  submission: Omit<EyewitnessSubmission, "photos" | "video"> & {
    photos: { file: StoredFile; description: string }[];
    video: StoredFile | null;
  };
}

export interface WorkerRun {
  sent: number;
  refused: number;
  /** Accounts whose credential the server refused (401): their reports wait for the next sign-in. */
  signedOut: number;
  /** Reports left waiting because no answer came or the server failed: the sync should be tried again. */
  unsent: number;
}

const fileOf = (stored: StoredFile) =>
  new File([stored.blob], stored.name, { type: stored.type, lastModified: stored.lastModified });

function submissionOf(record: WaitingRecord): EyewitnessSubmission {
  const { submission } = record;
  return {
    ...submission,
    photos: submission.photos.map(({ file, description }) => ({ file: fileOf(file), description })),
    video: submission.video ? fileOf(submission.video) : null,
  };
}

async function credentials(): Promise<SendingCredential[]> {
  return transact([CREDENTIALS], "readonly", (transaction) =>
    result<SendingCredential[]>(transaction.objectStore(CREDENTIALS).getAll()),
  );
}

async function credentialOf(userId: number): Promise<SendingCredential | undefined> {
  return transact([CREDENTIALS], "readonly", (transaction) =>
    result<SendingCredential | undefined>(transaction.objectStore(CREDENTIALS).get(userId)),
  );
}

async function waitingOf(userId: number): Promise<WaitingRecord[]> {
  const records = await transact([OUTBOX], "readonly", (transaction) =>
    result<WaitingRecord[]>(transaction.objectStore(OUTBOX).index("userId").getAll(userId)),
  );
  return records.filter((record) => record.state === "waiting").sort((a, b) => a.id - b.id);
}

/** Whether the report is still waiting (a page may have sent it meanwhile). */
async function stillWaiting(id: number): Promise<boolean> {
  const record = await transact([OUTBOX], "readonly", (transaction) =>
    result<WaitingRecord | undefined>(transaction.objectStore(OUTBOX).get(id)),
  );
  return record?.state === "waiting";
}

/** Takes a sent report out, and counts it for the next page of the reporter to say it was sent. */
async function removeSent(record: WaitingRecord): Promise<void> {
  await transact([OUTBOX, CREDENTIALS, SENT_BY_WORKER], "readwrite", async (transaction) => {
    await result(transaction.objectStore(OUTBOX).delete(record.id));
    await dropCredentialWhenIdle(transaction, record.userId);
    const told = transaction.objectStore(SENT_BY_WORKER);
    const before = await result<SentByWorker | undefined>(told.get(record.userId));
    await result(told.put({ userId: record.userId, sent: (before?.sent ?? 0) + 1 }));
  });
}

/** The same record as report-store.ts markRefused writes: the page reads it back from there. */
async function markRefused(
  record: WaitingRecord,
  refusal: KeptRefusal & { message: string; field?: string },
): Promise<void> {
  await transact([OUTBOX, CREDENTIALS], "readwrite", async (transaction) => {
    const outbox = transaction.objectStore(OUTBOX);
    const now = await result<WaitingRecord | undefined>(outbox.get(record.id));
    if (!now) return;
    await result(outbox.put({ ...now, state: "refused", ...refusal }));
    await dropCredentialWhenIdle(transaction, record.userId);
  });
}

async function forgetCredential(userId: number, token: string): Promise<void> {
  await transact([CREDENTIALS], "readwrite", async (transaction) => {
    const now = await result<SendingCredential | undefined>(transaction.objectStore(CREDENTIALS).get(userId));
    // A page may have renewed it meanwhile with a newer session's token: that one stays.
    if (now?.token === token) await dropCredential(transaction, userId);
  });
}

/** The server's JSON error body, or nothing readable. */
async function refusal(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const retryable = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Sends every waiting report of every account that left a credential, once each (the browser retries the
 * sync later with its own backoff). Accepted: the report leaves the outbox. A 4xx: refused, back to the form
 * at the next visit with the server's refusal (its problem, said in the page's language). A 401: the session
 * ended on the server; its credential is deleted and its reports wait for the next sign-in. No answer or a
 * 5xx: the account's reports wait.
 */
export async function sendOutboxFromWorker(send: typeof fetch = fetch): Promise<WorkerRun> {
  const run: WorkerRun = { sent: 0, refused: 0, signedOut: 0, unsent: 0 };
  for (const { userId } of await credentials()) {
    const records = await waitingOf(userId);
    for (const [index, record] of records.entries()) {
      // Read again before each report: a sign-out meanwhile stops the sending at once.
      const credential = await credentialOf(userId);
      if (!credential) break;
      if (!(await stillWaiting(record.id))) continue;
      const submission = submissionOf(record);
      let response: Response;
      try {
        response = await send("/api/v1/eyewitness", {
          method: "POST",
          headers: {
            authorization: `Bearer ${credential.token}`,
            ...(submission.idempotencyKey ? { "idempotency-key": submission.idempotencyKey } : {}),
          },
          body: eyewitnessFormData(submission),
          credentials: "omit",
        });
      } catch {
        run.unsent += records.length - index;
        break;
      }
      if (response.ok) {
        await removeSent(record);
        run.sent += 1;
      } else if (response.status === 401) {
        await forgetCredential(userId, credential.token);
        run.signedOut += 1;
        break;
      } else if (retryable(response.status)) {
        run.unsent += records.length - index;
        break;
      } else {
        const body = await refusal(response);
        const { message, code, field } = body;
        // Its problem and code are kept too: the form says it from them in the page's language.
        await markRefused(record, {
          ...keptRefusal(response.status, body),
          message: typeof message === "string" ? message : REFUSED_WITHOUT_REASON,
          ...(code === "VALIDATION_FAILED" && typeof field === "string" && field ? { field } : {}),
        });
        run.refused += 1;
      }
    }
  }
  return run;
}

/** The worker's run under the outbox's Web Lock, so it never sends beside a page sending the same reports. */
export async function sendOutboxFromWorkerLocked(send: typeof fetch = fetch): Promise<WorkerRun> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks) return await sendOutboxFromWorker(send);
  return await locks.request(OUTBOX_LOCK, () => sendOutboxFromWorker(send));
}
