import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useLayoutEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useT } from "../../i18n";
import { Link } from "../../i18n/links";
import { formatNumber } from "../../../domain/format";
import { can } from "../../../domain/permissions";
import { commentTypes, reportStatuses, type ReportStatus } from "../../../domain/reports/report-rules";
import type { ReviewCounts, ReviewReportView } from "../../../domain/reports/review-rules";
import { useApiQuery } from "../../lib/use-api";
import { useSessionUser } from "../../lib/session";
import { Pager } from "../../ui/Pager";
import { ListPage } from "../../ui/ListPage";
import { stateLgas } from "../../../domain/reports/report-lgas";
import {
  commentTypeFrom,
  reviewQueryFrom,
  reviewSearch,
  stateChoices,
  stateIdFrom,
  useRefreshOnReturn,
  type ReviewQuery,
} from "../report-shared";
import { publishedQueries } from "../published";
import { reviewQueries, type ReviewsAnswer } from "./review-api";
import { ReviewCard, reviewHeadingId } from "./ReviewCard";
import { queueSummary } from "./review-text";
import styles from "./ReviewsPage.module.css";

/** Where focus goes once the list on screen is the one asked for. */
type FocusTarget = { reportId: string | null; afterLoad: boolean };

/**
 * Reviews, for moderators and admins: everyone else sees the 'Access Denied' sentence and no request is
 * sent. Renders inside the dashboard's main landmark, so it starts with its h1 (the list page's shell, which
 * also says loading and failure with Retry).
 *
 * The queue: counts per status as the status filter (links, the current one aria-current="page"), a
 * comment-type filter, a polite status line (loading, then how many reports), and the reports as articles,
 * pending ones oldest first, with Previous and Next links. Filters and page live in the address.
 *
 * After a decision the report leaves the list, the counts follow, and focus moves to the next report's
 * heading (else the previous one's, else the page heading). On a conflict (another reviewer decided first)
 * the list is reloaded and focus returns to that report, or to the page heading if it left the list.
 * After Previous, Next or Retry, focus goes to the page heading.
 */
export function ReviewsPage() {
  const t = useT();
  const user = useSessionUser();
  const allowed = user !== null && can(user.role, "report:review");
  const [searchParams, setSearchParams] = useSearchParams();
  const query = reviewQueryFrom(searchParams);
  const queryClient = useQueryClient();
  const reviews = useApiQuery({
    ...reviewQueries.list(reviewSearch(query)),
    enabled: allowed,
    // While another view loads, its counts stay in the status filter; its list is not shown.
    placeholderData: keepPreviousData,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const focusTarget = useRef<FocusTarget | null>(null);
  const latestQuery = useRef(query);
  useEffect(() => {
    latestQuery.current = query;
  });

  const { refetch } = reviews;
  useRefreshOnReturn(reviews.dataUpdatedAt, () => void refetch());

  const ownData = !reviews.isPlaceholderData;
  // A 401 leaves the list page in its loading state: the session has ended and the dashboard leaves.
  const fresh = ownData && !reviews.isFetching && !(reviews.isError && !reviews.failure);
  const answer = ownData && reviews.status === "success" ? reviews.data : null;
  const failure = !reviews.isFetching ? reviews.failure : null;
  const counts: ReviewCounts | null = reviews.data?.counts ?? null;
  const current = answer ?? failure;

  useLayoutEffect(() => {
    const target = focusTarget.current;
    if (!target || !current || (target.afterLoad && !fresh)) return;
    focusTarget.current = null;
    const reportHeading = target.reportId ? document.getElementById(reviewHeadingId(target.reportId)) : null;
    (reportHeading ?? heading.current)?.focus();
  }, [current, fresh]);

  const reload = (reportId: string | null) => {
    focusTarget.current = { reportId, afterLoad: true };
    void refetch();
  };

  // The list on screen takes the decision's answer in place (no second request on a slow connection);
  // every other view's list and counts, and what the public reads, are asked for anew when next shown.
  const otherViewsChanged = () => {
    void queryClient.invalidateQueries({ queryKey: reviewQueries.all, refetchType: "none" });
    void queryClient.invalidateQueries({ queryKey: publishedQueries.all });
  };

  /** A change to what goes public: the report is shown as the server now has it, in the same place. */
  const showChanged = (updated: ReviewReportView) => {
    const { queryKey } = reviewQueries.list(reviewSearch(latestQuery.current));
    const shown = queryClient.getQueryData(queryKey);
    if (!shown) return reload(updated.id);
    queryClient.setQueryData(queryKey, {
      ...shown,
      reports: shown.reports.map((item) => (item.id === updated.id ? updated : item)),
    });
    void queryClient.invalidateQueries({ queryKey: publishedQueries.all });
  };

  const showDecided = (report: ReviewReportView, updated: ReviewReportView) => {
    // Read the latest list, not the one of the render where the decision started: decisions on several
    // reports may be under way at once, and the reviewer may have moved to another view.
    const view = latestQuery.current;
    const { queryKey } = reviewQueries.list(reviewSearch(view));
    const shown = queryClient.getQueryData(queryKey);
    const index = shown ? shown.reports.findIndex((item) => item.id === report.id) : -1;
    if (!shown || index < 0 || updated.status === view.status) return reload(updated.id);
    const reports = shown.reports.filter((item) => item.id !== report.id);
    const total = Math.max(0, shown.meta.total - 1);
    const next = reports[index] ?? reports[index - 1] ?? null;
    const nextCounts: ReviewCounts = {
      ...shown.counts,
      [report.status]: Math.max(0, shown.counts[report.status] - 1),
      [updated.status]: shown.counts[updated.status] + 1,
    };
    queryClient.setQueryData(queryKey, {
      ...shown,
      reports,
      counts: nextCounts,
      meta: { ...shown.meta, total },
    });
    otherViewsChanged();
    if (reports.length === 0 && total > 0) {
      // The page is empty but others remain: show the page that now holds them.
      focusTarget.current = { reportId: null, afterLoad: true };
      if (view.page > 1) setSearchParams(new URLSearchParams(reviewSearch({ ...view, page: view.page - 1 })));
      else void refetch();
      return;
    }
    focusTarget.current = { reportId: next?.id ?? null, afterLoad: false };
  };

  return (
    <ListPage
      className={styles.page}
      title={t("reviews.title")}
      query={reviews}
      allowed={allowed}
      headingRef={heading}
      words={{
        loading: t("reviews.loading"),
        failed: t("reviews.loadFailed"),
        retry: t("reviews.retry"),
        denied: t("reviews.accessDenied"),
      }}
      intro={
        <>
          <p className={styles.intro}>{t("reviews.intro")}</p>
          <StatusFilter query={query} counts={counts} />
          <QueueFilter
            query={query}
            onChange={(chosen) =>
              setSearchParams(new URLSearchParams(reviewSearch({ ...query, ...chosen, page: 1 })))
            }
          />
        </>
      }
      summary={(shown) =>
        queueSummary(
          t,
          query.status,
          query.commentType,
          shown.meta,
          query.stateId ? stateLgas(query.stateId)?.state : undefined,
        )
      }
    >
      {(shown) => (
        <Queue
          answer={shown}
          query={query}
          busy={!fresh}
          onDecided={showDecided}
          onStale={(report) => reload(report.id)}
          onChanged={showChanged}
          onPage={() => (focusTarget.current = { reportId: null, afterLoad: true })}
        />
      )}
    </ListPage>
  );
}

function StatusFilter({ query, counts }: { query: ReviewQuery; counts: ReviewCounts | null }) {
  const t = useT();
  return (
    <nav aria-label={t("reviews.statusNav")} className={styles.statusFilter}>
      <ul>
        {reportStatuses.map((status: ReportStatus) => (
          <li key={status}>
            <Link
              to={{ search: reviewSearch({ ...query, status, page: 1 }) }}
              aria-current={status === query.status ? "page" : undefined}
              className={styles.statusLink}
            >
              {counts
                ? t("reviews.statusFilter.withCount", {
                    status: t(`reviews.statusFilter.${status}`),
                    count: formatNumber(counts[status]),
                  })
                : t(`reviews.statusFilter.${status}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The comment type and the state, each a select, and a Show button (the list changes only on Show, never
 * while arrowing through the options). The selects follow the address, so Back shows what it names.
 */
function QueueFilter({
  query,
  onChange,
}: {
  query: ReviewQuery;
  onChange: (chosen: Pick<ReviewQuery, "commentType" | "stateId">) => void;
}) {
  const t = useT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : null;
    };
    onChange({ commentType: commentTypeFrom(text("commentType")), stateId: stateIdFrom(text("state")) });
  };
  return (
    <form className={styles.typeFilter} onSubmit={submit} aria-label={t("reviews.filters.label")}>
      <div className={styles.typeRow}>
        <div className={styles.filterField}>
          <label htmlFor="review-comment-type" className={styles.typeLabel}>
            {t("reviews.filters.commentType")}
          </label>
          <select
            key={query.commentType ?? ""}
            id="review-comment-type"
            name="commentType"
            defaultValue={query.commentType ?? ""}
            className={styles.typeSelect}
          >
            <option value="">{t("reviews.filters.allTypes")}</option>
            {commentTypes.map((type) => (
              <option key={type} value={type}>
                {t(`common.commentType.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterField}>
          <label htmlFor="review-state" className={styles.typeLabel}>
            {t("reviews.filters.state")}
          </label>
          <select
            key={query.stateId ?? ""}
            id="review-state"
            name="state"
            defaultValue={query.stateId ? String(query.stateId) : ""}
            className={styles.typeSelect}
          >
            <option value="">{t("reviews.filters.allStates")}</option>
            {stateChoices.map((choice) => (
              <option key={choice.stateId} value={String(choice.stateId)}>
                {choice.state}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          {t("reviews.filters.show")}
        </button>
      </div>
    </form>
  );
}

interface QueueProps {
  answer: ReviewsAnswer;
  query: ReviewQuery;
  busy: boolean;
  onDecided: (report: ReviewReportView, updated: ReviewReportView) => void;
  onStale: (report: ReviewReportView) => void;
  onChanged: (updated: ReviewReportView) => void;
  onPage: () => void;
}

function Queue({ answer, query, busy, onDecided, onStale, onChanged, onPage }: QueueProps) {
  const t = useT();
  const { total, page, last_page: lastPage } = answer.meta;
  if (total === 0) return null;
  if (answer.reports.length === 0) {
    // Emptied by decisions and being reloaded: the next list follows.
    if (busy) return null;
    return (
      <p>
        {t("reviews.emptyPage")}{" "}
        <Link to={{ search: reviewSearch({ ...query, page: 1 }) }} onClick={onPage}>
          {t("reviews.goToFirstPage")}
        </Link>
      </p>
    );
  }
  return (
    <>
      <ol className={styles.list} aria-busy={busy || undefined}>
        {answer.reports.map((report) => (
          // Keyed by status too: a report reloaded in another status starts with an empty note.
          <li key={`${report.id}:${report.status}`}>
            <ReviewCard report={report} onDecided={onDecided} onStale={onStale} onChanged={onChanged} />
          </li>
        ))}
      </ol>
      <Pager
        label={t("reviews.pagerLabel")}
        page={page}
        lastPage={lastPage}
        linkTo={(to) => ({ search: reviewSearch({ ...query, page: to }) })}
        onPage={onPage}
      />
    </>
  );
}
