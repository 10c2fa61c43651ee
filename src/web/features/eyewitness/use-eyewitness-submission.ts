import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { OwnReportView } from "../../../domain/reports/report-rules";
import { useFailureText, useT } from "../../i18n";
import { ApiError, isSessionEnded } from "../../lib/api-client";
import type { EyewitnessSubmission } from "../../lib/eyewitness-submission";
import type { SessionUser } from "../../lib/session";
import { isAbortError, type UploadProgress } from "../../lib/upload";
import { formProblem, type FormProblem } from "../../ui/form/form-problem";
import { toast } from "../../ui/toast/toast-store";
import { newSubmissionKey, sendEyewitnessReport } from "./report-api";
import {
  checkEyewitnessDraft,
  type CheckWords,
  fieldOfServerField,
  reportFields as ids,
} from "./report-form-checks";
import type { EyewitnessDraftState } from "./use-eyewitness-draft";

/** The device storage (IndexedDB), loaded when a report goes to the outbox. */
const loadStore = () => import("./report-store");

/** What the form shows above its fields: what to fix, and whether it is a failure of sending. */
interface Shown {
  problem: FormProblem;
  /** Sending failed (not the form's own checks): the form says that everything typed was kept. */
  failed: boolean;
}

/** A refusal or failure as the form shows it: in the summary, and on its field when the form has it. */
function failureShown(message: string, fieldId: string | null): Shown {
  return { problem: formProblem(message, fieldId ? [{ fieldId, message }] : []), failed: true };
}

export interface EyewitnessSubmissionOptions {
  user: SessionUser;
  draft: EyewitnessDraftState;
  /** Called after the server accepted the report. */
  onSubmitted: (report: OwnReportView) => void;
  /** Called after the report was kept in the outbox on the device (no connection). */
  onQueued: () => void;
}

export interface EyewitnessSubmissionState {
  /** The form's submit handler: checks the draft, then sends it or, without a connection, queues it. */
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** A report is being uploaded: the fields are locked. */
  sending: boolean;
  /** The upload's progress, null until the first report of it. */
  progress: UploadProgress | null;
  /** Stops the upload under way (the person's Cancel upload). */
  cancelUpload: () => void;
  /** What to fix, from the checks, a refusal or a failure; null when there is nothing to say. */
  problem: FormProblem | null;
  /** The problem is a failure of sending: everything typed and chosen was kept. */
  failed: boolean;
  /** How many photos are still being made smaller; the report waits for them. */
  onShrinkingChange: (count: number) => void;
  /** A new report starts (the draft was discarded): no problem shown, a new idempotency key. */
  startAfresh: () => void;
}

/**
 * Sending the eyewitness report: checked on submit (the error summary says what to fix); sent with upload
 * progress and a Cancel upload button, closing the tab asking first while it runs; without a connection, or
 * when it drops, kept in the outbox that OutboxSender sends later. A refusal or failure is said through
 * failureText in the page's language (else 'Something went wrong'), as a toast and in the error summary,
 * on its field when the server named one; a refusal the restored draft came back with is shown the same way.
 */
export function useEyewitnessSubmission({
  user,
  draft,
  onSubmitted,
  onQueued,
}: EyewitnessSubmissionOptions): EyewitnessSubmissionState {
  const t = useT();
  const reportFailureText = useFailureText("report");
  const failureText = useCallback(
    (error: unknown) => {
      const failed = t("report.failed");
      return reportFailureText(error, { network: failed, other: failed });
    },
    [reportFailureText, t],
  );
  const say = useCallback<CheckWords>((key, values) => t(`report.checks.${key}`, values), [t]);
  const [shown, setShown] = useState<Shown | null>(null);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [shrinking, setShrinking] = useState(0);
  const upload = useRef<AbortController | null>(null);
  // One key for every try of the report being written, so a try whose answer was lost and the retry
  // (now or from the outbox) are stored once; a new report, after this one is sent or queued, gets a new one.
  const submissionKey = useRef<string | null>(null);

  // The refusal a restored draft came back with is shown once, when it arrives (said in the language of
  // that moment: a later change of language re-renders the page, not the stored refusal).
  const [shownRefusal, setShownRefusal] = useState<ApiError | null>(null);
  if (draft.refusal !== shownRefusal) {
    setShownRefusal(draft.refusal);
    if (draft.refusal) {
      setShown(failureShown(failureText(draft.refusal), fieldOfServerField(draft.refusal.field)));
    }
  }

  // Leaving the page stops an upload under way; while it runs, closing the tab asks first.
  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => {
    if (!sending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [sending]);

  /** The report has left the form: its draft goes, and the next report gets a key of its own. */
  async function finish() {
    submissionKey.current = null;
    await draft.forget();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending) return;
    // Sending now would leave out the photos not yet made smaller.
    if (draft.fields.media === "photograph" && shrinking > 0) {
      const stillShrinking = say("stillShrinking");
      setShown({
        problem: formProblem(stillShrinking, [{ fieldId: ids.photos, message: stillShrinking }]),
        failed: false,
      });
      return;
    }
    const checked = checkEyewitnessDraft(draft.fields, new Date(), say);
    if (!checked.ok) {
      setShown({ problem: checked.problem, failed: false });
      return;
    }
    setShown(null);
    setProgress(null);
    submissionKey.current ??= newSubmissionKey();
    const submission = { ...checked.submission, idempotencyKey: submissionKey.current };
    if (typeof navigator !== "undefined" && !navigator.onLine) {
      await queue(submission);
      return;
    }
    setSending(true);
    const controller = new AbortController();
    upload.current = controller;
    try {
      const answer = await sendEyewitnessReport(submission, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      upload.current = null;
      await finish();
      toast.success(t("report.submitted"));
      onSubmitted(answer.report);
    } catch (error) {
      upload.current = null;
      setSending(false);
      if (isAbortError(error)) {
        toast.info(t("report.uploadCancelled"));
        form.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
        return;
      }
      // A 401 has already signed the person out, with its own message; the dashboard then leaves.
      if (isSessionEnded(error)) return;
      // No answer at all (the connection dropped): kept on the device and sent when it returns.
      if (error instanceof ApiError && error.status === 0 && (await queue(submission))) return;
      const message = failureText(error);
      toast.error(message);
      // A refusal the form knows the field of is shown on that field too, linked from the summary.
      const fieldId =
        error instanceof ApiError && error.code === "VALIDATION_FAILED"
          ? fieldOfServerField(error.field)
          : null;
      setShown(failureShown(message, fieldId));
    }
  }

  /** Puts the report in the outbox; false when the device cannot keep it (the form then says it failed). */
  async function queue(submission: EyewitnessSubmission): Promise<boolean> {
    try {
      // The token goes with it, so the service worker can send it with no page open (docs/security.md).
      await (await loadStore()).queueReport(user.id, submission, user.token);
    } catch {
      if (!navigator.onLine) {
        setShown({ problem: formProblem(t("report.failed")), failed: true });
        toast.error(t("report.failed"));
      }
      return false;
    }
    await finish();
    onQueued();
    return true;
  }

  return {
    submit,
    sending,
    progress,
    cancelUpload: () => upload.current?.abort(),
    problem: shown?.problem ?? null,
    failed: shown?.failed ?? false,
    onShrinkingChange: setShrinking,
    startAfresh: () => {
      submissionKey.current = null;
      setShown(null);
    },
  };
}
