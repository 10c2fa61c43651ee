import { useLayoutEffect, useRef } from "react";
import { useT, type Translate } from "../../i18n";
import { Link } from "../../i18n/links";
import { isReportId } from "../../../domain/reports/published-report-text";
import { describePlace } from "../../../domain/reports/report-place";
import type { PublishedReportView } from "../../../domain/reports/review-rules";
import { paths } from "../../../domain/routes";
import { pageTitle, useDocumentTitle } from "../../ui/page-title";
import { ApiError } from "../../lib/api-client";
import { useApiQuery } from "../../lib/use-api";
import { FailureDetail } from "../../ui/ListPage";
import { SpinnerIcon } from "../../ui/Spinner";
import { publishedQueries } from "./published-api";
import { Byline } from "./PublishedReportsPage";
import { PlaceItems, ReportMedia, useReportDates, type ReportDates } from "../report-shared";
import { ShareReport } from "./ShareReport";
import styles from "./PublishedReportsPage.module.css";

/**
 * "Barrier report, Ikeja, Lagos, 27 February 2026": the type, the place as published, the day it happened
 * (as the server's link-preview title says it in English, src/domain/reports/published-report-text.ts).
 */
function reportTitle(
  t: Translate,
  dates: ReportDates,
  report: Pick<PublishedReportView, "commentType" | "place" | "createdAt">,
): string {
  const when = report.place?.occurredOn ?? report.createdAt;
  return t("published.report.title", {
    type: t(`common.commentType.${report.commentType}`),
    place: report.place ? describePlace(report.place) : t("published.placeNotGiven"),
    day: dates.day(when.length === 10 ? `${when}T00:00:00Z` : when, "UTC"),
  });
}

/**
 * One verified report on its own page: what, where and when, who (the first name or
 * "Anonymous reporter"), its media, the day it was verified, and a way to share it. While it loads a
 * polite status says so; an unknown or unpublished report says "Report not found"; a failure is an alert
 * with Retry, after which focus goes to the page heading.
 */
export function PublishedReportPage({ reportId }: { reportId: string }) {
  const t = useT();
  const dates = useReportDates();
  const heading = useRef<HTMLHeadingElement>(null);
  // A malformed id is no report: nothing to ask.
  const wellFormed = isReportId(reportId);
  const query = useApiQuery({ ...publishedQueries.report(reportId), enabled: wellFormed });
  const { failure } = query;
  const notFound =
    !wellFormed ||
    (failure instanceof ApiError && (failure.code === "NOT_FOUND" || failure.code === "VALIDATION_FAILED"));
  const report = query.data;
  const settled = notFound || report !== undefined || failure !== null;
  // The route's meta names the page; the report's own title (or "Report not found") once it is known.
  useDocumentTitle(
    pageTitle(
      report && !notFound
        ? reportTitle(t, dates, report)
        : t(notFound ? "published.report.notFoundTitle" : "published.report.heading"),
    ),
  );

  const focusHeadingWhenShown = useRef(false);
  // The heading of the loading state is replaced by the report's: focus follows it once shown.
  useLayoutEffect(() => {
    if (!settled || !focusHeadingWhenShown.current) return;
    focusHeadingWhenShown.current = false;
    heading.current?.focus();
  }, [settled, report, failure]);
  const retry = () => {
    heading.current?.focus();
    focusHeadingWhenShown.current = true;
    void query.refetch();
  };

  const back = (
    <p>
      <Link to={paths.publishedReports()}>{t("published.report.backToList")}</Link>
    </p>
  );

  if (report && !notFound) {
    const title = reportTitle(t, dates, report);
    return (
      <div className={`container ${styles.page}`}>
        {back}
        <article aria-labelledby="report-heading">
          <h1 id="report-heading" ref={heading} tabIndex={-1} className={styles.title}>
            {title}
          </h1>
          <PublishedReportDetails report={report} />
          <ShareReport title={title} url={`${window.location.origin}${paths.publishedReport(report.id)}`} />
        </article>
      </div>
    );
  }

  return (
    <div className={`container ${styles.page}`}>
      {back}
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {t(notFound ? "published.report.notFoundTitle" : "published.report.heading")}
      </h1>
      {!settled ? (
        <p role="status" className={styles.summary}>
          <SpinnerIcon />
          {t("published.report.loading")}
        </p>
      ) : notFound ? (
        <p>{t("published.report.notFound")}</p>
      ) : (
        <div className={styles.failed} role="alert">
          <p>{t("published.report.loadFailed")}</p>
          <FailureDetail failure={failure} />
          <button type="button" className="button" onClick={retry}>
            {t("published.retry")}
          </button>
        </div>
      )}
    </div>
  );
}

function PublishedReportDetails({ report }: { report: PublishedReportView }) {
  const t = useT();
  const day = useReportDates().day(report.createdAt);
  return (
    <>
      <Byline report={report} />
      <dl className={styles.details}>
        <div>
          <dt>{t("published.report.type")}</dt>
          <dd>{t(`common.commentType.${report.commentType}`)}</dd>
        </div>
        <PlaceItems place={report.place} />
      </dl>
      <p className={styles.comment}>{report.comment}</p>
      {report.transcript ? (
        <>
          <h2 className="visually-hidden">{t("published.report.transcript")}</h2>
          <p className={styles.comment}>
            <span aria-hidden="true">{t("published.report.transcript")} </span>
            {report.transcript}
          </p>
        </>
      ) : null}
      <ReportMedia media={report.media} videoUrl={report.videoUrl} day={day} videoPreload="none" />
    </>
  );
}
