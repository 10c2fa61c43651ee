import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatNumber, pluralize } from "../../../domain/format";
import { commentTypeLabels } from "../../../domain/reports/report-rules";
import { describePlace } from "../../../domain/reports/report-place";
import { reviewMessages, type PublishedReportView } from "../../../domain/reports/review-rules";
import { paths } from "../../../domain/routes";
import { ApiError } from "../../lib/api-client";
import { SpinnerIcon } from "../../ui/Spinner";
import { useHydrated } from "../../ui/useHydrated";
import type { PublishedAnswer } from "../reports";
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

type Result = { attempt: number } & ({ answer: PublishedAnswer } | { error: string });

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
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!hydrated) return;
    const controller = new AbortController();
    const { signal } = controller;
    fetchStateReports(stateId, signal).then(
      (answer) => setResult({ attempt, answer }),
      (error: unknown) => {
        if (signal.aborted) return;
        setResult({ attempt, error: error instanceof ApiError ? error.message : reviewMessages.loadFailed });
      },
    );
    return () => controller.abort();
  }, [hydrated, stateId, attempt]);

  const current = result?.attempt === attempt ? result : null;

  const retry = () => {
    heading.current?.focus();
    setAttempt((count) => count + 1);
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
        {!hydrated ? null : !current ? (
          <>
            <SpinnerIcon />
            {stateReportsText.loading}
          </>
        ) : "answer" in current ? (
          reportCountText(current.answer.meta.total)
        ) : null}
      </p>
      {current && "error" in current ? (
        <div className={styles.failed} role="alert">
          <p>{reviewMessages.loadFailed}</p>
          {current.error !== reviewMessages.loadFailed ? <p>{current.error}</p> : null}
          <button type="button" className="button" onClick={retry}>
            Retry
          </button>
        </div>
      ) : current && "answer" in current && current.answer.reports.length > 0 ? (
        <ol className={styles.list} aria-label={`Latest verified reports from ${stateName}`}>
          {current.answer.reports.map((report) => (
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
