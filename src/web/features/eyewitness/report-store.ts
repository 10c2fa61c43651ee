import { ApiError } from "../../lib/api-client";
import { OUTBOX_CHANGED } from "../../lib/outbox-event";
import { askForOutboxSync } from "../../lib/outbox-sync";
import {
  CREDENTIALS,
  DRAFTS,
  OUTBOX,
  SENT_BY_WORKER,
  dropCredential,
  dropCredentialWhenIdle,
  keepCredential,
  result,
  transact,
  type KeptRefusal,
  type SentByWorker,
} from "../../lib/reports-db";
import type { EyewitnessSubmission } from "../../lib/eyewitness-submission";
import type { EyewitnessDraft, PhotoDraft } from "./report-form-checks";
import { newSubmissionKey } from "./report-api";

// The report form's storage on the device, in IndexedDB: one draft per signed-in user (keyed by
// the user's id, so another account on a shared phone never sees it) and the outbox of reports submitted
// without a connection. Files are kept as Blobs with their name and type beside them: a File comes back
// from IndexedDB as a plain Blob in some engines. Loaded only when the form or the outbox needs it.

interface StoredFile {
  blob: Blob;
  name: string;
  type: string;
  lastModified: number;
}

type StoredDraftFields = Omit<EyewitnessDraft, "photos" | "videoFile"> & {
  photos: { file: StoredFile; altText: string; originalSize?: number }[];
  videoFile: StoredFile | null;
};

interface DraftRecord {
  userId: number;
  savedAt: number;
  draft: StoredDraftFields;
  /** The server's refusal, for a report that came back from the outbox: its English sentence. */
  problem?: string;
  /** The field that refusal is about (the API's `field`), when it named one. */
  problemField?: string;
  /** What the refusal is said from in the page's language (absent from records of older versions). */
  refusal?: KeptRefusal;
}

type StoredSubmission = Omit<EyewitnessSubmission, "photos" | "video"> & {
  photos: { file: StoredFile; description: string }[];
  video: StoredFile | null;
};

/**
 * A refusal of the server as the outbox keeps it: its English sentence and the field it named (all that
 * older versions kept), with its status, code and problem, which the page says it from.
 */
export interface Refusal extends KeptRefusal {
  message: string;
  field?: string;
}

/** With state "refused", the refusal's parts (KeptRefusal's, and message and field) are kept on it too. */
export interface OutboxRecord extends KeptRefusal {
  id: number;
  userId: number;
  queuedAt: number;
  submission: StoredSubmission;
  /** Waiting to be sent, or refused by the server (a 4xx) and waiting to go back to the form. */
  state: "waiting" | "refused";
  message?: string;
  field?: string;
  /**
   * Kept for its account's next sign-in after that account's session ended here: the offline page (which
   * knows no session) never tells of it, so the next person at a shared phone reads none of it.
   */
  keptForSignIn?: true;
}

export interface RestoredDraft {
  draft: EyewitnessDraft;
  /** The English sentence of the refusal that sent it back from the outbox, and its field. */
  problem?: string;
  problemField?: string;
  /** That refusal's status, code and problem, when the version that kept it kept them. */
  refusal?: KeptRefusal;
}

/** The status, code and problem of a kept refusal, or nothing when a record of an older version has none. */
function keptOf({ status, code, problem }: KeptRefusal): KeptRefusal | undefined {
  if (status === undefined && code === undefined && problem === undefined) return undefined;
  return {
    ...(status === undefined ? {} : { status }),
    ...(code === undefined ? {} : { code }),
    ...(problem === undefined ? {} : { problem }),
  };
}

/**
 * A kept refusal as the failure failureText says in the page's language: from its problem and code. A
 * record of an older version has only the English sentence and field: it is taken as the 400 refusal of
 * that field it was, so it reads as it did before (the sentence on an English page).
 */
export function refusalFailure(refusal: Refusal): ApiError {
  const { message, field, problem } = refusal;
  const code = refusal.code ?? (field ? "VALIDATION_FAILED" : undefined);
  return new ApiError(refusal.status ?? 400, message, {
    message,
    ...(code ? { code } : {}),
    ...(field ? { field } : {}),
    ...(problem ? { problem } : {}),
  });
}

function storeFile(file: File): StoredFile {
  return { blob: file, name: file.name, type: file.type, lastModified: file.lastModified };
}

function loadFile(stored: StoredFile): File {
  return new File([stored.blob], stored.name, { type: stored.type, lastModified: stored.lastModified });
}

function toStoredDraft(draft: EyewitnessDraft): StoredDraftFields {
  return {
    ...draft,
    photos: draft.photos.map(({ file, altText, originalSize }) => ({
      file: storeFile(file),
      altText,
      ...(originalSize === undefined ? {} : { originalSize }),
    })),
    videoFile: draft.videoFile ? storeFile(draft.videoFile) : null,
  };
}

function fromStoredDraft(stored: StoredDraftFields, newKey: () => string): EyewitnessDraft {
  return {
    ...stored,
    photos: stored.photos.map(({ file, altText, originalSize }): PhotoDraft => ({
      key: newKey(),
      file: loadFile(file),
      altText,
      ...(originalSize === undefined ? {} : { originalSize }),
    })),
    videoFile: stored.videoFile ? loadFile(stored.videoFile) : null,
  };
}

function toStoredSubmission(submission: EyewitnessSubmission): StoredSubmission {
  return {
    ...submission,
    photos: submission.photos.map(({ file, description }) => ({ file: storeFile(file), description })),
    video: submission.video ? storeFile(submission.video) : null,
  };
}

export function fromStoredSubmission(stored: StoredSubmission): EyewitnessSubmission {
  return {
    ...stored,
    photos: stored.photos.map(({ file, description }) => ({ file: loadFile(file), description })),
    video: stored.video ? loadFile(stored.video) : null,
  };
}

/** A refused report as the form holds it, so the reporter can correct it and send it again. */
function draftOfSubmission(report: StoredSubmission): StoredDraftFields {
  return {
    firstName: report.firstName,
    lastName: report.lastName,
    email: report.email,
    stateId: String(report.stateId),
    lga: report.lga,
    place: report.place ?? "",
    occurredOn: report.occurredOn,
    commentType: report.commentType,
    comment: report.comment,
    showFirstName: report.showFirstName,
    placePrecision: report.placePrecision,
    peopleConsent: report.peopleConsent,
    media: report.photos.length > 0 ? "photograph" : report.video || report.videoUrl ? "video" : "none",
    photos: report.photos.map(({ file, description }) => ({ file, altText: description })),
    videoSource: report.videoUrl ? "link" : "file",
    videoFile: report.video,
    videoUrl: report.videoUrl ?? "",
  };
}

export async function saveDraft(userId: number, draft: EyewitnessDraft): Promise<void> {
  const record: DraftRecord = { userId, savedAt: Date.now(), draft: toStoredDraft(draft) };
  await transact([DRAFTS], "readwrite", (transaction) => result(transaction.objectStore(DRAFTS).put(record)));
}

export async function deleteDraft(userId: number): Promise<void> {
  await transact([DRAFTS], "readwrite", (transaction) =>
    result(transaction.objectStore(DRAFTS).delete(userId)),
  );
}

/**
 * The user's draft, with new photo keys from `newKey`. When there is none and a report of theirs was
 * refused from the outbox, that report becomes the draft (with the server's refusal) and leaves the outbox.
 */
export async function loadDraft(userId: number, newKey: () => string): Promise<RestoredDraft | null> {
  const record = await transact([DRAFTS, OUTBOX], "readwrite", async (transaction) => {
    const drafts = transaction.objectStore(DRAFTS);
    const saved = await result<DraftRecord | undefined>(drafts.get(userId));
    if (saved) return saved;
    const outbox = transaction.objectStore(OUTBOX);
    const records = await result<OutboxRecord[]>(outbox.index("userId").getAll(userId));
    const refused = records.find((candidate) => candidate.state === "refused");
    if (!refused) return null;
    const kept = keptOf(refused);
    const restored: DraftRecord = {
      userId,
      savedAt: Date.now(),
      draft: draftOfSubmission(refused.submission),
      ...(refused.message ? { problem: refused.message } : {}),
      ...(refused.field ? { problemField: refused.field } : {}),
      ...(kept ? { refusal: kept } : {}),
    };
    await result(drafts.put(restored));
    await result(outbox.delete(refused.id));
    return restored;
  });
  if (!record) return null;
  return {
    draft: fromStoredDraft(record.draft, newKey),
    ...(record.problem ? { problem: record.problem } : {}),
    ...(record.problemField ? { problemField: record.problemField } : {}),
    ...(record.refusal ? { refusal: record.refusal } : {}),
  };
}

/**
 * Keeps the report in the outbox. With the session's `token`, the token is kept beside it (until the outbox
 * empties or the session ends) so the service worker can send it with no page open.
 */
export async function queueReport(
  userId: number,
  submission: EyewitnessSubmission,
  token?: string,
): Promise<void> {
  const record: Omit<OutboxRecord, "id"> = {
    userId,
    queuedAt: Date.now(),
    // The key of the try that may have reached the server already, or a new one.
    submission: toStoredSubmission({
      ...submission,
      idempotencyKey: submission.idempotencyKey ?? newSubmissionKey(),
    }),
    state: "waiting",
  };
  await transact([OUTBOX, CREDENTIALS], "readwrite", async (transaction) => {
    await result(transaction.objectStore(OUTBOX).add(record));
    if (token) await keepCredential(transaction, userId, token);
  });
  // OutboxSender (in the layout) counts it and sends it if there is a connection after all, or when the
  // connection returns (the online event, or Background Sync's wake-up through the service worker).
  if (typeof window !== "undefined") window.dispatchEvent(new Event(OUTBOX_CHANGED));
  askForOutboxSync();
}

/** The user's reports waiting to be sent, oldest first. */
export async function waitingReports(userId: number): Promise<OutboxRecord[]> {
  const records = await transact([OUTBOX], "readonly", (transaction) =>
    result<OutboxRecord[]>(transaction.objectStore(OUTBOX).index("userId").getAll(userId)),
  );
  return records.filter((record) => record.state === "waiting").sort((a, b) => a.id - b.id);
}

export async function countWaiting(userId: number): Promise<number> {
  return (await waitingReports(userId)).length;
}

/** Takes a sent report out of the outbox; with the account's last one, its credential for the worker goes. */
export async function removeReport(id: number): Promise<void> {
  await transact([OUTBOX, CREDENTIALS], "readwrite", async (transaction) => {
    const outbox = transaction.objectStore(OUTBOX);
    const record = await result<OutboxRecord | undefined>(outbox.get(id));
    await result(outbox.delete(id));
    if (record) await dropCredentialWhenIdle(transaction, record.userId);
  });
}

/**
 * Renews the credential the service worker sends the account's waiting reports with (an open page, signed
 * in, with reports waiting: its token is the current one); nothing when none waits.
 */
export async function renewCredential(userId: number, token: string): Promise<void> {
  await transact([OUTBOX, CREDENTIALS], "readwrite", async (transaction) => {
    const records = await result<OutboxRecord[]>(
      transaction.objectStore(OUTBOX).index("userId").getAll(userId),
    );
    if (records.some((record) => record.state === "waiting"))
      await keepCredential(transaction, userId, token);
    else await dropCredential(transaction, userId);
  });
}

export async function markRefused(id: number, refusal: Refusal): Promise<void> {
  await transact([OUTBOX, CREDENTIALS], "readwrite", async (transaction) => {
    const outbox = transaction.objectStore(OUTBOX);
    const record = await result<OutboxRecord | undefined>(outbox.get(id));
    if (!record) return;
    const { message, field } = refusal;
    const kept = keptOf(refusal);
    await result(outbox.put({ ...record, state: "refused", message, ...(field ? { field } : {}), ...kept }));
    await dropCredentialWhenIdle(transaction, record.userId);
  });
}

export interface UnsentReports {
  waiting: number;
  /** Refused by the server, waiting to go back to the form for correction. */
  refused: number;
}

/** The user's reports that have not left the device. */
export async function unsentReports(userId: number): Promise<UnsentReports> {
  const records = await transact([OUTBOX], "readonly", (transaction) =>
    result<OutboxRecord[]>(transaction.objectStore(OUTBOX).index("userId").getAll(userId)),
  );
  const refused = records.filter((record) => record.state === "refused").length;
  return { waiting: records.length - refused, refused };
}

/**
 * Forgets what this device keeps for an account whose session ends here, so the next person at a shared
 * phone finds none of it: every draft (a draft belongs to a session that is now over, whoever's it was),
 * the token the service worker would have sent the account's reports with, and the account's outbox unless
 * it is kept for that account's next sign-in.
 */
export async function forgetAccount(userId: number, outbox: "keep" | "delete"): Promise<void> {
  await transact([DRAFTS, OUTBOX, CREDENTIALS, SENT_BY_WORKER], "readwrite", async (transaction) => {
    await result(transaction.objectStore(DRAFTS).clear());
    await result(transaction.objectStore(SENT_BY_WORKER).delete(userId));
    // The session is over: nothing is sent for it any more, by the worker or anyone, until it signs in again.
    await dropCredential(transaction, userId);
    const store = transaction.objectStore(OUTBOX);
    if (outbox === "keep") {
      const records = await result<OutboxRecord[]>(store.index("userId").getAll(userId));
      for (const record of records) await result(store.put({ ...record, keptForSignIn: true }));
      return;
    }
    const ids = await result(store.index("userId").getAllKeys(userId));
    for (const id of ids) await result(store.delete(id));
  });
}

/**
 * How many of the user's reports the service worker sent since a page last said so (with no page open),
 * and forgets the count: the page that asks tells the reporter.
 */
export async function takeSentByWorker(userId: number): Promise<number> {
  return transact([SENT_BY_WORKER], "readwrite", async (transaction) => {
    const told = transaction.objectStore(SENT_BY_WORKER);
    const record = await result<SentByWorker | undefined>(told.get(userId));
    if (record) await result(told.delete(userId));
    return record?.sent ?? 0;
  });
}
