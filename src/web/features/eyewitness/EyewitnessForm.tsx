import { useMemo } from "react";
import {
  commentTypes,
  type CommentType,
  type MediaChoice,
  type OwnReportView,
} from "../../../domain/reports/report-rules";
import { placePrecisions, todayInNigeria, type PlacePrecision } from "../../../domain/reports/report-place";
import { useT, type Translate } from "../../i18n";
import type { SessionUser } from "../../lib/session";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError } from "../../ui/form/form-problem";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { EmailField, TextField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { CheckboxField } from "./CheckboxField";
import { ChoiceGroup, type Choice } from "./ChoiceGroup";
import { CommentField } from "./CommentField";
import styles from "./EyewitnessForm.module.css";
import { PhotoSlots } from "./PhotoSlots";
import { PlaceFields } from "./PlaceFields";
import { draftHasMedia, reportFields as ids } from "./report-form-checks";
import { UploadProgress } from "./UploadProgress";
import { useEyewitnessDraft } from "./use-eyewitness-draft";
import { useEyewitnessSubmission } from "./use-eyewitness-submission";
import { VideoChoice } from "./VideoChoice";

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

export interface EyewitnessFormProps {
  /** The signed-in user: the names and e-mail address start as theirs. */
  user: SessionUser;
  /** Called after the server accepted the report; the page then starts a fresh form. */
  onSubmitted: (report: OwnReportView) => void;
  /** Called after the report was kept in the outbox on the device (no connection); the page starts afresh. */
  onQueued: () => void;
}

/**
 * The eyewitness report form: what a person sees and uses. Its fields and their copy on the device are
 * useEyewitnessDraft's; checking and sending are useEyewitnessSubmission's.
 *
 * Checked on submit: an error summary takes focus and links to each field to fix. While sending, the fields
 * are locked and a progress bar with a Cancel upload button follows the submit button. A failure (the
 * server's sentence, else 'Something went wrong') is shown as a toast and in the error summary, and
 * everything typed and chosen stays, files included. Switching the media choice keeps what was chosen for the
 * other kinds; only the chosen kind is sent. Whether the published report shows the first name is the
 * reporter's choice, unticked (Anonymous) unless they tick it.
 *
 * Nothing typed is lost: the draft, files included, is kept on the device for this user as they
 * type, and restored when the form opens again ("Draft restored", with Discard draft). Without a
 * connection (offline, or a network error), the report goes to the outbox that OutboxSender sends later.
 */
export function EyewitnessForm({ user, onSubmitted, onQueued }: EyewitnessFormProps) {
  const t = useT();
  const choices = useMemo(
    () => ({ commentTypes: commentTypeChoices(t), media: mediaChoices(t), precisions: precisionChoices(t) }),
    [t],
  );
  const draft = useEyewitnessDraft(user);
  const { fields, set } = draft;
  const submission = useEyewitnessSubmission({ user, draft, onSubmitted, onQueued });
  const { sending, problem } = submission;

  async function discardDraft() {
    await draft.discard();
    submission.startAfresh();
    toast.info(t("report.draft.discarded"));
    document.getElementById(ids.firstName)?.focus();
  }

  const today = todayInNigeria(new Date());
  const hasMedia = draftHasMedia(fields);

  return (
    <form noValidate onSubmit={(event) => void submission.submit(event)} className={styles.form}>
      <div role="status" className={styles.draftStatus}>
        {draft.restored ? (
          <p className={styles.draftNotice}>
            <strong>{t("report.draft.restored")}</strong> {t("report.draft.restoredDetail")}
          </p>
        ) : null}
      </div>
      {draft.restored ? (
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
          {submission.failed ? <p className={styles.kept}>{t("report.keptAfterFailure")}</p> : null}
        </div>
      ) : null}

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("report.sections.aboutYou")}</h2>
        <TextField
          id={ids.firstName}
          label={t("report.fields.firstName")}
          value={fields.firstName}
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
          value={fields.lastName}
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
          value={fields.email}
          onChange={set("email")}
          required
          disabled={sending}
          error={fieldError(problem, ids.email)}
        />
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("report.sections.whereAndWhen")}</h2>
        <PlaceFields
          value={fields}
          onChange={draft.changePlace}
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
          value={fields.commentType}
          onChange={set("commentType")}
          required
          disabled={sending}
          error={fieldError(problem, ids.commentType)}
        />
        <CommentField
          id={ids.comment}
          value={fields.comment}
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
          value={fields.media}
          onChange={set("media")}
          disabled={sending}
        />
        {/* Asked where the photos or the video are added, before them: not below the fold after them,
            where it was easy to miss until Send refused the report. */}
        {fields.media !== "none" || hasMedia ? (
          <CheckboxField
            id={ids.peopleConsent}
            label={t("report.fields.peopleConsent")}
            hint={t("report.fields.peopleConsentHint")}
            checked={fields.peopleConsent}
            onChange={set("peopleConsent")}
            required
            disabled={sending}
            error={fieldError(problem, ids.peopleConsent)}
          />
        ) : null}
        {fields.media === "photograph" ? (
          <PhotoSlots
            photos={fields.photos}
            onChange={set("photos")}
            onShrinkingChange={submission.onShrinkingChange}
            disabled={sending}
            error={fieldError(problem, ids.photos)}
          />
        ) : null}
        {fields.media === "video" ? (
          <VideoChoice
            source={fields.videoSource}
            onSourceChange={set("videoSource")}
            file={fields.videoFile}
            onFileChange={set("videoFile")}
            url={fields.videoUrl}
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
          checked={fields.showFirstName}
          onChange={set("showFirstName")}
          disabled={sending}
        />
        <ChoiceGroup
          id={ids.placePrecision}
          name="placePrecision"
          legend={t("report.fields.placePrecision")}
          hint={t("report.fields.placePrecisionHint")}
          choices={choices.precisions}
          value={fields.placePrecision}
          onChange={set("placePrecision")}
          disabled={sending}
          error={fieldError(problem, ids.placePrecision)}
        />
      </fieldset>

      <div className={styles.actions}>
        <SubmitButton loading={sending}>{t("report.send")}</SubmitButton>
        {draft.saved && !sending ? <p className={styles.saved}>{t("report.draft.saved")}</p> : null}
        {sending ? (
          <UploadProgress progress={submission.progress} onCancel={submission.cancelUpload} />
        ) : null}
      </div>
    </form>
  );
}
