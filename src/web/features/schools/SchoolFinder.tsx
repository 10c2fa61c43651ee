import { type FormEvent, memo, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link, T, useT } from "../../i18n";
import type { School, SchoolType } from "../../../domain/datasets/schemas";
import { sameState } from "../../../domain/datasets/state-names";
import { formatNumber } from "../../../domain/format";
import {
  boardingOptions,
  disabilityGroupOptions,
  filterSchools,
  hasCriteria,
  ownershipOptions,
  type SchoolSearchCriteria,
  schoolsInState,
  schoolTypeOptions,
  searchSchools,
} from "../../../domain/school-search";
import { paths } from "../../../domain/routes";
import { schoolResultsSearch } from "../../../domain/school-results";
import { findStateByParam, type StateSummary } from "../../../domain/state-summaries";
import { toast } from "../../ui/toast/toast-store";
import { boardingKey, isSchoolType } from "./school-facts";
import { SchoolCard, schoolCardStyles } from "./SchoolCard";
import type { SchoolsQuery } from "./schools-query";
import styles from "./SchoolFinder.module.css";

// The directory's controls and results, loaded only when the Schools dialog first opens (the home page's
// first load carries none of it). Accessibility contract: Tab reaches the filters (state, disability group,
// day or boarding, ownership: each applies at once), the search form (labelled fields, Enter searches), then
// each card's links, then "Show more". The count of matches is a polite live region. At most 25 cards are
// rendered at a time; "Show more" adds the next 25 and moves focus to the first new card's link.

export const PAGE_SIZE = 25;

export interface SchoolFinderProps {
  schools: readonly School[];
  query: SchoolsQuery;
  onQueryChange: (query: SchoolsQuery) => void;
  states: readonly StateSummary[];
}

export function SchoolFinder({ schools, query, onQueryChange, states }: SchoolFinderProps) {
  const t = useT();
  const ids = useId();
  const nameInputRef = useRef<HTMLInputElement>(null);
  // The inputs hold what is being typed; the URL holds what was searched.
  const [name, setName] = useState(query.name);
  const [type, setType] = useState<SchoolType | "">(query.type);

  const listSearch = useLocation().search;
  const stateName = query.state?.name ?? null;
  const { group, boarding, ownership } = query;
  const narrowed = useMemo(
    () => filterSchools(schoolsInState(schools, stateName), { group, boarding, ownership }),
    [schools, stateName, group, boarding, ownership],
  );
  const shown = useMemo(
    () => searchSchools(narrowed, { name: query.name, type: query.type }),
    [narrowed, query.name, query.type],
  );
  const inputsEmpty = name === "" && type === "";

  function endSearch() {
    if (hasCriteria(query)) onQueryChange({ ...query, name: "", type: "" });
  }

  function changeName(value: string) {
    setName(value);
    // With both inputs cleared the search is over (Reset is disabled then), so the list returns.
    if (value === "" && type === "") endSearch();
  }

  function changeType(value: string) {
    const next = isSchoolType(value) ? value : "";
    setType(next);
    if (next === "" && name === "") endSearch();
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const criteria: SchoolSearchCriteria = { name, type };
    if (!hasCriteria(criteria)) {
      toast.warning(t("schools.toast.noCriteria"));
      return;
    }
    onQueryChange({ ...query, name: name.trim(), type });
    const found = searchSchools(narrowed, criteria).length;
    if (found === 0) toast.warning(t("schools.toast.noMatch"));
    else toast.success(t("schools.toast.found", { count: found }));
  }

  function reset() {
    setName("");
    setType("");
    // Every filter but the state the dialog is for: the group, boarding and ownership too.
    if (hasCriteria(query) || group || boarding || ownership) {
      onQueryChange({ ...query, name: "", type: "", group: "", boarding: "", ownership: "" });
    }
    // Reset is disabled now that the inputs are empty; put focus where the next search starts.
    nameInputRef.current?.focus();
  }

  const stateId = `${ids}-state`;
  const groupId = `${ids}-group`;
  const boardingId = `${ids}-boarding`;
  const ownershipId = `${ids}-ownership`;
  const nameId = `${ids}-name`;
  const typeId = `${ids}-type`;

  return (
    <>
      <div className={styles.filters}>
        <fieldset className={styles.filterRow}>
          <legend className="visually-hidden">{t("schools.filter.legend")}</legend>
          <div className={styles.field}>
            <label htmlFor={stateId}>{t("schools.filter.state")}</label>
            <select
              id={stateId}
              value={query.state?.slug ?? ""}
              onChange={(event) =>
                onQueryChange({ ...query, state: findStateByParam(states, event.target.value) })
              }
            >
              <option value="">{t("schools.filter.allStates")}</option>
              {states.map((state) => (
                <option key={state.slug} value={state.slug}>
                  {state.name}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={groupId}>{t("schools.filter.group")}</label>
            <select
              id={groupId}
              value={group ?? ""}
              onChange={(event) =>
                onQueryChange({
                  ...query,
                  group: disabilityGroupOptions.find((option) => option === event.target.value) ?? "",
                })
              }
            >
              <option value="">{t("schools.filter.allGroups")}</option>
              {disabilityGroupOptions.map((option) => (
                <option key={option} value={option}>
                  {t(`schools.filter.groupOption.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={boardingId}>{t("schools.filter.boarding")}</label>
            <select
              id={boardingId}
              value={boarding ?? ""}
              onChange={(event) =>
                onQueryChange({
                  ...query,
                  boarding: boardingOptions.find((option) => option === event.target.value) ?? "",
                })
              }
            >
              <option value="">{t("schools.filter.any")}</option>
              {boardingOptions.map((option) => (
                <option key={option} value={option}>
                  {t(`schools.filter.boardingOption.${boardingKey(option)}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={ownershipId}>{t("schools.filter.ownership")}</label>
            <select
              id={ownershipId}
              value={ownership ?? ""}
              onChange={(event) =>
                onQueryChange({
                  ...query,
                  ownership: ownershipOptions.find((option) => option === event.target.value) ?? "",
                })
              }
            >
              <option value="">{t("schools.filter.any")}</option>
              {ownershipOptions.map((option) => (
                <option key={option} value={option}>
                  {t(`schools.ownership.${option}`)}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <form
          role="search"
          aria-label={t("schools.search.label")}
          className={styles.search}
          onSubmit={search}
        >
          <div className={styles.field}>
            <label htmlFor={nameId}>{t("schools.search.name")}</label>
            <input
              ref={nameInputRef}
              id={nameId}
              type="search"
              placeholder={t("schools.search.namePlaceholder")}
              autoComplete="off"
              value={name}
              onChange={(event) => changeName(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={typeId}>{t("schools.search.type")}</label>
            <select id={typeId} value={type} onChange={(event) => changeType(event.target.value)}>
              <option value="">{t("schools.search.selectType")}</option>
              {schoolTypeOptions.map((option) => (
                <option key={option} value={option}>
                  {t(`schools.type.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.actions}>
            <button type="submit" className="button" disabled={inputsEmpty}>
              {t("schools.search.submit")}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={inputsEmpty && !group && !boarding && !ownership}
              onClick={reset}
            >
              {t("schools.search.reset")}
            </button>
          </div>
        </form>
        <p role="status" className={styles.count}>
          {t("schools.count", { count: shown.length })}
        </p>
        {/* The same list as a page of its own: shareable, printable, downloadable. */}
        <p className={styles.fullPage}>
          <Link
            to={paths.schools(
              schoolResultsSearch({
                state: query.state?.slug ?? null,
                group,
                boarding,
                ownership,
                type: query.type,
                name: query.name,
              }),
            )}
          >
            {t("schools.results.openPage")}
          </Link>
        </p>
      </div>
      {/* Keyed by the results, so a new filter or search starts again at the first 25. */}
      <SchoolResults
        key={shown.map((school) => school.id).join(",")}
        shown={shown}
        states={states}
        listSearch={listSearch}
      />
    </>
  );
}

/**
 * The matching schools, 25 at a time. Memoised: typing in the name box re-renders the form, never the
 * cards, so a keystroke costs the same with 5 schools or 249.
 */
const SchoolResults = memo(function SchoolResults({
  shown,
  states,
  listSearch,
}: {
  shown: readonly School[];
  states: readonly StateSummary[];
  /** This list's query, which each school's link carries for its "Back to results". */
  listSearch: string;
}) {
  const t = useT();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const firstNew = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  // Focus moves in the commit that shows the new cards (a layout effect, not a later passive one), so a
  // key pressed right after "Show more" never lands on the button again.
  useLayoutEffect(() => {
    if (firstNew.current === null) return;
    list.current?.querySelectorAll<HTMLElement>("h3 a")[firstNew.current]?.focus();
    firstNew.current = null;
  }, [limit]);

  if (shown.length === 0) return <p className={styles.empty}>{t("schools.empty")}</p>;
  const visible = shown.slice(0, limit);
  const remaining = shown.length - visible.length;
  return (
    <>
      <ul ref={list} className={schoolCardStyles.grid} aria-label={t("schools.results")}>
        {visible.map((school) => (
          <SchoolCard
            key={school.id}
            school={school}
            listSearch={listSearch}
            stateName={states.find((state) => sameState(state.name, school.state))?.name ?? school.state}
          />
        ))}
      </ul>
      {remaining > 0 ? (
        <div className={styles.more}>
          <p>
            {t("schools.showing", {
              shown: formatNumber(visible.length),
              total: formatNumber(shown.length),
            })}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              firstNew.current = visible.length;
              setLimit((current) => current + PAGE_SIZE);
            }}
          >
            <T
              id="schools.showMore"
              values={{ count: formatNumber(Math.min(remaining, PAGE_SIZE)) }}
              components={{ hidden: <span className="visually-hidden" /> }}
            />
          </button>
        </div>
      ) : null}
    </>
  );
});
