import { useRef } from "react";
import { Link, T, type Translate, useFailureText, useT } from "../../i18n";
import { describePlace } from "../../../domain/reports/report-place";
import type { PublishedReportView } from "../../../domain/reports/review-rules";
import { paths } from "../../../domain/routes";
import { usePublicRead } from "../../lib/use-public-read";
import { SpinnerIcon } from "../../ui/Spinner";
import { useHydrated } from "../../ui/useHydrated";
import { formatOccurredOn, formatReportDay } from "../report-shared";
import { fetchStateReports } from "./state-reports-api";
import styles from "./StateReports.module.css";

/** "3 verified reports", "1 verified report", "No verified reports yet". */
export function reportCountText(t: Translate, total: number): string {
  return total === 0 ? t("states.reports.none") : t("states.reports.count", { count: total });
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
  const t = useT();
  const problemText = useFailureText();
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  // Asked once the page is interactive: the prerendered HTML cannot know the reports.
  const reports = usePublicRead(String(stateId), (signal) => fetchStateReports(stateId, signal), hydrated);
  const answer = reports.data;
  const loadFailed = t("states.reports.loadFailed");
  // The server's reason, when it gave one, below the sentence that says what failed.
  const failure = reports.failure ? problemText(reports.failure, { other: loadFailed }) : null;

  const retry = () => {
    heading.current?.focus();
    reports.retry();
  };

  return (
    <section aria-labelledby="eyewitness-heading" className={styles.section}>
      <h2 id="eyewitness-heading" ref={heading} tabIndex={-1}>
        {t("states.reports.heading")}
      </h2>
      <noscript>
        <p>{t("states.reports.noScript")}</p>
      </noscript>
      <p role="status" className={styles.status}>
        {!hydrated ? null : answer ? (
          reportCountText(t, answer.meta.total)
        ) : failure ? null : (
          <>
            <SpinnerIcon />
            {t("states.reports.loading")}
          </>
        )}
      </p>
      {failure ? (
        <div className={styles.failed} role="alert">
          <p>{loadFailed}</p>
          {failure !== loadFailed ? <p>{failure}</p> : null}
          <button type="button" className="button" onClick={retry}>
            {t("states.reports.retry")}
          </button>
        </div>
      ) : answer && answer.reports.length > 0 ? (
        <ol className={styles.list} aria-label={t("states.reports.latest", { state: stateName })}>
          {answer.reports.map((report) => (
            <li key={report.id}>
              <LatestReport report={report} />
            </li>
          ))}
        </ol>
      ) : null}
      <p>
        <Link to={stateReportsHref(stateId)}>{t("states.reports.seeAll", { state: stateName })}</Link>
      </p>
      <p>
        <T
          id="states.reports.send"
          values={{ state: stateName }}
          components={{ link: <Link to={paths.eyewitness()} /> }}
        />
      </p>
    </section>
  );
}

function LatestReport({ report }: { report: PublishedReportView }) {
  const t = useT();
  const headingId = `state-report-${report.id}`;
  return (
    <article className={styles.report} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.reportTitle}>
        <Link to={paths.publishedReport(report.id)}>{t(`common.commentType.${report.commentType}`)}</Link>
      </h3>
      <p className={styles.details}>
        {report.place ? (
          <T
            id="states.reports.happenedOn"
            values={{ date: formatOccurredOn(report.place.occurredOn) }}
            components={{ time: <time dateTime={report.place.occurredOn} /> }}
          />
        ) : (
          <T
            id="states.reports.sentOn"
            values={{ date: formatReportDay(report.createdAt) }}
            components={{ time: <time dateTime={report.createdAt} /> }}
          />
        )}{" "}
        <span aria-hidden="true">·</span>{" "}
        {report.place ? describePlace(report.place) : t("states.reports.placeNotGiven")}{" "}
        <span aria-hidden="true">·</span> {t("states.reports.reportedBy", { name: report.reporterName })}
      </p>
      {/* A reporter's own words, in whichever language they wrote: no lang of ours. */}
      <p className={styles.excerpt}>{excerpt(report.comment)}</p>
    </article>
  );
}
