import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { Link, T, useFailureText, useT } from "../../i18n";
import {
  correctionStatuses,
  sitePath,
  type CorrectionListAnswer,
  type CorrectionStatus,
  type CorrectionView,
} from "../../../domain/corrections/correction-rules";
import { formatNumber } from "../../../domain/format";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { ApiError } from "../../lib/api-client";
import { useSessionUser } from "../../lib/session";
import { useApiMutation, useApiQuery } from "../../lib/use-api";
import { ExternalLink } from "../../ui/ExternalLink";
import { ListPage } from "../../ui/ListPage";
import { correctionQueries, decideCorrection } from "./correction-api";
import styles from "./CorrectionReviews.module.css";

const received = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/**
 * The corrections section of the review area and of the data desk, for moderators, editors and admins
 * (nothing for anyone else). Moderators and admins accept or dismiss; editors and admins start a data desk
 * change from a state's or school's correction ("Start a change" opens the record's form with it). The
 * counts per status as buttons that show that status, a polite status line, and each correction with its
 * record, what is wrong, the source and the sender's e-mail; new ones can be accepted or dismissed. After
 * a decision the correction leaves the list and focus moves to the next one's heading (or the section's).
 */
export function CorrectionReviews() {
  const user = useSessionUser();
  if (!user || !can(user.role, "correction:read")) return null;
  return (
    <CorrectionQueue
      mayDecide={can(user.role, "correction:review")}
      mayStartChange={can(user.role, "data:propose")}
    />
  );
}

type Decision = { correction: CorrectionView; to: "accepted" | "dismissed" };

function CorrectionQueue({ mayDecide, mayStartChange }: { mayDecide: boolean; mayStartChange: boolean }) {
  const t = useT();
  const problemText = useFailureText("corrections");
  const ids = useId();
  const [status, setStatus] = useState<CorrectionStatus>("new");
  const [notice, setNotice] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<string | null | undefined>(undefined);
  const queryClient = useQueryClient();
  const list = useApiQuery({
    ...correctionQueries.list(status),
    // While another status loads, the list on screen stays (with its counts) until the new one comes.
    placeholderData: keepPreviousData,
  });
  // The counts of the list on screen, the one kept while another status loads included.
  const answer: CorrectionListAnswer | null = list.data ?? null;

  const decision = useApiMutation({
    mutationFn: ({ correction, to }: Decision) => decideCorrection(correction.id, to),
    onSuccess: (_result, { correction, to }) => {
      // The list on screen takes the decision in place (no second request on a slow connection); the
      // other statuses' lists are asked for anew when next shown.
      const { queryKey } = correctionQueries.list("new");
      const current = queryClient.getQueryData(queryKey);
      if (current) {
        const index = current.corrections.findIndex((item) => item.id === correction.id);
        const rest = current.corrections.filter((item) => item.id !== correction.id);
        focusNext.current = (rest[index] ?? rest[index - 1])?.id ?? null;
        queryClient.setQueryData(queryKey, {
          ...current,
          corrections: rest,
          counts: { ...current.counts, new: current.counts.new - 1, [to]: current.counts[to] + 1 },
        });
      }
      void queryClient.invalidateQueries({ queryKey: correctionQueries.all, refetchType: "none" });
      // The cache is read afresh by the render this causes: the notice and the shorter list come together.
      setNotice(t(`corrections.reviews.decided.${to}`, { name: correction.subjectName }));
    },
    onError: (error) => {
      // The server's reason when it gave one, else what failed.
      const fallback = t("corrections.reviews.decideFailed");
      setNotice(problemText(error, { network: fallback, other: fallback }));
      if (error instanceof ApiError && error.code === "CONFLICT") {
        focusNext.current = null;
        void list.refetch();
      }
    },
  });

  // A layout effect: focus moves in the same commit that removes the decided correction, so nobody (a
  // screen reader, a test) sees the list changed with focus left on a button that is gone.
  useLayoutEffect(() => {
    if (focusNext.current === undefined) return;
    const target = focusNext.current
      ? document.getElementById(`${ids}-${focusNext.current}`)
      : heading.current;
    target?.focus();
    focusNext.current = undefined;
  });

  const decide = (correction: CorrectionView, to: "accepted" | "dismissed") =>
    decision.mutate({ correction, to });

  return (
    <ListPage
      level={2}
      title={t("corrections.reviews.heading")}
      className={styles.section}
      query={list}
      keepPrevious
      headingRef={heading}
      words={{
        loading: t("corrections.reviews.loading"),
        failed: t("corrections.reviews.loadFailed"),
        retry: t("corrections.reviews.tryAgain"),
      }}
      intro={
        <>
          <p className={styles.intro}>{t("corrections.reviews.intro")}</p>
          <ul className={styles.filter} aria-label={t("corrections.reviews.byStatus")}>
            {correctionStatuses.map((option) => (
              <li key={option}>
                <button
                  type="button"
                  aria-pressed={status === option}
                  className={styles.filterButton}
                  onClick={() => setStatus(option)}
                >
                  {answer
                    ? t("corrections.reviews.statusCount", {
                        status: t(`corrections.reviews.status.${option}`),
                        count: formatNumber(answer.counts[option]),
                      })
                    : t(`corrections.reviews.status.${option}`)}
                </button>
              </li>
            ))}
          </ul>
        </>
      }
      summary={(shownAnswer) =>
        `${notice} ${t(`corrections.reviews.shown.${status}`, { count: formatNumber(shownAnswer.corrections.length) })}`.trim()
      }
    >
      {({ corrections: shown }) =>
        shown.length === 0 ? (
          <p>{t(`corrections.reviews.empty.${status}`)}</p>
        ) : (
          <ol className={styles.list}>
            {shown.map((correction) => (
              <li key={correction.id}>
                <article aria-labelledby={`${ids}-${correction.id}`} className={styles.card}>
                  <h3 id={`${ids}-${correction.id}`} tabIndex={-1} className={styles.cardTitle}>
                    <CorrectionTitle correction={correction} />
                  </h3>
                  <p className={styles.text}>{correction.whatIsWrong}</p>
                  <dl className={styles.facts}>
                    {correction.subject === "translation" ? (
                      <div>
                        <dt>{t("corrections.reviews.page")}</dt>
                        <dd>
                          <PageAddress page={correction.page ?? ""} />
                        </dd>
                      </div>
                    ) : (
                      <div>
                        <dt>{t("corrections.reviews.source")}</dt>
                        <dd>
                          {correction.sourceUrl ? (
                            <ExternalLink href={correction.sourceUrl}>{correction.sourceUrl}</ExternalLink>
                          ) : (
                            t("corrections.reviews.noneGiven")
                          )}
                        </dd>
                      </div>
                    )}
                    {mayDecide ? (
                      <div>
                        <dt>{t("corrections.reviews.email")}</dt>
                        <dd>
                          {correction.email ? (
                            <a href={`mailto:${correction.email}`}>{correction.email}</a>
                          ) : (
                            t("corrections.reviews.anonymous")
                          )}
                        </dd>
                      </div>
                    ) : null}
                    <div>
                      <dt>{t("corrections.reviews.received")}</dt>
                      <dd>
                        <time dateTime={correction.createdAt}>
                          {t("corrections.reviews.receivedAt", {
                            date: received.format(new Date(correction.createdAt)),
                          })}
                        </time>
                      </dd>
                    </div>
                  </dl>
                  {correction.changeId ? <p>{t("corrections.reviews.changePublished")}</p> : null}
                  {mayStartChange &&
                  correction.subject !== "translation" &&
                  correction.subjectId !== null &&
                  correction.status !== "dismissed" &&
                  correction.changeId === null ? (
                    <p>
                      <Link
                        to={`${paths.dataRecord(correction.subject, String(correction.subjectId))}?correction=${correction.id}`}
                      >
                        <T
                          id="corrections.reviews.startChange"
                          values={{ name: correction.subjectName }}
                          components={{ hidden: <span className="visually-hidden" /> }}
                        />
                      </Link>
                    </p>
                  ) : null}
                  {mayDecide && correction.status === "new" ? (
                    <div className={styles.actions}>
                      <DecisionButton
                        to="accepted"
                        name={correction.subjectName}
                        disabled={decision.isPending}
                        onDecide={() => decide(correction, "accepted")}
                      />
                      <DecisionButton
                        to="dismissed"
                        name={correction.subjectName}
                        disabled={decision.isPending}
                        onDecide={() => decide(correction, "dismissed")}
                      />
                    </div>
                  ) : null}
                </article>
              </li>
            ))}
          </ol>
        )
      }
    </ListPage>
  );
}

/** What each decision's button says, and how it looks: accepting is the main action, dismissing the second. */
const decisionButtons = {
  accepted: { id: "corrections.reviews.accept", className: "button" },
  dismissed: { id: "corrections.reviews.dismiss", className: "button button--secondary" },
} as const;

/** One decision's button; its words name the record, the part only a screen reader needs hidden from sight. */
function DecisionButton({
  to,
  name,
  disabled,
  onDecide,
}: {
  to: Decision["to"];
  name: string;
  disabled: boolean;
  onDecide: () => void;
}) {
  const { id, className } = decisionButtons[to];
  return (
    <button type="button" className={className} disabled={disabled} onClick={onDecide}>
      <T id={id} values={{ name }} components={{ hidden: <span className="visually-hidden" /> }} />
    </button>
  );
}

/** The card's heading: the record, linked to its page, or the translation's language. */
function CorrectionTitle({ correction }: { correction: CorrectionView }) {
  const t = useT();
  const { subject, subjectId, subjectName } = correction;
  if (subject === "translation" || subjectId === null) {
    return t("corrections.reviews.card.translation", { name: subjectName });
  }
  const to = subject === "state" ? paths.state(subjectId) : paths.school(subjectId);
  return (
    <T
      id={`corrections.reviews.card.${subject}`}
      values={{ name: subjectName }}
      components={{ link: <Link to={to} /> }}
    />
  );
}

/**
 * The page a translation mistake is on, as the sender gave it: an address on this site is a link, opened as
 * written (its language prefix included, not the reviewer's); anything else is shown as text, never linked.
 */
function PageAddress({ page }: { page: string }) {
  const onSite = sitePath(page);
  if (onSite) return <a href={onSite}>{page}</a>;
  return <span className={styles.address}>{page}</span>;
}
