import { useRef } from "react";
import { Link } from "../../i18n/links";
import { formatNumber, pluralize } from "../../../domain/format";
import { commentTypeLabels } from "../../../domain/reports/report-rules";
import { describePlace } from "../../../domain/reports/report-place";
import { reviewMessages, type PublishedReportView } from "../../../domain/reports/review-rules";
import { paths } from "../../../domain/routes";
import { errorMessage } from "../../lib/api-client";
import { useApiQuery } from "../../lib/use-api";
import { SpinnerIcon } from "../../ui/Spinner";
import { useHydrated } from "../../ui/useHydrated";
import { formatOccurredOn, formatReportDay } from "../reports";
import { fetchStateReports } from "./state-reports-api";
import styles from "./StateReports.module.css";

export const stateReportsText = {
  loading: "Loading verified reports…",
  none: "No verified reports yet",
  noScript: "The latest verified reports need JavaScript; the link below lists them all.",
} as const;

/** "3 verified reports", "1 verified report", "No verified reports yet". */
export function reportCountText(total: number): string {
  return total === 0
    ? stateReportsText.none
    : `${formatNumber(total)} verified ${pluralize(total, "report")}`;
}

/** The first `max` characters of a comment, cut at a word and marked with "…" when cut. */
export function excerpt(comment: string, max = 160): string {
  const text = comment.replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

/** The address of the public list showing this state's reports only. */
export function stateReportsHref(stateId: number): string {
  // Written here rather than with the list's query helpers, which would bring the LGA registry to every state page.
  return `${paths.publishedReports()}?state=${stateId}`;
}

/**
 * A state's verified eyewitness reports on its prerendered page: how many there are and the latest three,
 * fetched once the page is interactive (the prerendered HTML cannot know them). A polite status line says
 * "Loading verified reports…", then the count; a failure is an alert with Retry, which puts focus on the
 * section's heading. Without JavaScript a <noscript> line says so; the link to the state's reports on the
 * public list works either way. Each report shows its type, the date it happened (or, for older reports
 * without one, the day it was sent), the place only as precisely as the reporter chose, an excerpt of the
 * comment and the reporter's name as published (a first name or "Anonymous").
 */
export function StateReports({ stateId, stateName }: { stateId: number; stateName: string }) {
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const reports = useApiQuery({
    queryKey: ["reviews.published", "state", stateId],
    queryFn: ({ signal }) => fetchStateReports(stateId, signal),
    // Asked once the page is interactive: the prerendered HTML cannot know the reports.
    enabled: hydrated,
  });
  const answer = reports.data;
  const failure = reports.failure ? errorMessage(reports.failure, reviewMessages.loadFailed) : null;

  const retry = () => {
    heading.current?.focus();
    void reports.refetch();
  };

  return (
    <section aria-labelledby="eyewitness-heading" className={styles.section}>
      <h2 id="eyewitness-heading" ref={heading} tabIndex={-1}>
        Eyewitness reports
      </h2>
      <noscript>
        <p>{stateReportsText.noScript}</p>
      </noscript>
      <p role="status" className={styles.status}>
        {!hydrated ? null : answer ? (
          reportCountText(answer.meta.total)
        ) : failure ? null : (
          <>
            <SpinnerIcon />
            {stateReportsText.loading}
          </>
        )}
      </p>
      {failure ? (
        <div className={styles.failed} role="alert">
          <p>{reviewMessages.loadFailed}</p>
          {failure !== reviewMessages.loadFailed ? <p>{failure}</p> : null}
          <button type="button" className="button" onClick={retry}>
            Retry
          </button>
        </div>
      ) : answer && answer.reports.length > 0 ? (
        <ol className={styles.list} aria-label={`Latest verified reports from ${stateName}`}>
          {answer.reports.map((report) => (
            <li key={report.id}>
              <LatestReport report={report} />
            </li>
          ))}
        </ol>
      ) : null}
      <p>
        <Link to={stateReportsHref(stateId)}>See all reports from {stateName}</Link>
      </p>
      <p>
        Seen a barrier or good practice in {stateName}?{" "}
        <Link to={paths.eyewitness()}>Send an eyewitness report</Link>
      </p>
    </section>
  );
}

function LatestReport({ report }: { report: PublishedReportView }) {
  const headingId = `state-report-${report.id}`;
  return (
    <article className={styles.report} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.reportTitle}>
        <Link to={paths.publishedReport(report.id)}>{commentTypeLabels[report.commentType]}</Link>
      </h3>
      <p className={styles.details}>
        {report.place ? (
          <>
            Happened on{" "}
            <time dateTime={report.place.occurredOn}>{formatOccurredOn(report.place.occurredOn)}</time>
          </>
        ) : (
          <>
            Sent on <time dateTime={report.createdAt}>{formatReportDay(report.createdAt)}</time>
          </>
        )}{" "}
        <span aria-hidden="true">·</span> {describePlace(report.place)} <span aria-hidden="true">·</span>{" "}
        Reported by {report.reporterName}
      </p>
      <p className={styles.excerpt}>{excerpt(report.comment)}</p>
    </article>
  );
}
