import { useEffect, useRef } from "react";
import { Link } from "../../i18n/links";
import {
  REPORT_NOT_FOUND_TITLE,
  isReportId,
  publishedReportTitle,
} from "../../../domain/reports/published-report-text";
import { commentTypeLabels } from "../../../domain/reports/report-rules";
import type { PublishedReportView } from "../../../domain/reports/review-rules";
import { paths } from "../../../domain/routes";
import { pageTitle } from "../../app/page-title";
import { ApiError, errorMessage } from "../../lib/api-client";
import { useApiQuery } from "../../lib/use-api";
import { SpinnerIcon } from "../../ui/Spinner";
import { fetchPublishedReport } from "./published-api";
import { formatReportDay } from "./report-format";
import { PlaceItems } from "./PlaceSummary";
import { ReportMedia } from "./ReportMedia";
import { ShareReport } from "./ShareReport";
import styles from "./PublishedReportsPage.module.css";

export const reportPageText = {
  heading: "Verified eyewitness report",
  loading: "Loading the report…",
  notFound: "This report is not published. It may have been unpublished, or the link may be mistyped.",
  loadFailed: "The report could not be loaded. Please check your connection and try again.",
  backToList: "All verified reports",
} as const;

/**
 * One verified report on its own page (issue 15): what, where and when, who (the first name or
 * "Anonymous reporter"), its media, the day it was verified, and a way to share it. While it loads a
 * polite status says so; an unknown or unpublished report says "Report not found"; a failure is an alert
 * with Retry, after which focus goes to the page heading.
 */
export function PublishedReportPage({ reportId }: { reportId: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A malformed id is no report: nothing to ask.
  const wellFormed = isReportId(reportId);
  const query = useApiQuery({
    queryKey: ["reviews.publishedOne", reportId],
    queryFn: ({ signal }) => fetchPublishedReport(reportId, signal),
    enabled: wellFormed,
  });
  const { failure } = query;
  const notFound =
    !wellFormed ||
    (failure instanceof ApiError && (failure.code === "NOT_FOUND" || failure.code === "VALIDATION_FAILED"));
  const report = query.data;
  const settled = notFound || report !== undefined || failure !== null;

  const focusHeadingWhenShown = useRef(false);
  // The heading of the loading state is replaced by the report's: focus follows it once shown.
  useEffect(() => {
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
      <Link to={paths.publishedReports()}>{reportPageText.backToList}</Link>
    </p>
  );

  if (report && !notFound) {
    const title = publishedReportTitle(report);
    return (
      <div className={`container ${styles.page}`}>
        <title>{pageTitle(title)}</title>
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
      <title>{pageTitle(notFound ? REPORT_NOT_FOUND_TITLE : reportPageText.heading)}</title>
      {back}
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {notFound ? REPORT_NOT_FOUND_TITLE : reportPageText.heading}
      </h1>
      {!settled ? (
        <p role="status" className={styles.summary}>
          <SpinnerIcon />
          {reportPageText.loading}
        </p>
      ) : notFound ? (
        <p>{reportPageText.notFound}</p>
      ) : (
        <div className={styles.failed} role="alert">
          <p>{reportPageText.loadFailed}</p>
          {errorMessage(failure, reportPageText.loadFailed) !== reportPageText.loadFailed ? (
            <p>{errorMessage(failure, reportPageText.loadFailed)}</p>
          ) : null}
          <button type="button" className="button" onClick={retry}>
            Retry
          </button>
        </div>
      )}
    </div>
  );
}

function PublishedReportDetails({ report }: { report: PublishedReportView }) {
  const day = formatReportDay(report.createdAt);
  return (
    <>
      <p className={styles.byline}>
        Reported by <strong>{report.reporterName}</strong>. Verified on{" "}
        <time dateTime={report.publishedAt}>{formatReportDay(report.publishedAt)}</time>.
      </p>
      <dl className={styles.details}>
        <div>
          <dt>Type</dt>
          <dd>{commentTypeLabels[report.commentType]}</dd>
        </div>
        <PlaceItems place={report.place} />
      </dl>
      <p className={styles.comment}>{report.comment}</p>
      <ReportMedia media={report.media} videoUrl={report.videoUrl} day={day} videoPreload="none" />
    </>
  );
}
