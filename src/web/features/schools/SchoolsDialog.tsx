import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import type { School, SchoolType } from "../../../domain/datasets/schemas";
import { sameState } from "../../../domain/datasets/state-names";
import { formatNumber, pluralize } from "../../../domain/format";
import { paths } from "../../../domain/routes";
import {
  hasCriteria,
  type SchoolSearchCriteria,
  schoolsInState,
  schoolTypeLabels,
  schoolTypeOptions,
  searchSchools,
} from "../../../domain/school-search";
import { findStateByParam, type StateSummary } from "../../../domain/state-summaries";
import { Dialog } from "../../ui/Dialog";
import { toast } from "../../ui/toast/toast-store";
import { ExternalLink } from "../../ui/ExternalLink";
import { isSchoolType, schoolLocationText, schoolTypesText, websiteHref } from "./school-facts";
import type { SchoolsQuery } from "./schools-query";
import styles from "./SchoolsDialog.module.css";
import { useSchools } from "./use-schools";

// Accessibility contract: a modal dialog named "Schools". Focus starts on Close; Tab reaches the state
// filter, the search form (labelled fields, Enter searches) and each school's page link and website link.
// The count of schools shown is a polite live region, so filtering and searching are announced; the
// search outcome is also a toast (not for a search that came with the URL: the count says the result).
// Loading is a status message; a failed load is an alert with Retry.

export interface SchoolsDialogProps {
  /** The state filter and the applied search, as the URL holds them; null when the dialog is closed. */
  query: SchoolsQuery | null;
  /** Asks the owner to show another filter or applied search (it writes the URL). */
  onQueryChange: (query: SchoolsQuery) => void;
  onClose: () => void;
  /** The 37 states of data/states.json, in order. */
  states: readonly StateSummary[];
}

export function SchoolsDialog({ query, onQueryChange, onClose, states }: SchoolsDialogProps) {
  return (
    <Dialog open={query !== null} onClose={onClose} title="Schools" size="wide">
      {/* Mounted per opening, so the list loads only when asked for and the inputs start from the URL. */}
      {query ? <SchoolDirectory query={query} onQueryChange={onQueryChange} states={states} /> : null}
    </Dialog>
  );
}

interface SchoolDirectoryProps {
  query: SchoolsQuery;
  onQueryChange: (query: SchoolsQuery) => void;
  states: readonly StateSummary[];
}

function SchoolDirectory(props: SchoolDirectoryProps) {
  const { load, retry } = useSchools();
  const regionRef = useRef<HTMLDivElement>(null);

  function retryLoading() {
    retry();
    // The Retry button disappears; keep focus in the same place rather than dropping it to the page.
    regionRef.current?.focus();
  }

  return (
    <div ref={regionRef} tabIndex={-1} className={styles.region}>
      {load.status === "loading" ? (
        <p role="status" className={styles.notice}>
          Loading schools…
        </p>
      ) : load.status === "error" ? (
        <div className={styles.notice}>
          <p role="alert">The list of schools could not be loaded. Check your connection and try again.</p>
          <button type="button" className="button" onClick={retryLoading}>
            Retry
          </button>
        </div>
      ) : (
        <SchoolFinder schools={load.schools} {...props} />
      )}
    </div>
  );
}

function SchoolFinder({
  schools,
  query,
  onQueryChange,
  states,
}: SchoolDirectoryProps & { schools: readonly School[] }) {
  const ids = useId();
  const nameInputRef = useRef<HTMLInputElement>(null);
  // The inputs hold what is being typed; the URL holds what was searched.
  const [name, setName] = useState(query.name);
  const [type, setType] = useState<SchoolType | "">(query.type);

  const stateName = query.state?.name ?? null;
  const inState = useMemo(() => schoolsInState(schools, stateName), [schools, stateName]);
  const shown = useMemo(
    () => searchSchools(inState, { name: query.name, type: query.type }),
    [inState, query.name, query.type],
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
    const found = searchSchools(inState, criteria).length;
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
  const nameId = `${ids}-name`;
  const typeId = `${ids}-type`;

  return (
    <>
      <div className={styles.filters}>
        <div className={styles.topRow}>
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
          <p role="status" className={styles.count}>
            {formatNumber(shown.length)} inclusive {pluralize(shown.length, "school")} found
          </p>
        </div>
        <form role="search" aria-label="Search schools" className={styles.search} onSubmit={search}>
          <div className={styles.field}>
            <label htmlFor={nameId}>School name</label>
            <input
              ref={nameInputRef}
              id={nameId}
              type="search"
              placeholder="Search by name"
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
      </div>
      {shown.length === 0 ? (
        <p className={styles.empty}>No inclusive schools found</p>
      ) : (
        <ul className={styles.grid} aria-label="Schools found">
          {shown.map((school) => (
            <SchoolCard
              key={school.id}
              school={school}
              stateName={states.find((state) => sameState(state.name, school.state))?.name ?? school.state}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function SchoolCard({ school, stateName }: { school: School; stateName: string }) {
  const types = schoolTypesText(school.type);
  const location = schoolLocationText(school.location, stateName);
  const website = websiteHref(school.website);
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
      {website ? (
        <ExternalLink href={website} className={styles.website}>
          Visit website<span className="visually-hidden"> of {school.name}</span>
        </ExternalLink>
      ) : null}
    </li>
  );
}
