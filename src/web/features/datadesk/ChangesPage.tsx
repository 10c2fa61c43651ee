import { keepPreviousData } from "@tanstack/react-query";
import { useLayoutEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Link, useT } from "../../i18n";
import { formatNumber } from "../../../domain/format";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { useSessionUser } from "../../lib/session";
import { useApiQuery } from "../../lib/use-api";
import { ListPage } from "../../ui/ListPage";
import { deskQueries } from "./datadesk-api";
import { ChangeCard } from "./ChangeCard";
import styles from "./DataDesk.module.css";

type View = "queue" | "mine";

/**
 * `/dashboard/data/changes`: the review queue (every proposed change, oldest first) and "My changes" (the
 * caller's own, with their decisions and rejection reasons), one at a time behind two pressed buttons that
 * the address keeps (`?view=mine`), in the list page's shell. A decision is announced in the status line and
 * focus moves to the list's heading, since the decided change may leave the list.
 */
export function ChangesPage() {
  const t = useT();
  const user = useSessionUser();
  const allowed = user !== null && can(user.role, "data:propose");
  const [params, setParams] = useSearchParams();
  const view: View = params.get("view") === "mine" ? "mine" : "queue";
  const [notice, setNotice] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const changes = useApiQuery({
    ...deskQueries.changes(view),
    enabled: allowed,
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

  return (
    <ListPage
      className={styles.page}
      title={t("datadesk.changes.title")}
      query={changes}
      allowed={allowed}
      words={{
        loading: t("datadesk.changes.loading"),
        retry: t("datadesk.retry"),
        denied: t("datadesk.denied"),
      }}
      intro={
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
                    setParams(
                      option === "mine" ? new URLSearchParams({ view: "mine" }) : new URLSearchParams(),
                    );
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
        </>
      }
      summary={(answer) =>
        `${notice} ${t(`datadesk.changes.count.${view}`, { count: answer.changes.length, shown: formatNumber(answer.changes.length) })}`.trim()
      }
    >
      {(answer) => (
        <ol className={styles.list}>
          {answer.changes.map((change) => (
            <li key={change.id}>
              <ChangeCard change={change} onDecided={decided} />
            </li>
          ))}
        </ol>
      )}
    </ListPage>
  );
}
