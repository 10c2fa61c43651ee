import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  REPORT_NOT_FOUND_TITLE,
  isReportId,
  publishedReportTitle,
} from "../../../domain/reports/published-report-text";
import { commentTypeLabels } from "../../../domain/reports/report-rules";
import type { PublishedReportView } from "../../../domain/reports/review-rules";
import { paths } from "../../../domain/routes";
import { pageTitle } from "../../app/page-title";
import { ApiError } from "../../lib/api-client";
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

type Result = { key: string } & ({ report: PublishedReportView } | { notFound: true } | { error: string });

/**
 * One verified report on its own page (issue 15): what, where and when, who (the first name or
 * "Anonymous reporter"), its media, the day it was verified, and a way to share it. While it loads a
 * polite status says so; an unknown or unpublished report says "Report not found"; a failure is an alert
 * with Retry, after which focus goes to the page heading.
 */
export function PublishedReportPage({ reportId }: { reportId: string }) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const key = `${reportId}\n${attempt}`;

  useEffect(() => {
    // A malformed id is no report: nothing to ask.
    if (!isReportId(reportId)) return;
    const controller = new AbortController();
    fetchPublishedReport(reportId, controller.signal).then(
      (report) => setResult({ key, report }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setResult({ key, notFound: true });
        } else {
          setResult({ key, error: error instanceof ApiError ? error.message : reportPageText.loadFailed });
        }
      },
    );
    return () => controller.abort();
  }, [key, reportId]);

  const current: Result | null = !isReportId(reportId)
    ? { key, notFound: true }
    : result?.key === key
      ? result
      : null;
  const focusHeadingWhenShown = useRef(false);
  // The heading of the loading state is replaced by the report's: focus follows it once shown.
  useEffect(() => {
    if (result?.key !== key || !focusHeadingWhenShown.current) return;
    focusHeadingWhenShown.current = false;
    heading.current?.focus();
  }, [result, key]);
  const retry = () => {
    heading.current?.focus();
    focusHeadingWhenShown.current = true;
    setAttempt((count) => count + 1);
  };

  const back = (
    <p>
      <Link to={paths.publishedReports()}>{reportPageText.backToList}</Link>
    </p>
  );

  if (current && "report" in current) {
    const { report } = current;
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

  const notFound = current !== null && "notFound" in current;
  return (
    <div className={`container ${styles.page}`}>
      <title>{pageTitle(notFound ? REPORT_NOT_FOUND_TITLE : reportPageText.heading)}</title>
      {back}
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {notFound ? REPORT_NOT_FOUND_TITLE : reportPageText.heading}
      </h1>
      {current === null ? (
        <p role="status" className={styles.summary}>
          <SpinnerIcon />
          {reportPageText.loading}
        </p>
      ) : notFound ? (
        <p>{reportPageText.notFound}</p>
      ) : (
        <div className={styles.failed} role="alert">
          <p>{reportPageText.loadFailed}</p>
          {"error" in current && current.error !== reportPageText.loadFailed ? <p>{current.error}</p> : null}
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
