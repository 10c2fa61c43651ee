import { useEffect, useState } from "react";
import { Link } from "../../i18n/links";
import type { Country, StateRecord } from "../../../domain/datasets/schemas";
import { lawStatusKey, lawStatusText, lawTitleWithYear } from "../../../domain/law-status";
import { openDataPath } from "../../../domain/opendata/documents";
import { paths } from "../../../domain/routes";
import type { StateSummary } from "../../../domain/state-summaries";
import { ExpandableText } from "../../ui/ExpandableText";
import { Spinner } from "../../ui/Spinner";
import { loadStateDetails } from "./load-state-details";
import { NationalActLink, PolicyDocumentLink } from "./PolicyDocumentLink";
import { StateContacts } from "./StateContacts";
import styles from "./StateOverview.module.css";

type Details = { status: "loading" } | { status: "failed" } | { status: "ready"; record: StateRecord | null };

/**
 * The home page's policy section: the whole country when no state is chosen, otherwise the chosen state's
 * overview (its full record is fetched on demand).
 */
export function StateOverview({
  selected,
  countryPolicy,
  headingId,
}: {
  selected: StateSummary | null;
  countryPolicy: Country["policy"];
  headingId: string;
}) {
  if (!selected) {
    return (
      <>
        <h2 id={headingId}>Overview of Nigeria Disability Policy</h2>
        <h3 className={styles.lawTitle}>{countryPolicy.title}</h3>
        <ExpandableText text={countryPolicy.desc} />
        <NationalActLink url={countryPolicy.url} note={countryPolicy.urlNote} />
        <p>
          <a href={openDataPath("states", "csv")} download>
            Download the states as CSV
          </a>
        </p>
      </>
    );
  }
  return <SelectedStateOverview key={selected.id} state={selected} headingId={headingId} />;
}

function SelectedStateOverview({ state, headingId }: { state: StateSummary; headingId: string }) {
  const [details, setDetails] = useState<Details>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    loadStateDetails(state.id).then(
      (record) => current && setDetails({ status: "ready", record }),
      () => current && setDetails({ status: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [state.id, attempt]);

  // The law's title, once loaded, is shown below the status: the status then leaves out a year it carries.
  const lawTitle =
    details.status === "ready" && details.record?.law.name
      ? lawTitleWithYear(details.record.law.name, details.record.law.year)
      : "";
  return (
    <>
      <h2 id={headingId}>Overview of {state.name} Disability Policy</h2>
      <p className={styles.lawStatus}>
        Disability law:{" "}
        <strong data-law-status={lawStatusKey(state.lawStatus)}>
          {lawStatusText(state.lawStatus, state.lawYear, { besideTitle: lawTitle })}
        </strong>
      </p>
      <p>
        <a href={openDataPath("states", "csv", `?state=${state.slug}`)} download>
          Download the state record of {state.name} as CSV
        </a>
      </p>
      {details.status === "loading" ? <Spinner label={`Loading ${state.name} policy…`} /> : null}
      {details.status === "failed" ? (
        <div role="alert" className={styles.problem}>
          <p>The policy details could not be loaded. Please check your connection.</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setDetails({ status: "loading" });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </div>
      ) : null}
      {details.status === "ready" ? (
        <>
          {lawTitle ? <h3 className={styles.lawTitle}>{lawTitle}</h3> : null}
          {details.record?.desc ? (
            <ExpandableText text={details.record.desc} />
          ) : (
            <p className={styles.muted}>No policy data available for {state.name} state</p>
          )}
          {details.record ? (
            <>
              <h3 className={styles.subheading}>Contact</h3>
              <StateContacts record={details.record} />
              <div className={styles.actions}>
                {details.record.url ? <PolicyDocumentLink url={details.record.url} /> : null}
                <Link className="button button--secondary" to={paths.state(state.id)}>
                  View More<span className="visually-hidden"> about {state.name}</span>
                </Link>
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </>
  );
}
