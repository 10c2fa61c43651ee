import { reportMessages } from "../../../domain/reports/report-rules";
import { ApiError, isSessionEnded, serverMessage } from "../../lib/api-client";
import { OUTBOX_SENT } from "../../lib/outbox-sync";
import { OUTBOX_LOCK } from "../../lib/outbox-worker";
import { keptRefusal } from "../../lib/reports-db";
import type { EyewitnessSubmission } from "../../lib/eyewitness-submission";
import { sendEyewitnessReport } from "./report-api";
import {
  fromStoredSubmission,
  markRefused,
  refusalFailure,
  removeReport,
  waitingReports,
  type Refusal,
} from "./report-store";

// Sends the reports kept on the device while there was no connection, oldest first. Network
// errors and 5xx answers are retried with exponential backoff and jitter; a 4xx is the server refusing the
// report itself, so it is not retried: it goes back to the form with the server's refusal (its problem,
// which the page says in its language, beside the English sentence). Loaded lazily
// by OutboxSender and the form.

export const RETRY = {
  /** Tries per report in one run; what still fails waits for the next online event or visit. */
  attempts: 5,
  baseMs: 2_000,
  capMs: 60_000,
} as const;

/** Half the exponential step plus a random half ("equal jitter"), so phones coming online together spread out. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RETRY.capMs, RETRY.baseMs * 2 ** attempt);
  return Math.round(step / 2 + random() * (step / 2));
}

/** Whether a failure may pass if tried again: no answer, a server error, a timeout or too many requests. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

export interface OutboxRun {
  sent: number;
  /** The server's refusals of reports, as failureText says them; those reports are back in the form. */
  refused: ApiError[];
}

export interface SendOptions {
  signal?: AbortSignal;
  send?: (report: EyewitnessSubmission, signal?: AbortSignal) => Promise<unknown>;
  random?: () => number;
  isOnline?: () => boolean;
  /** Called after each report leaves the outbox. */
  onProgress?: () => void;
  /** Tries per report (RETRY.attempts unless given): one, when a person waits for the answer. */
  attempts?: number;
}

// Told when a run is asked for while one is under way (flushOutbox): the run under way ends instead of
// waiting between tries, and the new run, with its own options, tries now. A person pressing "Send it
// now" does not wait out a backoff of a minute.
const runAsked = new EventTarget();

/** The run under way in this tab, and the one asked for meanwhile (flushOutbox). */
let running: Promise<OutboxRun> | null = null;
let next: Promise<OutboxRun> | null = null;

/** Waits `ms`; false when a new run was asked for meanwhile (this one should then end). */
function wait(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    // Asked for while this run was sending: it gives way now rather than after the wait.
    if (next) {
      resolve(false);
      return;
    }
    const done = (waited: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stop);
      runAsked.removeEventListener("asked", takenOver);
      resolve(waited);
    };
    const timer = setTimeout(() => done(true), ms);
    const takenOver = () => done(false);
    const stop = () => {
      clearTimeout(timer);
      runAsked.removeEventListener("asked", takenOver);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
    runAsked.addEventListener("asked", takenOver, { once: true });
  });
}

const defaultSend = (report: EyewitnessSubmission, signal?: AbortSignal) =>
  sendEyewitnessReport(report, signal ? { signal } : {});

/**
 * Sends the user's waiting reports one after the other. Stops early when the connection goes, after the
 * last retry of a report, on a 401 (the session ended: the rest waits for the next sign-in), or when a new
 * run is asked for while this one waits between tries (the new one goes on at once).
 */
export async function sendOutbox(userId: number, options: SendOptions = {}): Promise<OutboxRun> {
  const {
    signal,
    send = defaultSend,
    random = Math.random,
    isOnline = () => navigator.onLine,
    attempts = RETRY.attempts,
  } = options;
  const run: OutboxRun = { sent: 0, refused: [] };
  for (const record of await waitingReports(userId)) {
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted || !isOnline()) return run;
      try {
        await send(fromStoredSubmission(record.submission), signal);
        await removeReport(record.id);
        if (typeof window !== "undefined") window.dispatchEvent(new Event(OUTBOX_SENT));
        run.sent += 1;
        options.onProgress?.();
        break;
      } catch (error) {
        if (signal?.aborted) return run;
        if (isSessionEnded(error)) return run;
        if (!isRetryable(error)) {
          const message = serverMessage(error) ?? reportMessages.failed;
          const field =
            error instanceof ApiError && error.code === "VALIDATION_FAILED" ? error.field : undefined;
          const refusal: Refusal = {
            ...(error instanceof ApiError ? keptRefusal(error.status, error.body) : {}),
            message,
            ...(field ? { field } : {}),
          };
          await markRefused(record.id, refusal);
          // Said as the form will say it once the report is back there.
          run.refused.push(refusalFailure(refusal));
          options.onProgress?.();
          break;
        }
        if (attempt + 1 >= attempts) return run;
        if (!(await wait(backoffDelay(attempt, random), signal))) return run;
      }
    }
  }
  return run;
}

/**
 * One run at a time in this tab, and across tabs and the service worker (lib/outbox-worker.ts) where the
 * browser has Web Locks, so that no report is
 * sent twice. A run asked for while one is under way starts when it ends (a report queued meanwhile is
 * then sent too), and the one under way ends at its next wait between tries; further asks share that
 * next run.
 */
export function flushOutbox(userId: number, options: SendOptions = {}): Promise<OutboxRun> {
  if (running) {
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return flushOutbox(userId, options);
      });
    runAsked.dispatchEvent(new Event("asked"));
    return next;
  }
  running = (async () => {
    try {
      const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
      if (!locks) return await sendOutbox(userId, options);
      return await locks.request(OUTBOX_LOCK, () => sendOutbox(userId, options));
    } finally {
      running = null;
    }
  })();
  return running;
}
