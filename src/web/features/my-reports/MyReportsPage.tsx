import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { OwnReportView } from "../../../domain/reports/report-rules";
import { paths } from "../../../domain/routes";
import { Link, T, useEnglishContentLang, useT, type Translate } from "../../i18n";
import { OUTBOX_CHANGED } from "../../lib/outbox-event";
import { OUTBOX_SENT } from "../../lib/outbox-sync";
import { useSessionUser } from "../../lib/session";
import { useApiQuery } from "../../lib/use-api";
import { Pager } from "../../ui/Pager";
import { ListPage } from "../../ui/ListPage";
import { type MyReportsAnswer } from "../eyewitness";
import { loadReportStore } from "../eyewitness/lazy";
import {
  formatReportDate,
  formatReportDay,
  pageFrom,
  PlaceItems,
  PublishedAsItem,
  ReportMedia,
  useRefreshOnReturn,
} from "../report-shared";
import { myReportsQueries } from "./my-reports-api";
import { WithdrawReport } from "./WithdrawReport";
import styles from "./MyReportsPage.module.css";

/** A page of the list, on this same route: only the query changes. */
function pageLink(page: number) {
  return { search: page > 1 ? `?page=${page}` : "" };
}

/**
 * "My reports" in the dashboard: the signed-in user's own reports, newest first, each with its date, type,
 * status (in words, not colour alone), the latest review decision (its date and the reviewer's note), whether
 * it is or will be published with the first name or as Anonymous, the comment and media. The list page's
 * shell says loading and failure (with Retry); Previous and Next links when there is more than one page (the
 * page is in the URL, so Back works). After Retry or a move to another page, focus goes to the heading.
 */
export function MyReportsPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams.get("page"));
  const reports = useApiQuery(myReportsQueries.page(page));

  // Coming back to the tab after a long while: fetch again, so photos and videos still open.
  const { refetch } = reports;
  useRefreshOnReturn(reports.dataUpdatedAt, () => void refetch());
  const refetchSent = useCallback(() => void refetch(), [refetch]);
  const arrived = reports.isSuccess ? reports.data.reports : noReports;

  return (
    <ListPage
      className={styles.page}
      title={t("myReports.title")}
      query={reports}
      words={{ loading: t("myReports.loading"), failed: t("myReports.failed"), retry: t("myReports.retry") }}
      focusOn={page}
      // Shown offline too, when the server's list cannot be loaded.
      intro={<WaitingOnThisPhone arrived={arrived} onSent={refetchSent} />}
      summary={(answer) => summary(t, answer)}
    >
      {(answer) => <ReportList answer={answer} />}
    </ListPage>
  );
}

const noReports: OwnReportView[] = [];

interface WaitingReport {
  id: number;
  commentType: OwnReportView["commentType"];
  comment: string;
  queuedAt: string;
  /** The key every try of the report carries: the server's list names it once the report has arrived. */
  idempotencyKey: string | undefined;
}

/**
 * The reports kept on this phone until there is a connection, above the server's list, each "Waiting to be
 * sent from this phone". One the server already lists (its idempotency key is in the answer: it arrived,
 * its answer was lost) leaves the phone's outbox here, so no report is ever listed twice; one the outbox
 * sends while the page is open leaves this list first, then the server's list is fetched again.
 */
function WaitingOnThisPhone({ arrived, onSent }: { arrived: OwnReportView[]; onSent: () => void }) {
  const t = useT();
  const userId = useSessionUser()?.id ?? null;
  const [waiting, setWaiting] = useState<WaitingReport[]>([]);
  // The keys of the reports the server lists, as one string so the effect below runs again only when they change.
  const arrivedKeys = arrived.flatMap((report) => report.idempotencyKey ?? []).join(" ");
  const listed = useMemo(() => new Set(arrivedKeys.split(" ")), [arrivedKeys]);

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    const read = async () => {
      const store = await loadReportStore();
      const records = await store.waitingReports(userId);
      const stillWaiting = [];
      for (const record of records) {
        const key = record.submission.idempotencyKey;
        if (key && listed.has(key)) await store.removeReport(record.id);
        else stillWaiting.push(record);
      }
      if (!current) return;
      setWaiting(
        stillWaiting.map(({ id, submission, queuedAt }) => ({
          id,
          commentType: submission.commentType,
          comment: submission.comment,
          queuedAt: new Date(queuedAt).toISOString(),
          idempotencyKey: submission.idempotencyKey,
        })),
      );
    };
    // No IndexedDB (some private windows): nothing was kept on this phone.
    const reread = () => void read().catch(() => undefined);
    const sent = () => {
      reread();
      onSent();
    };
    reread();
    window.addEventListener(OUTBOX_CHANGED, reread);
    window.addEventListener(OUTBOX_SENT, sent);
    return () => {
      current = false;
      window.removeEventListener(OUTBOX_CHANGED, reread);
      window.removeEventListener(OUTBOX_SENT, sent);
    };
  }, [userId, listed, onSent]);

  // Sent meanwhile, the server's list can come back before this phone's outbox is read again: a report the
  // server lists is never shown here as well, whichever arrives first.
  const shown = waiting.filter((report) => !report.idempotencyKey || !listed.has(report.idempotencyKey));
  if (shown.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={t("myReports.waitingList")}>
      {shown.map((report) => (
        <li key={report.id}>
          <WaitingCard report={report} />
        </li>
      ))}
    </ul>
  );
}

function WaitingCard({ report }: { report: WaitingReport }) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  const headingId = `waiting-${report.id}`;
  return (
    <article className={styles.report} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.reportTitle}>
        <T
          id={`myReports.heading.${report.commentType}`}
          values={{ date: formatReportDate(report.queuedAt) }}
          components={{ time: <time dateTime={report.queuedAt} /> }}
        />
      </h2>
      <p className={styles.status}>
        <T
          id="myReports.status"
          values={{ status: t("myReports.statuses.waiting") }}
          components={{ badge: <strong className={`${styles.badge} ${styles.waiting}`} /> }}
        />
      </p>
      <p className={styles.comment} lang={contentLang}>
        {report.comment}
      </p>
    </article>
  );
}

/** The status line's words once the list is here ("You have sent 3 reports, newest first."). */
function summary(t: Translate, { meta }: MyReportsAnswer): string | null {
  if (meta.total === 0) return null;
  return meta.last_page > 1
    ? t("myReports.summaryPaged", { count: meta.total, page: meta.page, lastPage: meta.last_page })
    : t("myReports.summary", { count: meta.total });
}

function ReportList({ answer }: { answer: MyReportsAnswer }) {
  const t = useT();
  const { total, page, last_page: lastPage } = answer.meta;
  if (total === 0) {
    return (
      <div className={styles.empty}>
        <p>{t("myReports.empty")}</p>
        <p>
          <Link to={paths.dashboard()}>{t("myReports.sendOne")}</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      {answer.reports.length === 0 ? (
        <p>
          <T id="myReports.emptyPage" components={{ link: <Link to={pageLink(1)} /> }} />
        </p>
      ) : (
        <ol className={styles.list}>
          {answer.reports.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} />
            </li>
          ))}
        </ol>
      )}
      <Pager label={t("myReports.pages")} page={page} lastPage={lastPage} linkTo={pageLink} />
    </>
  );
}

function ReportCard({ report }: { report: OwnReportView }) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  const headingId = `report-${report.id}`;
  return (
    <article className={styles.report} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.reportTitle}>
        <T
          id={`myReports.heading.${report.commentType}`}
          values={{ date: formatReportDate(report.createdAt) }}
          components={{ time: <time dateTime={report.createdAt} /> }}
        />
      </h2>
      <p className={styles.status}>
        <T
          id="myReports.status"
          values={{
            status:
              report.withdrawnAt !== null
                ? t("myReports.statuses.withdrawn")
                : t(`myReports.statuses.${report.status}`),
          }}
          components={{ badge: <strong className={`${styles.badge} ${styles[report.status] ?? ""}`} /> }}
        />
      </p>
      <dl className={styles.details}>
        <PlaceItems place={report.place} />
        <PublishedAsItem place={report.place} />
      </dl>
      <ReviewDecision report={report} />
      <p className={styles.comment} lang={contentLang}>
        {report.comment}
      </p>
      <PublicChanges report={report} />
      <ReportMedia media={report.media} videoUrl={report.videoUrl} day={formatReportDay(report.createdAt)} />
      <WithdrawReport report={report} />
    </article>
  );
}

/** What the reporter can read of the latest decision: its date, the reviewer's note, and the name shown. */
function ReviewDecision({ report }: { report: OwnReportView }) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  return (
    <div className={styles.decision}>
      {/* A withdrawal moves reviewedAt too; the card says "Withdrawn by you" instead of a review date. */}
      {report.reviewedAt && report.withdrawnAt === null ? (
        <p>
          <T
            id="myReports.reviewedOn"
            values={{ date: formatReportDate(report.reviewedAt) }}
            components={{ time: <time dateTime={report.reviewedAt} /> }}
          />
        </p>
      ) : null}
      {report.reviewNote ? (
        <p className={styles.note}>
          <strong>{t("myReports.reviewerNote")}</strong> <span lang={contentLang}>{report.reviewNote}</span>
        </p>
      ) : null}
      <p>{publicationText(report, t)}</p>
    </div>
  );
}

/** What a moderator changed before the public saw the report: the text the public reads, blurred photos. */
function PublicChanges({ report }: { report: OwnReportView }) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  const changes = report.publicChanges;
  if (!changes) return null;
  const photos = t("myReports.publicChanges.photos", {
    blurred: changes.blurredPhotos,
    hidden: changes.hiddenMedia,
  }).trim();
  return (
    <div className={styles.decision}>
      <p>{t("myReports.publicChanges.intro")}</p>
      {changes.text !== null ? (
        <>
          <p>{t("myReports.publicChanges.reads")}</p>
          <blockquote className={styles.comment} lang={contentLang}>
            {changes.text}
          </blockquote>
        </>
      ) : null}
      {photos ? <p>{photos}</p> : null}
    </div>
  );
}

export function publicationText(
  { status, showFirstName }: Pick<OwnReportView, "status" | "showFirstName">,
  t: Translate,
): string {
  if (status === "rejected") return t("myReports.publication.rejected");
  const name = showFirstName ? "firstName" : "anonymous";
  return status === "verified"
    ? t(`myReports.publication.published.${name}`)
    : t(`myReports.publication.ifVerified.${name}`);
}
