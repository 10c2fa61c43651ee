import { type FormEvent, memo, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "../../i18n/links";
import type { School, SchoolType } from "../../../domain/datasets/schemas";
import { sameState } from "../../../domain/datasets/state-names";
import { formatNumber, pluralize } from "../../../domain/format";
import { paths } from "../../../domain/routes";
import {
  boardingLabels,
  boardingOptions,
  disabilityGroupLabels,
  disabilityGroupOptions,
  filterSchools,
  hasCriteria,
  mapSearchHref,
  ownershipLabels,
  ownershipOptions,
  type SchoolSearchCriteria,
  schoolsInState,
  schoolTypeLabels,
  schoolTypeOptions,
  searchSchools,
} from "../../../domain/school-search";
import { findStateByParam, type StateSummary } from "../../../domain/state-summaries";
import { ExternalLink } from "../../ui/ExternalLink";
import { toast } from "../../ui/toast/toast-store";
import { isSchoolType, phoneNumbers, schoolLocationText, schoolTypesText, websiteHref } from "./school-facts";
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
  const ids = useId();
  const nameInputRef = useRef<HTMLInputElement>(null);
  // The inputs hold what is being typed; the URL holds what was searched.
  const [name, setName] = useState(query.name);
  const [type, setType] = useState<SchoolType | "">(query.type);

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
      toast.warning("Please enter at least one search criteria");
      return;
    }
    onQueryChange({ ...query, name: name.trim(), type });
    const found = searchSchools(narrowed, criteria).length;
    if (found === 0) toast.warning("No schools match your search criteria");
    else toast.success(`Found ${formatNumber(found)} matching ${pluralize(found, "school")}`);
  }

  function reset() {
    setName("");
    setType("");
    endSearch();
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
          <legend className="visually-hidden">Filter schools</legend>
          <div className={styles.field}>
            <label htmlFor={stateId}>State</label>
            <select
              id={stateId}
              value={query.state?.slug ?? ""}
              onChange={(event) =>
                onQueryChange({ ...query, state: findStateByParam(states, event.target.value) })
              }
            >
              <option value="">All states</option>
              {states.map((state) => (
                <option key={state.slug} value={state.slug}>
                  {state.name}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={groupId}>Disability group</label>
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
              <option value="">All groups</option>
              {disabilityGroupOptions.map((option) => (
                <option key={option} value={option}>
                  {disabilityGroupLabels[option]}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={boardingId}>Day or boarding</label>
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
              <option value="">Any</option>
              {boardingOptions.map((option) => (
                <option key={option} value={option}>
                  {boardingLabels[option]}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={ownershipId}>Ownership</label>
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
              <option value="">Any</option>
              {ownershipOptions.map((option) => (
                <option key={option} value={option}>
                  {ownershipLabels[option]}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <form role="search" aria-label="Search schools" className={styles.search} onSubmit={search}>
          <div className={styles.field}>
            <label htmlFor={nameId}>School name</label>
            <input
              ref={nameInputRef}
              id={nameId}
              type="search"
              placeholder="Name, or a word such as deaf or blind"
              autoComplete="off"
              value={name}
              onChange={(event) => changeName(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={typeId}>School type</label>
            <select id={typeId} value={type} onChange={(event) => changeType(event.target.value)}>
              <option value="">Select Type</option>
              {schoolTypeOptions.map((option) => (
                <option key={option} value={option}>
                  {schoolTypeLabels[option]}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.actions}>
            <button type="submit" className="button" disabled={inputsEmpty}>
              Search
            </button>
            <button type="button" className="button button--secondary" disabled={inputsEmpty} onClick={reset}>
              Reset
            </button>
          </div>
        </form>
        <p role="status" className={styles.count}>
          {formatNumber(shown.length)} inclusive {pluralize(shown.length, "school")} found
        </p>
      </div>
      {/* Keyed by the results, so a new filter or search starts again at the first 25. */}
      <SchoolResults key={shown.map((school) => school.id).join(",")} shown={shown} states={states} />
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
}: {
  shown: readonly School[];
  states: readonly StateSummary[];
}) {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const firstNew = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (firstNew.current === null) return;
    list.current?.querySelectorAll<HTMLElement>("h3 a")[firstNew.current]?.focus();
    firstNew.current = null;
  }, [limit]);

  if (shown.length === 0) return <p className={styles.empty}>No inclusive schools found</p>;
  const visible = shown.slice(0, limit);
  const remaining = shown.length - visible.length;
  return (
    <>
      <ul ref={list} className={styles.grid} aria-label="Schools found">
        {visible.map((school) => (
          <SchoolCard
            key={school.id}
            school={school}
            stateName={states.find((state) => sameState(state.name, school.state))?.name ?? school.state}
          />
        ))}
      </ul>
      {remaining > 0 ? (
        <div className={styles.more}>
          <p>
            Showing {formatNumber(visible.length)} of {formatNumber(shown.length)}.
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              firstNew.current = visible.length;
              setLimit((current) => current + PAGE_SIZE);
            }}
          >
            Show more<span className="visually-hidden"> schools</span> (
            {formatNumber(Math.min(remaining, PAGE_SIZE))})
          </button>
        </div>
      ) : null}
    </>
  );
});

function SchoolCard({ school, stateName }: { school: School; stateName: string }) {
  const types = schoolTypesText(school.type);
  const location = schoolLocationText(school.location, stateName);
  const website = websiteHref(school.website);
  const phone = phoneNumbers(school.phone).find((number) => number.href);
  return (
    <li className={styles.card}>
      <h3 className={styles.name}>
        <Link to={paths.school(school.id)}>{school.name}</Link>
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>Type</dt>
          <dd>{types || "Type not recorded"}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{location || "Location not recorded"}</dd>
        </div>
      </dl>
      <ul className={styles.cardLinks}>
        {phone?.href ? (
          <li>
            <a href={phone.href}>
              Call<span className="visually-hidden"> {school.name}</span> {phone.text}
            </a>
          </li>
        ) : null}
        <li>
          <ExternalLink href={mapSearchHref({ ...school, state: stateName })}>
            Find on map<span className="visually-hidden"> {school.name}</span>
          </ExternalLink>
        </li>
        {website ? (
          <li>
            <ExternalLink href={website}>
              Visit website<span className="visually-hidden"> of {school.name}</span>
            </ExternalLink>
          </li>
        ) : null}
      </ul>
    </li>
  );
}
