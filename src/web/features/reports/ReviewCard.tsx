import { useRef, useState } from "react";
import { formatNumber } from "../../../domain/format";
import {
  REVIEW_NOTE_MAX_LENGTH,
  noteRequired,
  reviewTransitions,
  type ReviewReportView,
} from "../../../domain/reports/review-rules";
import type { ReportStatus } from "../../../domain/reports/report-rules";
import { T, useT, type Translate } from "../../i18n";
import { ApiError, errorMessage, serverMessage } from "../../lib/api-client";
import { useApiMutation } from "../../lib/use-api";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import { toast } from "../../ui/toast/toast-store";
import { PlaceItems, PublishedAsItem } from "./PlaceSummary";
import { ReportMedia } from "./ReportMedia";
import { sendReviewDecision } from "./review-api";
import { decisionDone, decisionLabel } from "./review-text";
import { useReportDates } from "./use-report-dates";
import styles from "./ReviewsPage.module.css";

/** The id of a report's heading: the queue moves focus to it. */
export const reviewHeadingId = (reportId: string) => `review-${reportId}`;

export interface ReviewCardProps {
  report: ReviewReportView;
  /** The server accepted the decision; `updated` is the report as it is now. */
  onDecided: (report: ReviewReportView, updated: ReviewReportView) => void;
  /** The report changed or went meanwhile (409, 404, a refused transition): the list must be reloaded. */
  onStale: (report: ReviewReportView) => void;
}

/**
 * One report in the review queue: an article named by its heading ("{Type} report of {date}", focusable so
 * the queue can move focus to it), its status in words, the reporter's name and e-mail (reviewers only), the
 * name the public page shows, the comment, media, any earlier decision and its note, then the decisions
 * possible from its status. The note's field ("Note to the reporter") carries the error of a Reject without
 * a note ("Error: …", and focus moves to it). Each decision button is described by the report's heading, so
 * a screen reader moving by buttons knows which report it decides. While a decision is sent the buttons are
 * aria-disabled and a status line says so; the outcome is a toast.
 */
export function ReviewCard({ report, onDecided, onStale }: ReviewCardProps) {
  const t = useT();
  const dates = useReportDates();
  const noteHint = t("reviews.card.noteHint", { max: formatNumber(REVIEW_NOTE_MAX_LENGTH) });
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | null>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const headingId = reviewHeadingId(report.id);
  const noteId = `review-note-${report.id}`;
  const decisionTitleId = `review-decision-${report.id}`;
  const shownName = report.showFirstName ? report.firstName : t("reviews.card.anonymousReporter");

  function refuseNote(message: string) {
    setNoteError(message);
    noteField.current?.focus();
  }

  const decision = useApiMutation({
    mutationFn: (to: ReportStatus) =>
      sendReviewDecision(report.id, { status: to, note: note.trim(), fromStatus: report.status }),
    onSuccess: (answer, to) => {
      // The server's sentence is English: the page says the same in its own language.
      toast.success(decisionDone(t, report.status, to));
      setNote("");
      onDecided(report, answer.report);
    },
    onError: (error) => {
      const status = error instanceof ApiError ? error.status : 0;
      const message = serverMessage(error);
      if (
        error instanceof ApiError &&
        error.code === "VALIDATION_FAILED" &&
        error.field === "note" &&
        message
      ) {
        return refuseNote(message);
      }
      if (status === 409) {
        toast.error(t("reviews.card.conflict"));
        return onStale(report);
      }
      // Gone, refused from its current status, or no longer allowed: show what the list holds now.
      if (status === 400 || status === 403 || status === 404) {
        toast.error(message ?? errorMessage(error, t("reviews.card.decisionFailed")));
        return onStale(report);
      }
      // The connection or the server failed: the note stays, the decision can be sent again.
      toast.error(errorMessage(error, t("reviews.card.decisionFailed")));
    },
  });
  const sending = decision.isPending;

  function decide(to: ReportStatus) {
    if (sending) return;
    const text = note.trim();
    if (noteRequired(to) && !text) return refuseNote(t("reviews.card.noteRequired"));
    if (text.length > REVIEW_NOTE_MAX_LENGTH) {
      return refuseNote(t("reviews.card.noteTooLong", { max: formatNumber(REVIEW_NOTE_MAX_LENGTH) }));
    }
    setNoteError(null);
    decision.mutate(to);
  }

  return (
    <article className={styles.report} aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1} className={styles.reportTitle}>
        <T
          id="reviews.card.heading"
          values={{
            type: t(`common.commentType.${report.commentType}`),
            date: dates.dateTime(report.createdAt),
          }}
          components={{ time: <time dateTime={report.createdAt} /> }}
        />
      </h2>
      <p className={styles.status}>
        <T
          id="reviews.card.status"
          values={{ status: t(`reviews.card.statusLabel.${report.status}`) }}
          components={{ badge: <strong className={`${styles.badge} ${styles[report.status] ?? ""}`} /> }}
        />
      </p>
      <dl className={styles.reporter}>
        <div>
          <dt>{t("reviews.card.reporter")}</dt>
          <dd>{`${report.firstName} ${report.lastName}`.trim()}</dd>
        </div>
        <div>
          <dt>{t("reviews.card.email")}</dt>
          <dd>
            <a href={`mailto:${report.email}`}>{report.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t("reviews.card.publicName")}</dt>
          <dd>{shownName}</dd>
        </div>
        <PlaceItems place={report.place} />
        <PublishedAsItem place={report.place} />
        <div>
          <dt>{t("reviews.card.consent")}</dt>
          <dd>{consentText(t, report)}</dd>
        </div>
      </dl>
      <p className={styles.comment}>{report.comment}</p>
      <ReportMedia media={report.media} videoUrl={report.videoUrl} day={dates.day(report.createdAt)} />
      <EarlierDecision report={report} />

      <div className={styles.decide} role="group" aria-labelledby={decisionTitleId}>
        <h3 id={decisionTitleId} className={styles.decideTitle}>
          {t("reviews.card.yourDecision")}
        </h3>
        <FieldFrame
          id={noteId}
          label={t("reviews.card.noteLabel")}
          hint={noteHint}
          error={noteError ?? undefined}
        >
          <textarea
            ref={noteField}
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={REVIEW_NOTE_MAX_LENGTH}
            rows={3}
            readOnly={sending}
            className={`${formStyles.input} ${styles.note}`}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={describedBy(noteId, {
              hint: noteHint,
              error: noteError ?? undefined,
            })}
          />
        </FieldFrame>
        <div className={styles.buttons}>
          {reviewTransitions[report.status].map((to) => (
            <button
              key={to}
              type="button"
              className={to === "verified" ? "button" : "button button--secondary"}
              aria-disabled={sending || undefined}
              aria-describedby={headingId}
              onClick={() => decide(to)}
            >
              {decisionLabel(t, report.status, to)}
            </button>
          ))}
        </div>
        <p role="status" className={styles.sending}>
          {sending ? t("reviews.card.sending") : null}
        </p>
      </div>
    </article>
  );
}

/** Whether the reporter confirmed the consent of the people shown (asked only when media are attached). */
export function consentText(
  t: Translate,
  { peopleConsent, media, videoUrl }: Pick<ReviewReportView, "peopleConsent" | "media" | "videoUrl">,
) {
  if (peopleConsent) return t("reviews.card.consentYes");
  return t(media.length > 0 || videoUrl ? "reviews.card.consentNo" : "reviews.card.consentNotAsked");
}

/** The latest decision before this one, if any: when, by whom, and the note the reporter read. */
function EarlierDecision({ report }: { report: ReviewReportView }) {
  const t = useT();
  const dates = useReportDates();
  if (!report.reviewedAt && !report.reviewNote) return null;
  const reviewer = report.reviewedBy
    ? `${report.reviewedBy.firstname} ${report.reviewedBy.lastname}`.trim()
    : null;
  return (
    <div className={styles.earlier}>
      {report.reviewedAt ? (
        <p>
          <T
            id={reviewer ? "reviews.card.lastDecisionBy" : "reviews.card.lastDecision"}
            values={{ date: dates.dateTime(report.reviewedAt), reviewer }}
            components={{ time: <time dateTime={report.reviewedAt} /> }}
          />
        </p>
      ) : null}
      {report.reviewNote ? (
        <p className={styles.earlierNote}>
          <strong>{t("reviews.card.earlierNote")}</strong> {report.reviewNote}
        </p>
      ) : null}
    </div>
  );
}
