import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  commentTypeLabels,
  commentTypes,
  reportMessages,
  type CommentType,
  type MediaChoice,
  type OwnReportView,
} from "../../../domain/reports/report-rules";
import {
  DEFAULT_PLACE_PRECISION,
  placeMessages,
  placePrecisionLabels,
  placePrecisions,
  todayInNigeria,
  type PlacePrecision,
} from "../../../domain/reports/report-place";
import { SHOW_FIRST_NAME_LABEL } from "../../../domain/reports/review-rules";
import { ApiError } from "../../lib/api-client";
import type { SessionUser } from "../../lib/session";
import { isAbortError, type UploadProgress as Progress } from "../../lib/upload";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { TextField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { CheckboxField } from "./CheckboxField";
import { ChoiceGroup, type Choice } from "./ChoiceGroup";
import { CommentField } from "./CommentField";
import styles from "./EyewitnessForm.module.css";
import { PhotoSlots } from "./PhotoSlots";
import { PlaceFields, type PlaceValue } from "./PlaceFields";
import { sendEyewitnessReport, serverMessage } from "./report-api";
import {
  checkEyewitnessDraft,
  draftHasMedia,
  fieldOfServerField,
  reportFields as ids,
  type EyewitnessDraft,
} from "./report-form-checks";
import { UploadProgress } from "./UploadProgress";
import { VideoChoice } from "./VideoChoice";

export const uploadCancelledMessage =
  "Upload cancelled. Your report was not sent; everything you entered is still here.";
export const showFirstNameHint = `Otherwise your report is published as “${placeMessages.anonymousReporter}”. Your last name and e-mail are never published.`;
export const precisionHint =
  "Reviewers see everything you entered. The public page of verified reports shows only what you choose here, with the date it happened.";
export const consentHint =
  "Tick this only if every person who can be recognised in the photographs or video agreed to be shown, or if no one can be recognised.";

const precisionChoices: readonly Choice<PlacePrecision>[] = placePrecisions.map((value) => ({
  value,
  label: placePrecisionLabels[value],
}));
export const keptAfterFailure = "Everything you entered and chose is still here: you can send it again.";

const commentTypeHints: Record<CommentType, string> = {
  barrier: "Something that stopped a person with a disability, or made it hard, to take part.",
  experience: "Something you lived or saw, good or bad.",
  question: "Something you want to ask about disability inclusion.",
  contribution: "An idea, a resource or information you want to share.",
};

const commentTypeChoices: readonly Choice<CommentType>[] = commentTypes.map((value) => ({
  value,
  label: commentTypeLabels[value],
  hint: commentTypeHints[value],
}));

const mediaChoices: readonly Choice<MediaChoice>[] = [
  { value: "none", label: "None" },
  { value: "photograph", label: "Photographs", hint: "Up to 10 JPG, PNG or GIF photographs, 5 MB each." },
  {
    value: "video",
    label: "Video",
    hint: "One MP4, MOV or AVI file up to 100 MB, or a link to YouTube, Vimeo or another site.",
  },
];

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
}

/**
 * The eyewitness report form (spec §2, §3, §5). Checked on submit: an error summary takes focus and links
 * to each field to fix. While sending, the fields are locked and a progress bar with a Cancel upload button
 * follows the submit button. A failure (the server's sentence, else 'Something went wrong') is shown as a
 * toast and in the error summary, and everything typed and chosen stays, files included. Switching the
 * media choice keeps what was chosen for the other kinds; only the chosen kind is sent. Whether the published
 * report shows the first name is the reporter's choice, unticked (Anonymous) unless they tick it.
 */
export function EyewitnessForm({ user, onSubmitted }: EyewitnessFormProps) {
  const [draft, setDraft] = useState(() => emptyDraft(user));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const upload = useRef<AbortController | null>(null);
  const form = useRef<HTMLFormElement>(null);

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
    (value: EyewitnessDraft[Key]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = checkEyewitnessDraft(draft);
    if (!checked.ok) {
      setFailed(false);
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    setFailed(false);
    setProgress(null);
    setSending(true);
    const controller = new AbortController();
    upload.current = controller;
    try {
      const answer = await sendEyewitnessReport(checked.submission, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      upload.current = null;
      toast.success(reportMessages.submitted);
      onSubmitted(answer.report);
    } catch (error) {
      upload.current = null;
      setSending(false);
      if (isAbortError(error)) {
        toast.info(uploadCancelledMessage);
        submitButton()?.focus();
        return;
      }
      // A 401 has already signed the person out, with its own message; the dashboard then leaves.
      if (error instanceof ApiError && error.status === 401) return;
      const message = serverMessage(error) ?? reportMessages.failed;
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

  const changePlace = (value: Partial<PlaceValue>) => setDraft((current) => ({ ...current, ...value }));
  const today = todayInNigeria(new Date());
  const hasMedia = draftHasMedia(draft);

  const submitButton = () => form.current?.querySelector<HTMLButtonElement>('button[type="submit"]');

  return (
    <form ref={form} noValidate onSubmit={submit} className={styles.form}>
      {problem ? (
        <div className={styles.problem}>
          <ErrorSummary problem={problem} />
          {failed ? <p className={styles.kept}>{keptAfterFailure}</p> : null}
        </div>
      ) : null}

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>About you</h2>
        <TextField
          id={ids.firstName}
          label="First name"
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
          label="Last name"
          value={draft.lastName}
          onChange={set("lastName")}
          autoComplete="family-name"
          maxLength={100}
          required
          disabled={sending}
          error={fieldError(problem, ids.lastName)}
        />
        <TextField
          id={ids.email}
          type="email"
          label="E-mail address"
          hint="We may write to you about this report."
          value={draft.email}
          onChange={set("email")}
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          required
          disabled={sending}
          error={fieldError(problem, ids.email)}
        />
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>Where and when</h2>
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
        <h2 className={styles.sectionTitle}>Your report</h2>
        <ChoiceGroup
          id={ids.commentType}
          name="commentType"
          legend="Comment type"
          hint="What kind of report is this?"
          choices={commentTypeChoices}
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
        <h2 className={styles.sectionTitle}>Photographs or video</h2>
        <ChoiceGroup
          id={ids.media}
          name="media"
          legend="Add photographs or a video (optional)"
          choices={mediaChoices}
          value={draft.media}
          onChange={set("media")}
          disabled={sending}
        />
        {draft.media === "photograph" ? (
          <PhotoSlots
            photos={draft.photos}
            onChange={set("photos")}
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
        <legend className={styles.sectionTitle}>Who sees what</legend>
        <CheckboxField
          id={ids.showFirstName}
          label={SHOW_FIRST_NAME_LABEL}
          hint={showFirstNameHint}
          checked={draft.showFirstName}
          onChange={set("showFirstName")}
          disabled={sending}
        />
        <ChoiceGroup
          id={ids.placePrecision}
          name="placePrecision"
          legend="How precisely is the place published?"
          hint={precisionHint}
          choices={precisionChoices}
          value={draft.placePrecision}
          onChange={set("placePrecision")}
          disabled={sending}
          error={fieldError(problem, ids.placePrecision)}
        />
        {hasMedia ? (
          <CheckboxField
            id={ids.peopleConsent}
            label={placeMessages.consentLabel}
            hint={consentHint}
            checked={draft.peopleConsent}
            onChange={set("peopleConsent")}
            required
            disabled={sending}
            error={fieldError(problem, ids.peopleConsent)}
          />
        ) : null}
      </fieldset>

      <div className={styles.actions}>
        <SubmitButton loading={sending}>Send report</SubmitButton>
        {sending ? <UploadProgress progress={progress} onCancel={() => upload.current?.abort()} /> : null}
      </div>
    </form>
  );
}
