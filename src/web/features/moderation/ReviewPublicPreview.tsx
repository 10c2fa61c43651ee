import { useId, useState, type ReactNode } from "react";
import type { TextFinding } from "../../../domain/reports/report-findings";
import type { ReportMediaView } from "../../../domain/reports/report-rules";
import type { BlurRectangle, ReviewReportView } from "../../../domain/reports/review-rules";
import { useFailureText, useT } from "../../i18n";
import { ApiError } from "../../lib/api-client";
import { useApiMutation } from "../../lib/use-api";
import formStyles from "../../ui/form/form.module.css";
import { toast } from "../../ui/toast/toast-store";
import { BlurDrawing } from "./BlurDrawing";
import { PublishedAsItem, ReportMedia, useReportDates } from "../report-shared";
import {
  blurReportPhoto,
  changePublicText,
  saveTranscript,
  setMediaHidden,
  type ReviewChangeAnswer,
} from "./review-api";
import styles from "./ReviewsPage.module.css";

// The review screen's two views of a report: what the public page will show (the public text with each
// finding marked and named, the name and place as published, the photos as the public gets them) beside
// (below, on a phone) what the reporter sent. The moderator removes a finding with one button, edits the
// public text, hides a photo or blurs rectangles of it. The server checks and records every change.

export interface ReviewPublicPreviewProps {
  report: ReviewReportView;
  /** The server accepted a change; `updated` is the report as it is now. */
  onChanged: (updated: ReviewReportView) => void;
  /** The report changed meanwhile or cannot be changed now: the list must be reloaded. */
  onStale: (report: ReviewReportView) => void;
}

/** A media link asking for what the public is served: never a hidden file, a blurred photo's copy. */
function publicLink(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}as=public`;
}

/** The report's media as the public will get them. */
export function publicMediaOf(report: ReviewReportView): ReportMediaView[] {
  const hidden = new Set(report.mediaModeration.filter((item) => item.hidden).map((item) => item.id));
  return report.media
    .filter((file) => !hidden.has(file.id) && file.kind !== "audio")
    .map((file) => ({
      ...file,
      url: publicLink(file.url),
      variants: file.variants.map((variant) => ({ ...variant, url: publicLink(variant.url) })),
    }));
}

export function ReviewPublicPreview({ report, onChanged, onStale }: ReviewPublicPreviewProps) {
  const t = useT();
  const failureText = useFailureText();
  const dates = useReportDates();
  const titleId = useId();
  const originalId = useId();
  const changing = report.status !== "verified" && report.withdrawnAt === null;
  const change = useApiMutation({
    mutationFn: (send: () => Promise<Pick<ReviewChangeAnswer, "report">>) => send(),
    onSuccess: (answer) => {
      toast.success(t("reviews.protect.changed"));
      onChanged(answer.report);
    },
    onError: (error) => {
      toast.error(failureText(error, { other: t("reviews.protect.changeFailed") }));
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) onStale(report);
    },
  });
  const busy = change.isPending;
  const send = (call: () => Promise<Pick<ReviewChangeAnswer, "report">>) => {
    if (!busy) change.mutate(call);
  };

  return (
    <div className={styles.views}>
      <section aria-labelledby={titleId} className={styles.publicView}>
        <h3 id={titleId} className={styles.viewTitle}>
          {t("reviews.protect.publicTitle")}
        </h3>
        <PublicText
          report={report}
          changing={changing}
          busy={busy}
          onRedact={(finding) =>
            send(() =>
              changePublicText(report.id, {
                basedOn: report.publicComment,
                redact: { start: finding.start, end: finding.end },
              }),
            )
          }
          onEdit={(text) => send(() => changePublicText(report.id, { basedOn: report.publicComment, text }))}
        />
        <dl className={styles.reporter}>
          <div>
            <dt>{t("reviews.card.publicName")}</dt>
            <dd>{report.showFirstName ? report.firstName : t("reviews.card.anonymousReporter")}</dd>
          </div>
          <PublishedAsItem place={report.place} />
        </dl>
        <ReportMedia
          media={publicMediaOf(report)}
          videoUrl={report.videoUrl}
          day={dates.day(report.createdAt)}
        />
        {report.transcriptDue !== undefined ? (
          <Transcript
            report={report}
            changing={changing}
            busy={busy}
            onSave={(text) => send(() => saveTranscript(report.id, text))}
          />
        ) : null}
        {report.media
          .filter((file) => file.kind !== "audio" && (file.kind === "photo" || changing))
          .map((file) => (
            <PhotoModeration
              key={file.id}
              file={file}
              report={report}
              changing={changing}
              busy={busy}
              onHide={(hidden) => send(() => setMediaHidden(report.id, file.id, hidden))}
              onBlur={(rectangles) => send(() => blurReportPhoto(report.id, file.id, rectangles))}
            />
          ))}
        {!changing && report.withdrawnAt === null ? (
          <p className={styles.hint}>{t("reviews.protect.unpublishToChange")}</p>
        ) : null}
        <p role="status" className={styles.sending}>
          {busy ? t("reviews.protect.saving") : null}
        </p>
      </section>
      <section aria-labelledby={originalId} className={styles.originalView}>
        <h3 id={originalId} className={styles.viewTitle}>
          {t("reviews.protect.originalTitle")}
        </h3>
        <p className={styles.hint}>{t("reviews.protect.originalHint")}</p>
        <p className={styles.comment}>{report.comment}</p>
        <ReportMedia media={report.media} videoUrl={report.videoUrl} day={dates.day(report.createdAt)} />
      </section>
    </div>
  );
}

/**
 * A key per finding that stays with its words when another finding is removed before it: keyed by
 * position, a Remove button pressed as the list re-renders would act on the finding that moved under it.
 */
export function findingKeys(findings: readonly TextFinding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const occurrence = seen.get(finding.id) ?? 0;
    seen.set(finding.id, occurrence + 1);
    return `${finding.id}#${occurrence}`;
  });
}

interface PublicTextProps {
  report: ReviewReportView;
  changing: boolean;
  busy: boolean;
  onRedact: (finding: TextFinding) => void;
  onEdit: (text: string) => void;
}

/** The public text, each finding in a <mark> named in words (not by colour alone), with its Remove button. */
function PublicText({ report, changing, busy, onRedact, onEdit }: PublicTextProps) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(report.publicComment);
  const fieldId = useId();
  const text = report.publicComment;
  const keys = findingKeys(report.findings);
  const parts: ReactNode[] = [];
  let at = 0;
  report.findings.forEach((finding, index) => {
    if (finding.start > at) parts.push(text.slice(at, finding.start));
    parts.push(
      <mark key={keys[index]} className={styles.finding}>
        <span className={styles.findingLabel}>{`${t(`reviews.protect.kind.${finding.kind}`)}: `}</span>
        {text.slice(finding.start, finding.end)}
      </mark>,
    );
    at = finding.end;
  });
  parts.push(text.slice(at));

  if (editing) {
    return (
      <div className={formStyles.field}>
        <label htmlFor={fieldId} className={formStyles.label}>
          {t("reviews.protect.editLabel")}
        </label>
        <textarea
          id={fieldId}
          className={formStyles.input}
          rows={6}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className={styles.buttons}>
          <button
            type="button"
            className="button"
            aria-disabled={busy || undefined}
            onClick={() => {
              onEdit(draft);
              setEditing(false);
            }}
          >
            {t("reviews.protect.saveText")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
            {t("reviews.protect.cancel")}
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      <p className={styles.comment}>{parts}</p>
      {report.findings.length > 0 ? (
        <ul className={styles.findings} aria-label={t("reviews.protect.findingsLabel")}>
          {report.findings.map((finding, index) => (
            <li key={keys[index]}>
              {`${t(`reviews.protect.kind.${finding.kind}`)}: “${finding.text}”`}{" "}
              {changing ? (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-disabled={busy || undefined}
                  onClick={() => onRedact(finding)}
                >
                  {t("reviews.protect.remove", { text: finding.text })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>{t("reviews.protect.noFindings")}</p>
      )}
      {changing ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setDraft(report.publicComment);
            setEditing(true);
          }}
        >
          {t("reviews.protect.editText")}
        </button>
      ) : null}
    </>
  );
}

interface PhotoModerationProps {
  file: ReportMediaView;
  report: ReviewReportView;
  changing: boolean;
  busy: boolean;
  onHide: (hidden: boolean) => void;
  onBlur: (rectangles: BlurRectangle[]) => void;
}

/** Hide or show one photo or video; for a photo, rectangles to blur, drawn on it or typed as percentages. */
function PhotoModeration({ file, report, changing, busy, onHide, onBlur }: PhotoModerationProps) {
  const t = useT();
  const groupId = useId();
  const moderation = report.mediaModeration.find((item) => item.id === file.id);
  const hidden = moderation?.hidden ?? false;
  const [rectangles, setRectangles] = useState<BlurRectangle[]>(moderation?.blurs ?? []);
  const name =
    file.description ?? t("reviews.protect.photoNumber", { number: report.media.indexOf(file) + 1 });
  if (!changing) return null;
  return (
    <div role="group" aria-labelledby={groupId} className={styles.photoTools}>
      <h4 id={groupId} className={styles.viewTitle}>
        {name}
        {hidden ? ` (${t("reviews.protect.hiddenState")})` : ""}
      </h4>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy || undefined}
        onClick={() => onHide(!hidden)}
      >
        {hidden ? t("reviews.protect.show") : t("reviews.protect.hide")}
      </button>
      {file.kind === "photo" && !hidden ? (
        <fieldset className={styles.blur}>
          <legend>{t("reviews.protect.blurLegend")}</legend>
          <BlurDrawing photo={file} name={name} rectangles={rectangles} onChange={setRectangles} />
          <button
            type="button"
            className="button"
            aria-disabled={busy || undefined}
            onClick={() => onBlur(rectangles)}
          >
            {t("reviews.protect.applyBlur", { count: rectangles.length })}
          </button>
        </fieldset>
      ) : null}
    </div>
  );
}

/**
 * A voice note's transcript: what the public page shows instead of the audio, required before publishing.
 * A labelled text area (its hint and, while none is saved, the rule tied to it by aria-describedby) and a
 * save button; once published it is shown as text.
 */
function Transcript({
  report,
  changing,
  busy,
  onSave,
}: {
  report: ReviewReportView;
  changing: boolean;
  busy: boolean;
  onSave: (text: string) => void;
}) {
  const t = useT();
  const fieldId = useId();
  const hintId = useId();
  const [text, setText] = useState(report.transcript ?? "");
  if (!changing) {
    return report.transcript ? (
      <div>
        <p className={styles.hint}>{t("published.report.transcript")}</p>
        <p className={styles.comment}>{report.transcript}</p>
      </div>
    ) : null;
  }
  return (
    <form
      className={formStyles.field}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== "") onSave(text.trim());
      }}
    >
      <label htmlFor={fieldId}>{t("reviews.transcript.label")}</label>
      <p id={hintId} className={styles.hint}>
        {t(report.transcriptDue ? "reviews.transcript.due" : "reviews.transcript.hint")}
      </p>
      <textarea
        id={fieldId}
        value={text}
        rows={4}
        maxLength={4000}
        aria-describedby={hintId}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" disabled={busy || text.trim() === ""}>
        {t("reviews.transcript.save")}
      </button>
    </form>
  );
}
