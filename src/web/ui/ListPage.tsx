import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from "react";
import { useFailureText } from "../i18n/failure-text";
import { ApiError } from "../lib/api-client";
import { SpinnerIcon } from "./Spinner";
import styles from "./ListPage.module.css";

/** What the shell reads of a list's query (useApiQuery's answer, or two queries put together). */
export interface ListQuery<T> {
  data: T | undefined;
  status: "pending" | "error" | "success";
  isFetching: boolean;
  isPlaceholderData: boolean;
  /** The failure to show: never a 401 (useApiQuery leaves that out; the signed-in area leaves). */
  failure: Error | null;
  refetch: () => unknown;
}

/** The page's words for the shell's states, from the page's own catalogue. */
export interface ListPageWords {
  /** The status line while the list loads ("Loading your reports…"). */
  loading: string;
  /** The failure box's first sentence ("We could not load your reports."); without it, the failure's own. */
  failed?: string;
  retry: string;
  /** Said instead of the list to someone who may not read it, or when the server answers 403. */
  denied?: string;
}

export interface ListPageProps<T> {
  title: string;
  /**
   * 1: the page's own list, under its h1. 2: a list that is a section of another page (the corrections
   * below the review queue), a <section> named by its h2.
   */
  level?: 1 | 2;
  query: ListQuery<T>;
  words: ListPageWords;
  /** False when the viewer's role may not read the list: the denied sentence, and the page asks nothing. */
  allowed?: boolean;
  /** While another view loads, the last one stays on screen (marked busy by the page); else it is hidden. */
  keepPrevious?: boolean;
  /** Between the heading and the status line: the introduction, the filters. */
  intro?: ReactNode;
  /** What the status line says once the list is here ("You have sent 3 reports"). */
  summary?: (data: T) => ReactNode;
  /** The rows. */
  children: (data: T) => ReactNode;
  /** The heading takes focus once the list or its failure is shown for a new value of this (a page). */
  focusOn?: unknown;
  /** The page's own handle on the heading, for focus moves of its own (after a decision). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  className?: string;
}

/**
 * A list page (the signed-in lists, and the public list of verified reports), or a list section of another
 * page (level 2): its heading (focusable, so navigation, Retry and a new page start reading there), a
 * polite status line (loading, then the page's summary), the failure box with Retry (the failure said in
 * the page's language), the denied sentence for a viewer the list is not for (a 403 included), and the
 * rows. A list being refreshed stays on screen; a Retry shows the loading state until its answer.
 */
export function ListPage<T>({
  title,
  level = 1,
  query,
  words,
  allowed = true,
  keepPrevious = false,
  intro,
  summary,
  children,
  focusOn,
  headingRef,
  className,
}: ListPageProps<T>) {
  const failureText = useFailureText();
  const ownHeading = useRef<HTMLHeadingElement>(null);
  const heading = headingRef ?? ownHeading;
  const focusedFor = useRef(focusOn);
  const headingId = useId();

  const failure = query.failure && !query.isFetching ? query.failure : null;
  const own = query.status === "success" && !query.isPlaceholderData;
  const data = !failure && query.status === "success" && (own || keepPrevious) ? (query.data ?? null) : null;
  const loading = !failure && !(own && data !== null);
  const denied =
    !allowed || (words.denied !== undefined && failure instanceof ApiError && failure.status === 403);

  useLayoutEffect(() => {
    if (!((own && data !== null) || failure) || focusedFor.current === focusOn) return;
    focusedFor.current = focusOn;
    heading.current?.focus();
  }, [own, data, failure, focusOn, heading]);

  const retry = () => {
    heading.current?.focus();
    void query.refetch();
  };

  const Heading = level === 1 ? "h1" : "h2";
  const Frame = level === 1 ? "div" : "section";
  return (
    <Frame className={className} aria-labelledby={level === 1 ? undefined : headingId}>
      <Heading
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className={styles[level === 1 ? "title" : "sectionTitle"]}
      >
        {title}
      </Heading>
      {denied ? (
        <p className={styles.denied}>{words.denied}</p>
      ) : (
        <>
          {intro}
          <p role="status" className={styles.status}>
            {loading ? (
              <>
                <SpinnerIcon />
                {words.loading}
              </>
            ) : data !== null && summary ? (
              summary(data)
            ) : null}
          </p>
          {failure ? (
            <div className={styles.failed} role="alert">
              {words.failed === undefined ? (
                <p>{failureText(failure)}</p>
              ) : (
                <>
                  <p>{words.failed}</p>
                  <FailureDetail failure={failure} />
                </>
              )}
              <button type="button" className="button" onClick={retry}>
                {words.retry}
              </button>
            </div>
          ) : data !== null ? (
            children(data)
          ) : null}
        </>
      )}
    </Frame>
  );
}

/** What the server said about a failure, besides the page's sentence, in the page's language. */
export function FailureDetail({ failure }: { failure: unknown }) {
  const failureText = useFailureText();
  // The server's problem, or that no answer came; a bare 5xx adds nothing to the page's sentence.
  const told = failure instanceof ApiError && (failure.problem !== undefined || failure.status === 0);
  return told ? <p>{failureText(failure)}</p> : null;
}
