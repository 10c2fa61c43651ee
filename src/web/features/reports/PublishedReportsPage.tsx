import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { Link } from "../../i18n/links";
import { formatNumber, pluralize } from "../../../domain/format";
import { commentTypeLabels } from "../../../domain/reports/report-rules";
import { describePlace, todayInNigeria } from "../../../domain/reports/report-place";
import { stateLgas } from "../../../domain/reports/report-lgas";
import { reviewMessages, type PublishedReportView } from "../../../domain/reports/review-rules";
import { paths } from "../../../domain/routes";
import { errorMessage } from "../../lib/api-client";
import { useApiQuery } from "../../lib/use-api";
import { Pager } from "../../ui/Pager";
import { SpinnerIcon } from "../../ui/Spinner";
import { useHydrated } from "../../ui/useHydrated";
import { fetchPublishedReports, type PublishedAnswer } from "./published-api";
import { formatOccurredOn, formatReportDay } from "./report-format";
import { PublishedFilters } from "./PublishedFilters";
import {
  everyPublished,
  publishedQueryFrom,
  publishedSearch,
  type PublishedQuery,
} from "./report-list-query";
import { PlaceItems } from "./PlaceSummary";
import { ReportMedia } from "./ReportMedia";
import styles from "./PublishedReportsPage.module.css";

// Kept light for slow phones: no form library, no schema code, nothing of the dashboard.

export const publishedText = {
  loading: "Loading verified reports…",
  emptyPage: "There are no reports on this page.",
} as const;

/**
 * The public page of verified eyewitness reports (issue 6), prerendered with its introduction and filter;
 * the reports are fetched in the browser, newest first. The comment-type filter is a GET form, so it works
 * even before the page's script has run; the type and page live in the address (read once hydrated, so the
 * first render matches the prerendered HTML). A polite status line says "Loading verified reports…", then
 * how many there are; a failure is an alert with Retry. Each report is an article named by its heading,
 * with the reporter's first name or "Anonymous" (never a last name or an e-mail). After Previous, Next or
 * Retry, focus goes to the page heading.
 */
export function PublishedReportsPage() {
  const hydrated = useHydrated();
  const [searchParams, setSearchParams] = useSearchParams();
  const query: PublishedQuery = hydrated ? publishedQueryFrom(searchParams) : everyPublished;
  const queryKey = publishedSearch(query);
  const published = useApiQuery({
    queryKey: ["reviews.published", queryKey],
    queryFn: ({ signal }) => fetchPublishedReports(publishedQueryFrom(new URLSearchParams(queryKey)), signal),
    enabled: hydrated,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeadingWhenShown = useRef(false);

  // Every fetch (another filter or page, Retry) shows the loading state until it is answered.
  const settled = hydrated && !published.isFetching;
  const failure = settled ? published.failure : null;
  const answer = settled && published.isSuccess ? published.data : null;

  useEffect(() => {
    if (!(answer || failure) || !focusHeadingWhenShown.current) return;
    focusHeadingWhenShown.current = false;
    heading.current?.focus();
  }, [answer, failure]);

  const retry = () => {
    heading.current?.focus();
    void published.refetch();
  };

  return (
    <div className={`container ${styles.page}`}>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        Verified eyewitness reports
      </h1>
      <p className={styles.lead}>
        Barriers, experiences, questions and contributions sent by people across Nigeria. All reports are
        reviewed and verified before they appear here.
      </p>
      <p>
        Each report shows the reporter&apos;s first name, or “Anonymous reporter” when they chose not to show
        it, and where and when it happened, only as precisely as the reporter chose. Last names and e-mail
        addresses are never published. <Link to={paths.eyewitness()}>Send your own eyewitness report</Link>
      </p>

      <PublishedFilters
        query={query}
        today={hydrated ? todayInNigeria(new Date()) : undefined}
        onShow={(chosen) => setSearchParams(new URLSearchParams(publishedSearch({ ...chosen, page: 1 })))}
      />

      <p role="status" className={styles.summary}>
        {answer ? (
          summary(query, answer)
        ) : failure ? null : (
          <>
            <SpinnerIcon />
            {publishedText.loading}
          </>
        )}
      </p>

      {failure ? (
        <div className={styles.failed} role="alert">
          <p>{reviewMessages.loadFailed}</p>
          {errorMessage(failure, reviewMessages.loadFailed) !== reviewMessages.loadFailed ? (
            <p>{errorMessage(failure, reviewMessages.loadFailed)}</p>
          ) : null}
          <button type="button" className="button" onClick={retry}>
            Retry
          </button>
        </div>
      ) : answer ? (
        <Reports answer={answer} query={query} onPage={() => (focusHeadingWhenShown.current = true)} />
      ) : null}
    </div>
  );
}

/** What the filters ask for, in words: " of the type Barrier from Ikeja, Lagos that happened from 1 January 2026". */
function filterWords({ commentType, stateId, lga, from, to }: PublishedQuery): string {
  const state = stateId ? stateLgas(stateId) : undefined;
  const type = commentType ? ` of the type ${commentTypeLabels[commentType]}` : "";
  const where = state ? ` from ${describePlace({ state: state.state, lga, place: null })}` : "";
  const when =
    from && to
      ? ` that happened between ${formatOccurredOn(from)} and ${formatOccurredOn(to)}`
      : from
        ? ` that happened from ${formatOccurredOn(from)}`
        : to
          ? ` that happened until ${formatOccurredOn(to)}`
          : "";
  return `${type}${where}${when}`;
}

function summary(query: PublishedQuery, { meta }: PublishedAnswer): string {
  const kind = filterWords(query);
  if (meta.total === 0) return `There are no verified reports${kind} yet.`;
  const count = `${formatNumber(meta.total)} verified ${pluralize(meta.total, "report")}${kind}, newest first.`;
  return meta.last_page > 1
    ? `${count} Page ${formatNumber(meta.page)} of ${formatNumber(meta.last_page)}.`
    : count;
}

function Reports({
  answer,
  query,
  onPage,
}: {
  answer: PublishedAnswer;
  query: PublishedQuery;
  onPage: () => void;
}) {
  const { total, page, last_page: lastPage } = answer.meta;
  if (total === 0) {
    return publishedSearch(query) !== "" ? (
      <p>
        <Link to={paths.publishedReports()}>Show every verified report</Link>
      </p>
    ) : null;
  }
  return (
    <>
      {answer.reports.length === 0 ? (
        <p>
          {publishedText.emptyPage}{" "}
          <Link to={{ search: publishedSearch({ ...query, page: 1 }) }} onClick={onPage}>
            Go to the first page
          </Link>
        </p>
      ) : (
        <ol className={styles.list}>
          {answer.reports.map((report) => (
            <li key={report.id}>
              <PublishedReport report={report} />
            </li>
          ))}
        </ol>
      )}
      <Pager
        label="Pages of verified reports"
        page={page}
        lastPage={lastPage}
        linkTo={(to) => ({ search: publishedSearch({ ...query, page: to }) })}
        onPage={onPage}
      />
    </>
  );
}

/** One verified report: the day only (no time of day), which is enough to read it and safer for the reporter. */
function PublishedReport({ report }: { report: PublishedReportView }) {
  const headingId = `published-${report.id}`;
  const day = formatReportDay(report.createdAt);
  return (
    <article className={styles.report} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.reportTitle}>
        <Link to={paths.publishedReport(report.id)}>
          {commentTypeLabels[report.commentType]} report of <time dateTime={report.createdAt}>{day}</time>
        </Link>
      </h2>
      <p className={styles.byline}>
        Reported by <strong>{report.reporterName}</strong>. Verified on{" "}
        <time dateTime={report.publishedAt}>{formatReportDay(report.publishedAt)}</time>.
      </p>
      <dl className={styles.details}>
        <PlaceItems place={report.place} />
      </dl>
      <p className={styles.comment}>{report.comment}</p>
      <ReportMedia media={report.media} videoUrl={report.videoUrl} day={day} videoPreload="none" />
    </article>
  );
}
