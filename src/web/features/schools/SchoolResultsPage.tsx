import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { Link, useLocalizePath, useNavigate, useT, type Translate } from "../../i18n";
import type { SchoolType } from "../../../domain/datasets/schemas";
import { formatNumber } from "../../../domain/format";
import { openDataPath } from "../../../domain/opendata/documents";
import { paths } from "../../../domain/routes";
import {
  activeFilterCount,
  schoolResultsSearch,
  type SchoolResultsQuery,
} from "../../../domain/school-results";
import {
  boardingOptions,
  disabilityGroupOptions,
  ownershipOptions,
  schoolTypeOptions,
} from "../../../domain/school-search";
import { Pager } from "../../ui/Pager";
import { boardingKey } from "./school-facts";
import { SchoolCard, schoolCardStyles, type SchoolCardFacts } from "./SchoolCard";
import styles from "./SchoolResultsPage.module.css";

// Accessibility contract: the page's h1 names the place; the filters are a GET form (labelled fields,
// "Apply filters" or Enter applies, Reset is a link to the page without filters), folded on a phone into
// one "Filters (n)" disclosure (a native <details>, so it opens before any JavaScript). After applying,
// resetting or turning a page, focus moves to the result summary, a polite live region, which reads the
// count. Each school is a list item whose heading links to its page; "Back to results" there returns to
// this address. Pages are links.

/** What the route's loader sends: the filters as applied, one page of schools and the choices. */
export interface SchoolResultsData {
  /** The filters as the page applied them (state and LGA as slugs the data knows, the page clamped). */
  filter: SchoolResultsQuery;
  stateName: string | null;
  lgaName: string | null;
  /** An LGA of another state the address named, dropped (the state was changed without JavaScript). */
  droppedLga: string | null;
  states: { slug: string; name: string }[];
  /** The LGAs of the chosen state (the 774 registry's), none without a state. */
  lgas: { slug: string; name: string }[];
  total: number;
  page: number;
  lastPage: number;
  /** The position of the page's first school in the whole list (1 on the first page). */
  first: number;
  schools: (SchoolCardFacts & { stateName: string })[];
}

/** Each active filter's words (for the empty state's "Remove …" links) and the address without it. */
function activeFilters(t: Translate, data: SchoolResultsData) {
  const { filter } = data;
  const without = (change: Partial<SchoolResultsQuery>) =>
    paths.schools(schoolResultsSearch({ ...filter, ...change, page: 1 }));
  const list: { label: string; href: string }[] = [];
  if (filter.name) list.push({ label: `“${filter.name}”`, href: without({ name: "" }) });
  if (data.lgaName) list.push({ label: data.lgaName, href: without({ lga: null }) });
  if (data.stateName) list.push({ label: data.stateName, href: without({ state: null, lga: null }) });
  if (filter.group) {
    list.push({ label: t(`schools.filter.groupOption.${filter.group}`), href: without({ group: "" }) });
  }
  if (filter.boarding) {
    list.push({
      label: t(`schools.filter.boardingOption.${boardingKey(filter.boarding)}`),
      href: without({ boarding: "" }),
    });
  }
  if (filter.ownership) {
    list.push({ label: t(`schools.ownership.${filter.ownership}`), href: without({ ownership: "" }) });
  }
  if (filter.type) list.push({ label: t(`schools.type.${filter.type}`), href: without({ type: "" }) });
  return list;
}

export function SchoolResultsPage(data: SchoolResultsData) {
  const t = useT();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const summary = useRef<HTMLParagraphElement>(null);
  // Set when the visitor applies filters, resets or turns a page: focus goes to the summary once the new
  // list is shown.
  const focusSummary = useRef(false);
  const { filter, total, page, lastPage, first, schools } = data;
  const listSearch = paths.schools(schoolResultsSearch(filter));
  const active = activeFilterCount(filter);

  useEffect(() => {
    if (navigation.state !== "idle" || !focusSummary.current) return;
    focusSummary.current = false;
    summary.current?.focus();
  }, [navigation.state, data]);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The form's fields are in the address's order; what is left empty is no filter. The server reads the
    // values (school-results-query.ts), so the browser carries no copy of their shapes.
    const chosen = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim() !== "") chosen.append(name, value.trim());
    }
    focusSummary.current = true;
    navigate(paths.schools(chosen.size > 0 ? `?${chosen.toString()}` : ""), { preventScrollReset: true });
  }
  const focusAfterMove = () => {
    focusSummary.current = true;
  };

  const place = [data.lgaName, data.stateName].filter(Boolean).join(", ");
  const last = first + schools.length - 1;
  const csvHref = openDataPath("schools", "csv", schoolResultsSearch({ ...filter, page: 1 }));

  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>
        {place ? t("schools.results.titleIn", { place }) : t("schools.results.title")}
      </h1>
      <p className={styles.intro}>{t("schools.results.intro")}</p>

      <FilterForm
        // A new address's filters (Back, a shared link, Reset) replace what the form holds.
        key={listSearch}
        data={data}
        active={active}
        action={localize(paths.schools())}
        onApply={apply}
        onReset={focusAfterMove}
      />

      <p role="status" ref={summary} tabIndex={-1} className={styles.summary}>
        {t("schools.count", { count: total })}
        {lastPage > 1
          ? ` ${t("schools.results.range", {
              first: formatNumber(first),
              last: formatNumber(last),
              total: formatNumber(total),
            })}`
          : null}
      </p>
      {data.droppedLga && data.stateName ? (
        <p className={styles.note}>
          {t("schools.results.droppedLga", { lga: data.droppedLga, state: data.stateName })}
        </p>
      ) : null}

      {total > 0 ? (
        <p className={styles.download}>
          <a href={csvHref} download>
            {t("schools.results.download", { count: total })}
          </a>
        </p>
      ) : null}

      {schools.length === 0 ? (
        <EmptyResults data={data} onMove={focusAfterMove} />
      ) : (
        <ul className={schoolCardStyles.grid} aria-label={t("schools.results")}>
          {schools.map((school) => (
            <SchoolCard
              key={school.id}
              school={school}
              stateName={school.stateName}
              listSearch={listSearch}
              headingLevel={2}
            />
          ))}
        </ul>
      )}

      <Pager
        className={styles.pager}
        label={t("schools.results.pagerLabel")}
        page={page}
        lastPage={lastPage}
        linkTo={(next) => paths.schools(schoolResultsSearch({ ...filter, page: next }))}
        onPage={focusAfterMove}
      />
    </div>
  );
}

function FilterForm({
  data,
  active,
  action,
  onApply,
  onReset,
}: {
  data: SchoolResultsData;
  active: number;
  action: string;
  onApply: (event: FormEvent<HTMLFormElement>) => void;
  onReset: () => void;
}) {
  const t = useT();
  const ids = useId();
  const { filter } = data;
  // The LGAs listed are the applied state's: another state's are known once the filters are applied.
  const [chosenState, setChosenState] = useState(filter.state ?? "");
  const lgasShown = chosenState !== "" && chosenState === filter.state;
  const field = (name: string) => `${ids}-${name}`;
  return (
    <form
      method="get"
      action={action}
      className={styles.filters}
      aria-label={t("schools.filter.legend")}
      onSubmit={onApply}
    >
      <details className={styles.fold}>
        <summary className={styles.foldButton}>
          {t("schools.results.filtersButton", { count: active })}
        </summary>
        <div className={styles.fields}>
          <div className={styles.field}>
            <label htmlFor={field("state")}>{t("schools.filter.state")}</label>
            <select
              id={field("state")}
              name="state"
              defaultValue={filter.state ?? ""}
              onChange={(event) => setChosenState(event.target.value)}
            >
              <option value="">{t("schools.filter.allStates")}</option>
              {data.states.map((state) => (
                <option key={state.slug} value={state.slug}>
                  {state.name}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={field("lga")}>{t("schools.facts.lga")}</label>
            <select
              id={field("lga")}
              name="lga"
              defaultValue={filter.lga ?? ""}
              disabled={!lgasShown}
              aria-describedby={lgasShown ? undefined : field("lga-hint")}
            >
              <option value="">{t("schools.results.allLgas")}</option>
              {lgasShown
                ? data.lgas.map((lga) => (
                    <option key={lga.slug} value={lga.slug}>
                      {lga.name}
                    </option>
                  ))
                : null}
            </select>
            {lgasShown ? null : (
              <p id={field("lga-hint")} className={styles.hint}>
                {t("schools.results.lgaHint")}
              </p>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={field("group")}>{t("schools.filter.group")}</label>
            <select id={field("group")} name="group" defaultValue={filter.group}>
              <option value="">{t("schools.filter.allGroups")}</option>
              {disabilityGroupOptions.map((option) => (
                <option key={option} value={option}>
                  {t(`schools.filter.groupOption.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={field("boarding")}>{t("schools.filter.boarding")}</label>
            <select id={field("boarding")} name="boarding" defaultValue={filter.boarding}>
              <option value="">{t("schools.filter.any")}</option>
              {boardingOptions.map((option) => (
                <option key={option} value={option}>
                  {t(`schools.filter.boardingOption.${boardingKey(option)}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={field("ownership")}>{t("schools.filter.ownership")}</label>
            <select id={field("ownership")} name="ownership" defaultValue={filter.ownership}>
              <option value="">{t("schools.filter.any")}</option>
              {ownershipOptions.map((option) => (
                <option key={option} value={option}>
                  {t(`schools.ownership.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={field("type")}>{t("schools.search.type")}</label>
            <select id={field("type")} name="type" defaultValue={filter.type}>
              <option value="">{t("schools.filter.any")}</option>
              {schoolTypeOptions.map((option: SchoolType) => (
                <option key={option} value={option}>
                  {t(`schools.type.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={field("name")}>{t("schools.search.name")}</label>
            <input
              id={field("name")}
              name="name"
              type="search"
              maxLength={60}
              placeholder={t("schools.search.namePlaceholder")}
              autoComplete="off"
              defaultValue={filter.name}
            />
          </div>
          <div className={styles.actions}>
            <button type="submit" className="button">
              {t("schools.results.apply")}
            </button>
            {active > 0 ? (
              <Link to={paths.schools()} className="button button--secondary" onClick={onReset}>
                {t("schools.search.reset")}
              </Link>
            ) : null}
          </div>
        </div>
      </details>
    </form>
  );
}

function EmptyResults({ data, onMove }: { data: SchoolResultsData; onMove: () => void }) {
  const t = useT();
  const filters = activeFilters(t, data);
  return (
    <div className={styles.empty}>
      <h2 className={styles.emptyTitle}>{t("schools.results.empty.title")}</h2>
      <p>{t("schools.results.empty.try")}</p>
      <ul>
        {filters.map((filter) => (
          <li key={filter.href}>
            <Link to={filter.href} onClick={onMove}>
              {t("schools.results.empty.remove", { label: filter.label })}
            </Link>
          </li>
        ))}
        <li>{t("schools.results.empty.words")}</li>
        {filters.length > 1 ? (
          <li>
            <Link to={paths.schools()} onClick={onMove}>
              {t("schools.results.empty.all")}
            </Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
