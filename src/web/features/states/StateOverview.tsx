import { useEffect, useState } from "react";
import { Link, T, useEnglishContentLang, useT } from "../../i18n";
import type { DocumentLinkSource } from "../../../domain/datadesk/documents";
import type { Country, StateRecord } from "../../../domain/datasets/schemas";
import { lawStatusKey, lawTitleWithYear } from "../../../domain/law-status";
import { openDataPath } from "../../../domain/opendata/documents";
import { paths } from "../../../domain/routes";
import type { StateSummary } from "../../../domain/state-summaries";
import { ExpandableText } from "../../ui/ExpandableText";
import { ReaderText } from "../../ui/ReaderText";
import { Spinner } from "../../ui/Spinner";
import { useLawStatusText } from "../../i18n/law-status-text";
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
  policyDocument = null,
  headingId,
}: {
  selected: StateSummary | null;
  countryPolicy: Country["policy"];
  /** The national policy's uploaded PDF, when the data desk names one. */
  policyDocument?: DocumentLinkSource | null;
  headingId: string;
}) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  if (!selected) {
    return (
      <>
        <h2 id={headingId}>{t("states.overview.national")}</h2>
        <h3 className={styles.lawTitle} lang={contentLang}>
          {countryPolicy.title}
        </h3>
        {/* The national policy's text is not edited on the data desk (only its document is): English only. */}
        <ReaderText record={countryPolicy} field="desc">
          {(overview, lang) => <ExpandableText text={overview} lang={lang} />}
        </ReaderText>
        <NationalActLink url={countryPolicy.url} note={countryPolicy.urlNote} document={policyDocument} />
        <p>
          <a href={openDataPath("states", "csv")} download>
            {t("states.overview.downloadStates")}
          </a>
        </p>
      </>
    );
  }
  return <SelectedStateOverview key={selected.id} state={selected} headingId={headingId} />;
}

function SelectedStateOverview({ state, headingId }: { state: StateSummary; headingId: string }) {
  const t = useT();
  const lawStatus = useLawStatusText();
  const contentLang = useEnglishContentLang();
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
      <h2 id={headingId}>{t("states.overview.heading", { state: state.name })}</h2>
      <p className={styles.lawStatus}>
        <T
          id="states.overview.lawStatus"
          values={{ status: lawStatus(state.lawStatus, state.lawYear, { besideTitle: lawTitle }) }}
          components={{ status: <strong data-law-status={lawStatusKey(state.lawStatus)} /> }}
        />
      </p>
      <p>
        <a href={openDataPath("states", "csv", `?state=${state.slug}`)} download>
          {t("states.overview.downloadState", { state: state.name })}
        </a>
      </p>
      {details.status === "loading" ? (
        <Spinner label={t("states.overview.loading", { state: state.name })} />
      ) : null}
      {details.status === "failed" ? (
        <div role="alert" className={styles.problem}>
          <p>{t("states.overview.failed")}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setDetails({ status: "loading" });
              setAttempt((n) => n + 1);
            }}
          >
            {t("states.overview.tryAgain")}
          </button>
        </div>
      ) : null}
      {details.status === "ready" ? (
        <>
          {lawTitle ? (
            <h3 className={styles.lawTitle} lang={contentLang}>
              {lawTitle}
            </h3>
          ) : null}
          {details.record?.desc ? (
            <ReaderText record={details.record} field="desc">
              {(overview, lang) => <ExpandableText text={overview} lang={lang} />}
            </ReaderText>
          ) : (
            <p className={styles.muted}>{t("states.overview.noData", { state: state.name })}</p>
          )}
          {details.record ? (
            <>
              <h3 className={styles.subheading}>{t("states.page.contact")}</h3>
              <StateContacts record={details.record} />
              <div className={styles.actions}>
                {details.record.url ? <PolicyDocumentLink url={details.record.url} /> : null}
                <Link className="button button--secondary" to={paths.state(state.id)}>
                  <T
                    id="states.overview.viewMore"
                    values={{ state: state.name }}
                    components={{ hidden: <span className="visually-hidden" /> }}
                  />
                </Link>
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </>
  );
}
