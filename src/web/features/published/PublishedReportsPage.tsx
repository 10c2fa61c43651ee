import { useState } from "react";
import { useSearchParams } from "react-router";
import { T, useT, type Translate } from "../../i18n";
import { Link } from "../../i18n/links";
import { formatNumber } from "../../../domain/format";
import { describePlace, todayInNigeria } from "../../../domain/reports/report-place";
import { stateLgas } from "../../../domain/reports/report-lgas";
import { ANONYMOUS_REPORTER, type PublishedReportView } from "../../../domain/reports/review-rules";
import { paths } from "../../../domain/routes";
import { useApiQuery } from "../../lib/use-api";
import { Pager } from "../../ui/Pager";
import { ListPage } from "../../ui/ListPage";
import { useHydrated } from "../../ui/useHydrated";
import { publishedQueries, type PublishedAnswer } from "./published-api";
import { PublishedFilters } from "./PublishedFilters";
import {
  everyPublished,
  PlaceItems,
  publishedQueryFrom,
  publishedSearch,
  ReportMedia,
  useReportDates,
  type PublishedQuery,
  type ReportDates,
} from "../report-shared";
import styles from "./PublishedReportsPage.module.css";

// Kept light for slow phones: no form library, no schema code, nothing of the dashboard.

/**
 * The public page of verified eyewitness reports, prerendered with its introduction and filter;
 * the reports are fetched in the browser, newest first. The comment-type filter is a GET form, so it works
 * even before the page's script has run; the type and page live in the address (read once hydrated, so the
 * first render matches the prerendered HTML). The list page's shell says "Loading verified reports…", then
 * how many there are, or the failure with Retry. Each report is an article named by its heading,
 * with the reporter's first name or "Anonymous" (never a last name or an e-mail). After Previous, Next or
 * Retry, focus goes to the page heading.
 */
export function PublishedReportsPage() {
  const t = useT();
  const dates = useReportDates();
  const hydrated = useHydrated();
  const [searchParams, setSearchParams] = useSearchParams();
  const query: PublishedQuery = hydrated ? publishedQueryFrom(searchParams) : everyPublished;
  const published = useApiQuery({ ...publishedQueries.list(publishedSearch(query)), enabled: hydrated });
  // Previous, Next and "the first page": the heading takes focus once the page asked for is shown.
  const [turns, setTurns] = useState(0);

  return (
    <ListPage
      className={`container ${styles.page}`}
      title={t("published.title")}
      query={published}
      words={{
        loading: t("published.loading"),
        failed: t("published.loadFailed"),
        retry: t("published.retry"),
      }}
      focusOn={turns}
      intro={
        <>
          <p className={styles.lead}>{t("published.lead")}</p>
          <p>
            <T id="published.privacy" components={{ link: <Link to={paths.eyewitness()} /> }} />
          </p>
          <PublishedFilters
            query={query}
            today={hydrated ? todayInNigeria(new Date()) : undefined}
            onShow={(chosen) => setSearchParams(new URLSearchParams(publishedSearch({ ...chosen, page: 1 })))}
          />
        </>
      }
      summary={(answer) => summary(t, dates, query, answer)}
    >
      {(answer) => <Reports answer={answer} query={query} onPage={() => setTurns((turn) => turn + 1)} />}
    </ListPage>
  );
}

/** What the filters ask for, as the values of the summary's message ("of the type Barrier from Ikeja, Lagos…"). */
function filterValues(
  t: Translate,
  dates: ReportDates,
  { commentType, stateId, lga, from, to }: PublishedQuery,
) {
  const state = stateId ? stateLgas(stateId) : undefined;
  return {
    hasType: commentType ? "yes" : "no",
    type: commentType ? t(`common.commentType.${commentType}`) : "",
    hasPlace: state ? "yes" : "no",
    place: state ? describePlace({ state: state.state, lga, place: null }) : "",
    when: from && to ? "range" : from ? "from" : to ? "until" : "none",
    from: from ? dates.occurredOn(from) : "",
    to: to ? dates.occurredOn(to) : "",
  };
}

function summary(t: Translate, dates: ReportDates, query: PublishedQuery, { meta }: PublishedAnswer): string {
  const values = filterValues(t, dates, query);
  if (meta.total === 0) return t("published.summary.none", values);
  const count = t("published.summary.count", { ...values, count: meta.total });
  return meta.last_page > 1
    ? `${count} ${t("published.summary.page", { page: formatNumber(meta.page), lastPage: formatNumber(meta.last_page) })}`
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
  const t = useT();
  const { total, page, last_page: lastPage } = answer.meta;
  if (total === 0) {
    return publishedSearch(query) !== "" ? (
      <p>
        <Link to={paths.publishedReports()}>{t("published.showEvery")}</Link>
      </p>
    ) : null;
  }
  return (
    <>
      {answer.reports.length === 0 ? (
        <p>
          {t("published.emptyPage")}{" "}
          <Link to={{ search: publishedSearch({ ...query, page: 1 }) }} onClick={onPage}>
            {t("published.goToFirstPage")}
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
        label={t("published.pagerLabel")}
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
  const t = useT();
  const dates = useReportDates();
  const headingId = `published-${report.id}`;
  const day = dates.day(report.createdAt);
  return (
    <article className={styles.report} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.reportTitle}>
        <Link to={paths.publishedReport(report.id)}>
          <T
            id="published.reportHeading"
            values={{ type: t(`common.commentType.${report.commentType}`), day }}
            components={{ time: <time dateTime={report.createdAt} /> }}
          />
        </Link>
      </h2>
      <Byline report={report} />
      <dl className={styles.details}>
        <PlaceItems place={report.place} />
      </dl>
      <p className={styles.comment}>{report.comment}</p>
      <ReportMedia media={report.media} videoUrl={report.videoUrl} day={day} videoPreload="none" />
    </article>
  );
}

/** "Reported by Ada. Verified on 21 November 2026.": the reporter's first name is content, shown as written. */
export function Byline({ report }: { report: PublishedReportView }) {
  const t = useT();
  const dates = useReportDates();
  const name =
    report.reporterName === ANONYMOUS_REPORTER ? t("published.anonymousReporter") : report.reporterName;
  return (
    <p className={styles.byline}>
      <T
        id="published.byline"
        values={{ name, day: dates.day(report.publishedAt) }}
        components={{ strong: <strong />, time: <time dateTime={report.publishedAt} /> }}
      />
    </p>
  );
}
