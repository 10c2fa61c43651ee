import { useRef, useState } from "react";
import { formatNumber } from "../../../domain/format";
import {
  REVIEW_NOTE_MAX_LENGTH,
  noteRequired,
  reviewTransitions,
  type ReviewReportView,
} from "../../../domain/reports/review-rules";
import type { ReportStatus } from "../../../domain/reports/report-rules";
import { T, useFailureText, useT, type Translate } from "../../i18n";
import { ApiError } from "../../lib/api-client";
import { useApiMutation } from "../../lib/use-api";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import { toast } from "../../ui/toast/toast-store";
import { PhoneDetailsForm, phoneDetailsHeadingId } from "./PhoneDetailsForm";
import { formatOccurredOn, PlaceItems, publishedPlaceText, useReportDates } from "../report-shared";
import { ReportHistory } from "./ReportHistory";
import { publicMediaOf, ReviewPublicPreview } from "./ReviewPublicPreview";
import { sendReviewDecision } from "./review-api";
import { decisionDone, decisionLabel } from "./review-text";
import styles from "./ReviewsPage.module.css";

/** The id of a report's heading: the queue moves focus to it. */
export const reviewHeadingId = (reportId: string) => `review-${reportId}`;

export interface ReviewCardProps {
  report: ReviewReportView;
  /** The server accepted the decision; `updated` is the report as it is now. */
  onDecided: (report: ReviewReportView, updated: ReviewReportView) => void;
  /** The report changed or went meanwhile (409, 404, a refused transition): the list must be reloaded. */
  onStale: (report: ReviewReportView) => void;
  /** A change to what goes public was saved; `updated` is the report as it is now. */
  onChanged: (updated: ReviewReportView) => void;
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
export function ReviewCard({ report, onDecided, onStale, onChanged }: ReviewCardProps) {
  const t = useT();
  const failureText = useFailureText("reviews");
  const dates = useReportDates();
  const noteHint = t("reviews.card.noteHint", { max: formatNumber(REVIEW_NOTE_MAX_LENGTH) });
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | null>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const headingId = reviewHeadingId(report.id);
  const noteId = `review-note-${report.id}`;
  const decisionTitleId = `review-decision-${report.id}`;
  const shownName = report.showFirstName ? report.firstName : t("reviews.card.anonymousReporter");
  const byPhone = report.channel !== "web";
  // An SMS gives no type: the one stored stands in until the moderator chooses it.
  const typeLabel =
    report.channel === "sms" && report.detailsDue
      ? t("reviews.phone.typeToComplete")
      : t(`common.commentType.${report.commentType}`);

  function refuseNote(message: string) {
    setNoteError(message);
    noteField.current?.focus();
  }

  // Publishing is confirmed first: a summary of what will be public, and a tick for each finding left.
  const [confirming, setConfirming] = useState(false);
  const [confirmed, setConfirmed] = useState<string[]>([]);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const confirmTitleId = `review-confirm-${report.id}`;
  // The transcript of a voice note is published as its words: its findings are confirmed alike.
  const allFindings = [...report.findings, ...(report.transcriptFindings ?? [])];
  const unresolved = allFindings.filter(
    (finding, index) => allFindings.findIndex((other) => other.id === finding.id) === index,
  );

  const decision = useApiMutation({
    mutationFn: (to: ReportStatus) =>
      sendReviewDecision(report.id, {
        status: to,
        note: note.trim(),
        fromStatus: report.status,
        ...(to === "verified" ? { acknowledgedFindings: confirmed } : {}),
      }),
    onSuccess: (answer, to) => {
      // The server's sentence is English: the page says the same in its own language.
      toast.success(decisionDone(t, report.status, to));
      setNote("");
      setConfirming(false);
      setConfirmed([]);
      onDecided(report, answer.report);
    },
    onError: (error) => {
      const status = error instanceof ApiError ? error.status : 0;
      const decisionFailed = t("reviews.card.decisionFailed");
      const message = failureText(error, { other: decisionFailed });
      if (error instanceof ApiError && error.code === "VALIDATION_FAILED" && error.field === "note") {
        return refuseNote(message);
      }
      if (error instanceof ApiError && error.code === "FINDINGS_UNCONFIRMED") {
        // The public text changed meanwhile and has findings this screen did not show.
        toast.error(t("reviews.protect.unconfirmed"));
        return onStale(report);
      }
      if (status === 409) {
        toast.error(t("reviews.card.conflict"));
        return onStale(report);
      }
      // Gone, refused from its current status, or no longer allowed: show what the list holds now.
      if (status === 400 || status === 403 || status === 404) {
        toast.error(message);
        return onStale(report);
      }
      // The connection or the server failed: the note stays, the decision can be sent again.
      toast.error(message);
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
    if (to === "verified" && report.detailsDue) {
      toast.error(t("reviews.phone.detailsDue"));
      document.getElementById(phoneDetailsHeadingId(report.id))?.focus();
      return;
    }
    if (to === "verified" && !confirming) {
      setConfirming(true);
      setConfirmError(null);
      // After the panel is drawn: focus its heading, so a screen reader reads the summary first.
      requestAnimationFrame(() => document.getElementById(confirmTitleId)?.focus());
      return;
    }
    decision.mutate(to);
  }

  function publish() {
    if (sending) return;
    if (unresolved.some((finding) => !confirmed.includes(finding.id))) {
      return setConfirmError(t("reviews.protect.tickEach"));
    }
    setConfirmError(null);
    decision.mutate("verified");
  }

  return (
    <article className={styles.report} aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1} className={styles.reportTitle}>
        <T
          id="reviews.card.heading"
          values={{
            type: typeLabel,
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
          <dt>{t("reviews.phone.channel")}</dt>
          <dd>{t(`reviews.phone.channelName.${report.channel}`)}</dd>
        </div>
        {byPhone ? (
          <>
            <div>
              <dt>{t("reviews.card.reporter")}</dt>
              <dd>{t("reviews.phone.reporter", { tag: report.phoneReporter ?? "" })}</dd>
            </div>
            <div>
              <dt>{t("reviews.phone.reference")}</dt>
              <dd>{report.reference}</dd>
            </div>
            {report.occurredWhen ? (
              <div>
                <dt>{t("reviews.phone.answeredWhen")}</dt>
                <dd>{t(`reviews.phone.when.${report.occurredWhen}`)}</dd>
              </div>
            ) : null}
          </>
        ) : (
          <>
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
          </>
        )}
        <PlaceItems place={report.place} />
        <div>
          <dt>{t("reviews.card.consent")}</dt>
          <dd>{consentText(t, report)}</dd>
        </div>
      </dl>
      {report.detailsDue && report.status === "pending" ? (
        <PhoneDetailsForm report={report} onChanged={onChanged} />
      ) : null}
      <ReviewPublicPreview report={report} onChanged={onChanged} onStale={onStale} />
      <EarlierDecision report={report} />
      <ReportHistory
        reportId={report.id}
        version={`${report.status}:${report.publicComment}:${report.reviewedAt}`}
      />

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
        {confirming ? (
          <div className={styles.confirm} role="group" aria-labelledby={confirmTitleId}>
            <h3 id={confirmTitleId} tabIndex={-1} className={styles.decideTitle}>
              {t("reviews.protect.confirmTitle")}
            </h3>
            <ul>
              <li>{t("reviews.protect.summaryText", { text: report.publicComment })}</li>
              <li>{t("reviews.protect.summaryName", { name: shownName })}</li>
              {report.place ? (
                <>
                  <li>{`${t("myReports.place.publishedAsLabel")}: ${publishedPlaceText(t, report.place)}`}</li>
                  <li>{`${t("myReports.place.occurredOn")}: ${formatOccurredOn(report.place.occurredOn)}`}</li>
                </>
              ) : null}
              <li>{t("reviews.protect.summaryPhotos", { count: publicMediaOf(report).length })}</li>
            </ul>
            {unresolved.length > 0 ? (
              <fieldset>
                <legend>{t("reviews.protect.confirmFindings")}</legend>
                {unresolved.map((finding) => (
                  <label key={finding.id} className={styles.tick}>
                    <input
                      type="checkbox"
                      checked={confirmed.includes(finding.id)}
                      onChange={(event) =>
                        setConfirmed(
                          event.target.checked
                            ? [...confirmed, finding.id]
                            : confirmed.filter((id) => id !== finding.id),
                        )
                      }
                    />{" "}
                    {t("reviews.protect.intended", {
                      kind: t(`reviews.protect.kind.${finding.kind}`),
                      text: finding.text,
                    })}
                  </label>
                ))}
              </fieldset>
            ) : null}
            {confirmError ? (
              <p className={formStyles.error} role="alert">
                {confirmError}
              </p>
            ) : null}
            <div className={styles.buttons}>
              <button type="button" className="button" aria-disabled={sending || undefined} onClick={publish}>
                {t("reviews.protect.publish")}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setConfirming(false);
                  setConfirmed([]);
                }}
              >
                {t("reviews.protect.cancel")}
              </button>
            </div>
          </div>
        ) : null}
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
