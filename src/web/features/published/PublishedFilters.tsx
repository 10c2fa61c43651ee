import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { commentTypes } from "../../../domain/reports/report-rules";
import { EARLIEST_OCCURRED_ON } from "../../../domain/reports/report-place";
import { stateLgas } from "../../../domain/reports/report-lgas";
import { paths } from "../../../domain/routes";
import { useT } from "../../i18n";
import {
  commentTypeFrom,
  dayFrom,
  publishedSearch,
  stateChoices,
  stateIdFrom,
  type PublishedQuery,
} from "../report-shared";
import styles from "./PublishedReportsPage.module.css";

export const filterIds = {
  commentType: "published-comment-type",
  state: "published-state",
  lga: "published-lga",
  from: "published-from",
  to: "published-to",
} as const;

type Chosen = Omit<PublishedQuery, "page">;

/** What each control holds: the text of its value. */
interface Fields {
  commentType: string;
  state: string;
  lga: string;
  from: string;
  to: string;
}

function fieldsOf(query: PublishedQuery): Fields {
  return {
    commentType: query.commentType ?? "",
    state: query.stateId ? String(query.stateId) : "",
    lga: query.lga ?? "",
    from: query.from ?? "",
    to: query.to ?? "",
  };
}

export interface PublishedFiltersProps {
  query: PublishedQuery;
  onShow: (chosen: Chosen) => void;
  /** Today in Nigeria, the latest day to offer; left out of the prerendered page, made on another day. */
  today?: string;
}

/**
 * The public list's filters: comment type, state, local government area (offered once a state is chosen,
 * listing only its LGAs) and the range of dates it happened. A GET form, so it works before the page's
 * script has run; once hydrated the list changes only on "Show reports", never while choosing. The controls
 * follow the address, so Back shows the filters it names.
 */
export function PublishedFilters({ query, onShow, today }: PublishedFiltersProps) {
  const queryKey = publishedSearch(query);
  const [fields, setFields] = useState(() => fieldsOf(query));
  const [shownKey, setShownKey] = useState(queryKey);
  const t = useT();
  const [rangeError, setRangeError] = useState<boolean>(false);
  const toInput = useRef<HTMLInputElement>(null);
  // Another address (Back, a link): the filters show what it names.
  if (shownKey !== queryKey) {
    setShownKey(queryKey);
    setFields(fieldsOf(query));
  }
  const state = stateLgas(Number(fields.state));
  const set = (name: keyof Fields) => (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
    const value = event.target.value;
    // Another state: its own LGAs, none chosen yet.
    setFields((current) =>
      name === "state" ? { ...current, state: value, lga: "" } : { ...current, [name]: value },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const from = dayFrom(fields.from);
    const to = dayFrom(fields.to);
    if (from && to && from > to) {
      setRangeError(true);
      toInput.current?.focus();
      return;
    }
    setRangeError(false);
    const stateId = stateIdFrom(fields.state);
    onShow({
      commentType: commentTypeFrom(fields.commentType),
      stateId,
      lga: stateId ? fields.lga || null : null,
      from,
      to,
    });
  };

  return (
    <form
      method="get"
      action={paths.publishedReports()}
      className={styles.filter}
      onSubmit={submit}
      aria-label={t("published.filters.label")}
    >
      <div className={styles.filterGrid}>
        <div className={styles.filterField}>
          <label htmlFor={filterIds.commentType} className={styles.filterLabel}>
            {t("published.filters.commentType")}
          </label>
          <select
            id={filterIds.commentType}
            name="commentType"
            value={fields.commentType}
            onChange={set("commentType")}
            className={styles.select}
          >
            <option value="">{t("published.filters.allTypes")}</option>
            {commentTypes.map((type) => (
              <option key={type} value={type}>
                {t(`common.commentType.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterField}>
          <label htmlFor={filterIds.state} className={styles.filterLabel}>
            {t("published.filters.state")}
          </label>
          <select
            id={filterIds.state}
            name="state"
            value={fields.state}
            onChange={set("state")}
            className={styles.select}
          >
            <option value="">{t("published.filters.allStates")}</option>
            {stateChoices.map((choice) => (
              <option key={choice.stateId} value={String(choice.stateId)}>
                {choice.state}
              </option>
            ))}
          </select>
        </div>
        {state ? (
          <div className={styles.filterField}>
            <label htmlFor={filterIds.lga} className={styles.filterLabel}>
              {t("published.filters.lga")}
            </label>
            <select
              id={filterIds.lga}
              name="lga"
              value={fields.lga}
              onChange={set("lga")}
              className={styles.select}
            >
              <option value="">{t("published.filters.allOfState", { state: state.state })}</option>
              {state.lgas.map((lga) => (
                <option key={lga} value={lga}>
                  {lga}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className={styles.filterField}>
          <label htmlFor={filterIds.from} className={styles.filterLabel}>
            {t("published.filters.from")}
          </label>
          <input
            id={filterIds.from}
            type="date"
            name="from"
            value={fields.from}
            onChange={set("from")}
            min={EARLIEST_OCCURRED_ON}
            max={today}
            className={styles.select}
          />
        </div>
        <div className={styles.filterField}>
          <label htmlFor={filterIds.to} className={styles.filterLabel}>
            {t("published.filters.to")}
          </label>
          {rangeError ? (
            <p id={`${filterIds.to}-error`} className={styles.filterError}>
              <span className="visually-hidden">{t("published.filters.errorPrefix")}</span>
              {t("published.filters.rangeError")}
            </p>
          ) : null}
          <input
            ref={toInput}
            id={filterIds.to}
            type="date"
            name="to"
            value={fields.to}
            onChange={set("to")}
            min={EARLIEST_OCCURRED_ON}
            max={today}
            className={styles.select}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${filterIds.to}-error` : undefined}
          />
        </div>
      </div>
      <button type="submit" className={`button button--secondary ${styles.showButton}`}>
        {t("published.filters.show")}
      </button>
    </form>
  );
}
