import { Form } from "react-router";
import { historyPaths } from "../../../domain/datadesk/history";
import { paths } from "../../../domain/routes";
import { useLocalizePath, useT } from "../../i18n";
import { Pager } from "../../ui/Pager";
import { FeedLinks } from "./FeedLinks";
import { ChangeEntries } from "./ChangeEntries";
import type { HistoryDays } from "./history-text";
import type { PublishedChangesAnswer } from "./history-api";
import { changesSearch, historyKinds, stateChoices, type ChangesFilter } from "./history-query";
import styles from "./HistoryPage.module.css";

// /changes: every published change, newest first, filtered by state and kind with a GET form
// (a real <form>: it works before the app has loaded, and the address keeps the filter), paged with links,
// with the Atom and JSON feeds of the same filter.

export function feedAddresses(filter: Pick<ChangesFilter, "stateId" | "kind">) {
  const query = changesSearch({ stateId: filter.stateId, kind: filter.kind });
  return { atom: `${historyPaths.changesAtom}${query}`, json: `${historyPaths.changesJson}${query}` };
}

export function ChangesPage({
  answer,
  filter,
  days,
}: {
  answer: PublishedChangesAnswer;
  filter: ChangesFilter;
  /** The publications' days in words (the loader's historyDays). */
  days: HistoryDays;
}) {
  const t = useT();
  const localize = useLocalizePath();
  const feeds = feedAddresses(filter);
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>{t("history.changes.title")}</h1>
      <p className={styles.lead}>{t("history.changes.intro")}</p>

      <Form
        method="get"
        action={localize(paths.changes())}
        className={styles.filter}
        aria-labelledby="changes-filter"
      >
        <h2 id="changes-filter">{t("history.filters.heading")}</h2>
        <div className={styles.filterGrid}>
          <div className={styles.filterField}>
            <label htmlFor="changes-state" className={styles.filterLabel}>
              {t("history.filters.state")}
            </label>
            <select id="changes-state" name="state" defaultValue={filter.stateId ?? ""}>
              <option value="">{t("history.filters.allStates")}</option>
              {stateChoices.map((choice) => (
                <option key={choice.stateId} value={String(choice.stateId)}>
                  {choice.state}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.filterField}>
            <label htmlFor="changes-kind" className={styles.filterLabel}>
              {t("history.filters.kind")}
            </label>
            <select id="changes-kind" name="kind" defaultValue={filter.kind ?? ""}>
              <option value="">{t("history.filters.allKinds")}</option>
              {historyKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`history.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" className={`button ${styles.filterButton}`}>
          {t("history.filters.apply")}
        </button>
      </Form>

      <FeedLinks atom={feeds.atom} json={feeds.json} />

      <section aria-labelledby="changes-list-heading">
        <h2 id="changes-list-heading">{t("history.listHeading", { count: answer.meta.total })}</h2>
        {answer.data.length === 0 ? (
          <p>{t("history.empty")}</p>
        ) : (
          <ChangeEntries entries={answer.data} days={days} headingLevel={3} showRecord />
        )}
        <Pager
          label={t("history.pagerLabel")}
          page={answer.meta.page}
          lastPage={answer.meta.last_page}
          linkTo={(page) => paths.changes(changesSearch({ ...filter, page }))}
        />
      </section>
    </div>
  );
}
