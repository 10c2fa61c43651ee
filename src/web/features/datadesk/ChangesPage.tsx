import { keepPreviousData } from "@tanstack/react-query";
import { useLayoutEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Link, useFailureText, useT } from "../../i18n";
import { formatNumber } from "../../../domain/format";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { useSessionUser } from "../../lib/session";
import { useApiQuery } from "../../lib/use-api";
import { deskQueries } from "./datadesk-api";
import { ChangeCard } from "./ChangeCard";
import styles from "./DataDesk.module.css";

type View = "queue" | "mine";

/**
 * `/dashboard/data/changes`: the review queue (every proposed change, oldest first) and "My changes" (the
 * caller's own, with their decisions and rejection reasons), one at a time behind two pressed buttons that
 * the address keeps (`?view=mine`). A decision is announced in the page's live region and focus moves to
 * the list's heading, since the decided change may leave the list.
 */
export function ChangesPage() {
  const t = useT();
  const user = useSessionUser();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t("datadesk.changes.title")}</h1>
      {user && can(user.role, "data:propose") ? <Changes /> : <p>{t("datadesk.denied")}</p>}
    </div>
  );
}

function Changes() {
  const t = useT();
  const problemText = useFailureText("datadesk");
  const [params, setParams] = useSearchParams();
  const view: View = params.get("view") === "mine" ? "mine" : "queue";
  const [notice, setNotice] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const changes = useApiQuery({
    ...deskQueries.changes(view),
    placeholderData: keepPreviousData,
  });

  useLayoutEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  });

  const decided = (message: string) => {
    setNotice(message);
    focusHeading.current = true;
  };

  const answer = changes.isPlaceholderData ? null : changes.data;
  const loading = changes.isFetching && !answer;
  return (
    <>
      <p className={styles.intro}>{t("datadesk.changes.intro")}</p>
      <p>
        <Link to={paths.dataDesk()}>{t("datadesk.changes.backToDesk")}</Link>
      </p>
      <ul className={styles.tabs} aria-label={t("datadesk.changes.views")}>
        {(["queue", "mine"] as const).map((option) => (
          <li key={option}>
            <button
              type="button"
              className={styles.tabButton}
              aria-pressed={view === option}
              onClick={() => {
                setNotice("");
                setParams(option === "mine" ? new URLSearchParams({ view: "mine" }) : new URLSearchParams());
              }}
            >
              {t(`datadesk.changes.view.${option}`)}
            </button>
          </li>
        ))}
      </ul>
      <h2 ref={heading} tabIndex={-1} className={styles.cardTitle}>
        {t(`datadesk.changes.view.${view}`)}
      </h2>
      <p role="status">
        {loading
          ? t("datadesk.changes.loading")
          : answer
            ? `${notice} ${t(`datadesk.changes.count.${view}`, { count: answer.changes.length, shown: formatNumber(answer.changes.length) })}`.trim()
            : notice}
      </p>
      {changes.failure && !changes.isFetching ? (
        <div role="alert" className={styles.failed}>
          <p>{problemText(changes.failure)}</p>
          <button type="button" className="button" onClick={() => void changes.refetch()}>
            {t("datadesk.retry")}
          </button>
        </div>
      ) : null}
      {answer ? (
        <ol className={styles.list}>
          {answer.changes.map((change) => (
            <li key={change.id}>
              <ChangeCard change={change} onDecided={decided} />
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
