import { historyPaths } from "../../../domain/datadesk/history";
import { paths } from "../../../domain/routes";
import { Link, T, useT } from "../../i18n";
import { Pager } from "../../ui/Pager";
import { FeedLinks } from "./FeedLinks";
import { ChangeEntries, recordPath } from "./ChangeEntries";
import type { RecordHistoryAnswer } from "./history-api";
import { changesSearch } from "./history-query";
import { dayOf, type HistoryDays } from "./history-text";
import styles from "./HistoryPage.module.css";

// /states/{id}/history and /schools/{id}/history: every published change to the record, newest
// first, and when it was first published. The seed (version 1) is not an entry: it changed nothing, so it is
// the page's last line ("First published on … from the Atlas's original data"), not a change among changes.

export function recordFeedAddresses(answer: Pick<RecordHistoryAnswer, "kind" | "record_id" | "state_id">) {
  const state = answer.state_id ? changesSearch({ stateId: answer.state_id }) : "";
  return {
    json: historyPaths.recordHistory(answer.kind, answer.record_id),
    // A state's changes and its schools'; a school's are among its state's.
    atom: `${historyPaths.changesAtom}${state}`,
  };
}

export function RecordHistoryPage({ answer, days }: { answer: RecordHistoryAnswer; days: HistoryDays }) {
  const t = useT();
  const historyPath =
    answer.kind === "school" ? paths.schoolHistory(answer.record_id) : paths.stateHistory(answer.record_id);
  const feeds = recordFeedAddresses(answer);
  return (
    <div className={`container ${styles.page}`}>
      <p>
        <Link to={recordPath(answer.kind, answer.record_id)}>
          <T
            id={answer.kind === "school" ? "history.record.backToSchool" : "history.record.backToState"}
            values={{ name: answer.record_name }}
          />
        </Link>
      </p>
      {/* A record's name is a proper name: read as it is in every language (WCAG 3.1.2's exception). */}
      <h1 className={styles.title}>{t("history.record.title", { name: answer.record_name })}</h1>
      <p className={styles.lead}>{t("history.record.intro")}</p>

      <section aria-labelledby="record-changes-heading">
        <h2 id="record-changes-heading">{t("history.listHeading", { count: answer.meta.total })}</h2>
        {answer.data.length === 0 ? (
          <p>{t("history.empty")}</p>
        ) : (
          <ChangeEntries entries={answer.data} days={days} headingLevel={3} showRecord={false} />
        )}
        <Pager
          label={t("history.pagerLabel")}
          page={answer.meta.page}
          lastPage={answer.meta.last_page}
          linkTo={(page) => (page > 1 ? `${historyPath}?page=${page}` : historyPath)}
        />
      </section>

      {answer.first_published ? (
        <p className={styles.firstPublished}>
          <T
            id="history.record.firstPublished"
            components={{
              time: <time dateTime={answer.first_published}>{dayOf(days, answer.first_published)}</time>,
            }}
          />
        </p>
      ) : null}
      <p className={styles.feeds}>
        <Link to={paths.changes(answer.state_id ? changesSearch({ stateId: answer.state_id }) : "")}>
          {t("history.record.allChanges")}
        </Link>
      </p>
      <FeedLinks atom={feeds.atom} json={feeds.json} />
    </div>
  );
}
