import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import {
  commentTypes,
  type CommentType,
  type MediaChoice,
  type OwnReportView,
} from "../../../domain/reports/report-rules";
import {
  DEFAULT_PLACE_PRECISION,
  placePrecisions,
  todayInNigeria,
  type PlacePrecision,
} from "../../../domain/reports/report-place";
import { useFailureText, useT, type Translate } from "../../i18n";
import { ApiError, isSessionEnded } from "../../lib/api-client";
import type { EyewitnessSubmission } from "../../lib/eyewitness-submission";
import { session, type SessionUser } from "../../lib/session";
import { isAbortError, type UploadProgress as Progress } from "../../lib/upload";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { EmailField, TextField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { CheckboxField } from "./CheckboxField";
import { ChoiceGroup, type Choice } from "./ChoiceGroup";
import { CommentField } from "./CommentField";
import styles from "./EyewitnessForm.module.css";
import { newPhotoKey, PhotoSlots } from "./PhotoSlots";
import { PlaceFields, type PlaceValue } from "./PlaceFields";
import { newSubmissionKey, sendEyewitnessReport } from "./report-api";
import {
  checkEyewitnessDraft,
  draftHasMedia,
  type CheckWords,
  fieldOfServerField,
  reportFields as ids,
  type EyewitnessDraft,
} from "./report-form-checks";
import { UploadProgress } from "./UploadProgress";
import { VideoChoice } from "./VideoChoice";

/** Typing pauses this long before the draft is written to the device. */
export const DRAFT_SAVE_DELAY_MS = 800;

function commentTypeChoices(t: Translate): readonly Choice<CommentType>[] {
  return commentTypes.map((value) => ({
    value,
    label: t(`report.commentTypes.${value}`),
    hint: t(`report.commentTypeHints.${value}`),
  }));
}

function mediaChoices(t: Translate): readonly Choice<MediaChoice>[] {
  return [
    { value: "none", label: t("report.media.none") },
    { value: "photograph", label: t("report.media.photographs"), hint: t("report.media.photographsHint") },
    { value: "video", label: t("report.media.video"), hint: t("report.media.videoHint") },
  ];
}

function precisionChoices(t: Translate): readonly Choice<PlacePrecision>[] {
  return placePrecisions.map((value) => ({ value, label: t(`report.precisions.${value}`) }));
}

function emptyDraft(user: SessionUser): EyewitnessDraft {
  return {
    firstName: user.firstname,
    lastName: user.lastname,
    email: user.email,
    stateId: "",
    lga: "",
    place: "",
    occurredOn: "",
    commentType: "",
    comment: "",
    showFirstName: false,
    placePrecision: DEFAULT_PLACE_PRECISION,
    peopleConsent: false,
    media: "none",
    photos: [],
    videoSource: "file",
    videoFile: null,
    videoUrl: "",
  };
}

export interface EyewitnessFormProps {
  /** The signed-in user: the names and e-mail address start as theirs. */
  user: SessionUser;
  /** Called after the server accepted the report; the page then starts a fresh form. */
  onSubmitted: (report: OwnReportView) => void;
  /** Called after the report was kept in the outbox on the device (no connection); the page starts afresh. */
  onQueued: () => void;
}

/** The device storage (IndexedDB), loaded after the form is shown: the route's first load does not carry it. */
const loadStore = () => import("./report-store");

/**
 * The eyewitness report form. Checked on submit: an error summary takes focus and links
 * to each field to fix. While sending, the fields are locked and a progress bar with a Cancel upload button
 * follows the submit button. A failure (the server's sentence, else 'Something went wrong') is shown as a
 * toast and in the error summary, and everything typed and chosen stays, files included. Switching the
 * media choice keeps what was chosen for the other kinds; only the chosen kind is sent. Whether the published
 * report shows the first name is the reporter's choice, unticked (Anonymous) unless they tick it.
 *
 * Nothing typed is lost: the draft, files included, is kept on the device for this user as they
 * type, and restored when the form opens again ("Draft restored", with Discard draft). Without a
 * connection (offline, or a network error), the report goes to the outbox that OutboxSender sends later.
 */
export function EyewitnessForm({ user, onSubmitted, onQueued }: EyewitnessFormProps) {
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
  const choices = useMemo(
    () => ({ commentTypes: commentTypeChoices(t), media: mediaChoices(t), precisions: precisionChoices(t) }),
    [t],
  );
  const [draft, setDraft] = useState(() => emptyDraft(user));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const upload = useRef<AbortController | null>(null);
  // One key for every try of the report being written, so a try whose answer was lost and the retry
  // (now or from the outbox) are stored once; a new report, after this one is sent or queued, gets a new one.
  const submissionKey = useRef<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const [restored, setRestored] = useState(false);
  const [saved, setSaved] = useState(false);
  const [shrinking, setShrinking] = useState(0);
  // Set by the person's own changes: only those are saved, and a draft loaded late never overwrites them.
  const changed = useRef(false);
  // Set once the report has left the form (sent or queued): its draft must not be written again.
  const finished = useRef(false);
  const unsaved = useRef<EyewitnessDraft | null>(null);

  // The draft kept on the device, if any, comes back when the form opens.
  useEffect(() => {
    let current = true;
    loadStore()
      .then(async (store) => ({ store, found: await store.loadDraft(user.id, newPhotoKey) }))
      .then(({ store, found }) => {
        if (!current || !found || changed.current) return;
        setDraft(found.draft);
        setRestored(true);
        if (found.problem) {
          const fieldId = fieldOfServerField(found.problemField);
          // The refusal kept with the draft, said from its problem in the page's language (a draft kept by
          // an older version has the server's English sentence alone: failureText says what it can of it).
          const message = failureText(
            store.refusalFailure({
              ...found.refusal,
              message: found.problem,
              ...(found.problemField ? { field: found.problemField } : {}),
            }),
          );
          setFailed(true);
          setProblem(formProblem(message, fieldId ? [{ fieldId, message }] : []));
        }
      })
      // No IndexedDB (some private windows): the form works as before, without a draft.
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // Once, when the form opens: a change of language re-renders the page, not the stored problem.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.id]);

  // Writes one after the other, so that a draft being written cannot outlive its deletion.
  const writing = useRef<Promise<void>>(Promise.resolve());
  const writeDraft = useCallback(() => {
    writing.current = writing.current.then(async () => {
      const pending = unsaved.current;
      if (!pending || finished.current) return;
      unsaved.current = null;
      try {
        const store = await loadStore();
        // Signed out meanwhile (this form goes away when the session ends): the drafts are being
        // forgotten, and writing this one would leave it for the next person.
        if (finished.current || session.current()?.id !== user.id) return;
        await store.saveDraft(user.id, pending);
        setSaved(true);
      } catch {
        // Storage full or unavailable: the form still holds everything until the page is left.
      }
    });
    return writing.current;
  }, [user.id]);

  // What is typed is written to the device once typing pauses, and at once when the form goes away.
  useEffect(() => {
    if (!changed.current || finished.current) return;
    unsaved.current = draft;
    const timer = setTimeout(() => void writeDraft(), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, writeDraft]);
  useEffect(
    () => () => {
      void writeDraft();
    },
    [writeDraft],
  );

  async function forgetDraft() {
    finished.current = true;
    submissionKey.current = null;
    unsaved.current = null;
    try {
      await writing.current;
      await (await loadStore()).deleteDraft(user.id);
    } catch {
      // Nothing was stored if storage is unavailable.
    }
  }

  async function discardDraft() {
    await forgetDraft();
    finished.current = false;
    changed.current = false;
    setDraft(emptyDraft(user));
    setRestored(false);
    setSaved(false);
    setProblem(null);
    setFailed(false);
    toast.info(t("report.draft.discarded"));
    document.getElementById(ids.firstName)?.focus();
  }

  // Leaving the page stops an upload under way; while it runs, closing the tab asks first.
  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => {
    if (!sending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [sending]);

  const set =
    <Key extends keyof EyewitnessDraft>(key: Key) =>
    (value: EyewitnessDraft[Key]) => {
      changed.current = true;
      setDraft((current) => ({ ...current, [key]: value }));
    };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    // Sending now would leave out the photos not yet made smaller.
    if (draft.media === "photograph" && shrinking > 0) {
      setFailed(false);
      const stillShrinking = say("stillShrinking");
      setProblem(formProblem(stillShrinking, [{ fieldId: ids.photos, message: stillShrinking }]));
      return;
    }
    const checked = checkEyewitnessDraft(draft, new Date(), say);
    if (!checked.ok) {
      setFailed(false);
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    setFailed(false);
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
      await forgetDraft();
      toast.success(t("report.submitted"));
      onSubmitted(answer.report);
    } catch (error) {
      upload.current = null;
      setSending(false);
      if (isAbortError(error)) {
        toast.info(t("report.uploadCancelled"));
        submitButton()?.focus();
        return;
      }
      // A 401 has already signed the person out, with its own message; the dashboard then leaves.
      if (isSessionEnded(error)) return;
      // No answer at all (the connection dropped): kept on the device and sent when it returns.
      if (error instanceof ApiError && error.status === 0 && (await queue(submission))) return;
      const message = failureText(error);
      toast.error(message);
      setFailed(true);
      // A refusal the form knows the field of is shown on that field too, linked from the summary.
      const fieldId =
        error instanceof ApiError && error.code === "VALIDATION_FAILED"
          ? fieldOfServerField(error.field)
          : null;
      setProblem(formProblem(message, fieldId ? [{ fieldId, message }] : []));
    }
  }

  /** Puts the report in the outbox; false when the device cannot keep it (the form then says it failed). */
  async function queue(submission: EyewitnessSubmission): Promise<boolean> {
    try {
      // The token goes with it, so the service worker can send it with no page open (docs/security.md).
      await (await loadStore()).queueReport(user.id, submission, user.token);
    } catch {
      if (!navigator.onLine) {
        setFailed(true);
        setProblem(formProblem(t("report.failed")));
        toast.error(t("report.failed"));
      }
      return false;
    }
    await forgetDraft();
    onQueued();
    return true;
  }

  const changePlace = (value: Partial<PlaceValue>) => {
    changed.current = true;
    setDraft((current) => ({ ...current, ...value }));
  };
  const today = todayInNigeria(new Date());
  const hasMedia = draftHasMedia(draft);

  const submitButton = () => form.current?.querySelector<HTMLButtonElement>('button[type="submit"]');

  return (
    <form ref={form} noValidate onSubmit={submit} className={styles.form}>
      <div role="status" className={styles.draftStatus}>
        {restored ? (
          <p className={styles.draftNotice}>
            <strong>{t("report.draft.restored")}</strong> {t("report.draft.restoredDetail")}
          </p>
        ) : null}
      </div>
      {restored ? (
        <button
          type="button"
          className={`button button--secondary ${styles.discard}`}
          onClick={() => void discardDraft()}
          disabled={sending}
        >
          {t("report.draft.discard")}
        </button>
      ) : null}
      {problem ? (
        <div className={styles.problem}>
          <ErrorSummary problem={problem} />
          {failed ? <p className={styles.kept}>{t("report.keptAfterFailure")}</p> : null}
        </div>
      ) : null}

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("report.sections.aboutYou")}</h2>
        <TextField
          id={ids.firstName}
          label={t("report.fields.firstName")}
          value={draft.firstName}
          onChange={set("firstName")}
          autoComplete="given-name"
          maxLength={100}
          required
          disabled={sending}
          error={fieldError(problem, ids.firstName)}
        />
        <TextField
          id={ids.lastName}
          label={t("report.fields.lastName")}
          value={draft.lastName}
          onChange={set("lastName")}
          autoComplete="family-name"
          maxLength={100}
          required
          disabled={sending}
          error={fieldError(problem, ids.lastName)}
        />
        <EmailField
          id={ids.email}
          label={t("report.fields.email")}
          hint={t("report.fields.emailHint")}
          value={draft.email}
          onChange={set("email")}
          required
          disabled={sending}
          error={fieldError(problem, ids.email)}
        />
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("report.sections.whereAndWhen")}</h2>
        <PlaceFields
          value={draft}
          onChange={changePlace}
          today={today}
          disabled={sending}
          errors={{
            stateId: fieldError(problem, ids.state),
            lga: fieldError(problem, ids.lga),
            place: fieldError(problem, ids.place),
            occurredOn: fieldError(problem, ids.occurredOn),
          }}
        />
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("report.sections.yourReport")}</h2>
        <ChoiceGroup
          id={ids.commentType}
          name="commentType"
          legend={t("report.fields.commentType")}
          hint={t("report.fields.commentTypeHint")}
          choices={choices.commentTypes}
          value={draft.commentType}
          onChange={set("commentType")}
          required
          disabled={sending}
          error={fieldError(problem, ids.commentType)}
        />
        <CommentField
          id={ids.comment}
          value={draft.comment}
          onChange={set("comment")}
          disabled={sending}
          error={fieldError(problem, ids.comment)}
        />
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("report.sections.media")}</h2>
        <ChoiceGroup
          id={ids.media}
          name="media"
          legend={t("report.fields.media")}
          choices={choices.media}
          value={draft.media}
          onChange={set("media")}
          disabled={sending}
        />
        {/* Asked where the photos or the video are added, before them: not below the fold after them,
            where it was easy to miss until Send refused the report. */}
        {draft.media !== "none" || hasMedia ? (
          <CheckboxField
            id={ids.peopleConsent}
            label={t("report.fields.peopleConsent")}
            hint={t("report.fields.peopleConsentHint")}
            checked={draft.peopleConsent}
            onChange={set("peopleConsent")}
            required
            disabled={sending}
            error={fieldError(problem, ids.peopleConsent)}
          />
        ) : null}
        {draft.media === "photograph" ? (
          <PhotoSlots
            photos={draft.photos}
            onChange={set("photos")}
            onShrinkingChange={setShrinking}
            disabled={sending}
            error={fieldError(problem, ids.photos)}
          />
        ) : null}
        {draft.media === "video" ? (
          <VideoChoice
            source={draft.videoSource}
            onSourceChange={set("videoSource")}
            file={draft.videoFile}
            onFileChange={set("videoFile")}
            url={draft.videoUrl}
            onUrlChange={set("videoUrl")}
            disabled={sending}
            fileError={fieldError(problem, ids.videoFile)}
            urlError={fieldError(problem, ids.videoUrl)}
          />
        ) : null}
      </div>

      <fieldset className={`${styles.fieldset} ${styles.section}`}>
        <legend className={styles.sectionTitle}>{t("report.sections.whoSeesWhat")}</legend>
        <CheckboxField
          id={ids.showFirstName}
          label={t("report.fields.showFirstName")}
          hint={t("report.fields.showFirstNameHint")}
          checked={draft.showFirstName}
          onChange={set("showFirstName")}
          disabled={sending}
        />
        <ChoiceGroup
          id={ids.placePrecision}
          name="placePrecision"
          legend={t("report.fields.placePrecision")}
          hint={t("report.fields.placePrecisionHint")}
          choices={choices.precisions}
          value={draft.placePrecision}
          onChange={set("placePrecision")}
          disabled={sending}
          error={fieldError(problem, ids.placePrecision)}
        />
      </fieldset>

      <div className={styles.actions}>
        <SubmitButton loading={sending}>{t("report.send")}</SubmitButton>
        {saved && !sending ? <p className={styles.saved}>{t("report.draft.saved")}</p> : null}
        {sending ? <UploadProgress progress={progress} onCancel={() => upload.current?.abort()} /> : null}
      </div>
    </form>
  );
}
