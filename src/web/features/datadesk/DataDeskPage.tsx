import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Link, useT } from "../../i18n";
import type { EditableKind } from "../../../domain/datadesk/fields";
import { formatNumber } from "../../../domain/format";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { useSessionUser } from "../../lib/session";
import { useApiQuery } from "../../lib/use-api";
import formStyles from "../../ui/form/form.module.css";
import { ListPage } from "../../ui/ListPage";
import {
  deskKinds,
  deskQueries,
  deskQueryFrom,
  RECORDS_LIMIT,
  type RecordsAnswer,
  type RecordSummary,
} from "./datadesk-api";
import { needsCheck } from "./field-values";
import styles from "./DataDesk.module.css";

/**
 * `/dashboard/data`: find a state, school or national estimate by name (all of a kind with no name), each
 * result a link to its edit form with how many proposed changes wait and a flag when nobody checked it for
 * 12 months; "with proposed changes" narrows the list to those. Links to the review queue and to "Add a
 * school". Editors and admins only: anyone else reads that the desk is not theirs, and nothing is asked.
 */
export function DataDeskPage() {
  const t = useT();
  const user = useSessionUser();
  const allowed = user !== null && can(user.role, "data:propose");
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const query = deskQueryFrom(params);
  const [typed, setTyped] = useState(query.q);
  const [kind, setKind] = useState<EditableKind>(query.kind);
  const records = useApiQuery({
    ...deskQueries.records(query.kind, query.q, RECORDS_LIMIT),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });

  const show = (next: { kind: EditableKind; q: string; proposed: boolean }) => {
    const search = new URLSearchParams();
    if (next.kind !== "state") search.set("kind", next.kind);
    if (next.q) search.set("q", next.q);
    if (next.proposed) search.set("proposed", "1");
    setParams(search);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ ...query, kind, q: typed.trim() });
  };

  const now = new Date();
  const shownOf = (answer: RecordsAnswer) =>
    answer.records.filter((record) => !query.proposed || record.proposedChanges > 0);

  return (
    <ListPage
      className={styles.page}
      title={t("datadesk.title")}
      query={records}
      allowed={allowed}
      keepPrevious
      words={{
        loading: t("datadesk.search.loading"),
        retry: t("datadesk.retry"),
        denied: t("datadesk.denied"),
      }}
      intro={
        <>
          <p className={styles.intro}>{t("datadesk.intro")}</p>
          <p className={styles.actions}>
            <Link to={paths.dataChanges()} className="button">
              {t("datadesk.changesLink")}
            </Link>
            <Link to={paths.dataNewSchool()} className="button button--secondary">
              {t("datadesk.addSchool")}
            </Link>
            <Link to={paths.dataImport()} className="button button--secondary">
              {t("datadesk.import.link")}
            </Link>
            <Link to={paths.dataDocuments()} className="button button--secondary">
              {t("datadesk.documentsLink")}
            </Link>
          </p>
          <form
            role="search"
            aria-label={t("datadesk.search.label")}
            className={styles.search}
            onSubmit={submit}
          >
            <div className={formStyles.field}>
              <label htmlFor={`${ids}-kind`} className={formStyles.label}>
                {t("datadesk.search.kind")}
              </label>
              <select
                id={`${ids}-kind`}
                className={formStyles.input}
                value={kind}
                onChange={(event) => setKind(event.target.value as EditableKind)}
              >
                {deskKinds.map((option) => (
                  <option key={option} value={option}>
                    {t(`datadesk.kind.${option}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className={formStyles.field}>
              <label htmlFor={`${ids}-q`} className={formStyles.label}>
                {t("datadesk.search.name")}
              </label>
              <input
                id={`${ids}-q`}
                type="search"
                className={formStyles.input}
                value={typed}
                maxLength={200}
                autoComplete="off"
                onChange={(event) => setTyped(event.target.value)}
              />
            </div>
            <button type="submit" className="button">
              {t("datadesk.search.button")}
            </button>
          </form>
          <p className={styles.checkbox}>
            <input
              id={`${ids}-proposed`}
              type="checkbox"
              checked={query.proposed}
              onChange={(event) => show({ ...query, proposed: event.target.checked })}
            />
            <label htmlFor={`${ids}-proposed`}>{t("datadesk.search.withProposed")}</label>
          </p>
        </>
      }
      summary={(answer) => {
        const shown = shownOf(answer);
        return t("datadesk.search.found", {
          count: shown.length,
          shown: formatNumber(shown.length),
          total: formatNumber(answer.total),
        });
      }}
    >
      {(answer) => (
        <>
          <ul
            className={styles.results}
            aria-label={t("datadesk.search.results")}
            aria-busy={records.isFetching}
          >
            {shownOf(answer).map((record) => (
              <RecordLine
                key={`${record.kind}-${record.id}`}
                record={record}
                stale={needsCheck(record.checkedAt, now)}
              />
            ))}
          </ul>
          {answer.pending.total > 0 ? <PendingSchools pending={answer.pending} /> : null}
        </>
      )}
    </ListPage>
  );
}

/** Schools that proposed additions and imports would add: no record yet, so they are listed apart. */
function PendingSchools({ pending }: { pending: RecordsAnswer["pending"] }) {
  const t = useT();
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-pending`}>
      <h2 id={`${ids}-pending`}>
        {t("datadesk.pending.title", { count: pending.total, shown: formatNumber(pending.total) })}
      </h2>
      <p>{t("datadesk.pending.intro")}</p>
      <ul className={styles.results}>
        {pending.schools.map((school, index) => (
          <li key={`${school.changeId}-${index}`}>
            {school.state ? `${school.name} (${school.state})` : school.name}{" "}
            <span className={styles.flag}>{t("datadesk.pending.flag")}</span>
          </li>
        ))}
      </ul>
      <p>
        <Link to={paths.dataChanges()}>{t("datadesk.pending.review")}</Link>
      </p>
    </section>
  );
}

const checkedDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

function RecordLine({ record, stale }: { record: RecordSummary; stale: boolean }) {
  const t = useT();
  return (
    <li>
      <Link to={paths.dataRecord(record.kind, record.id)}>{record.name || record.id}</Link>
      {record.status !== "open" ? (
        <span className={styles.flag}>{t(`datadesk.status.${record.status}`)}</span>
      ) : null}
      {record.proposedChanges > 0 ? (
        <span className={styles.flag}>
          {t("datadesk.proposedCount", {
            count: record.proposedChanges,
            shown: formatNumber(record.proposedChanges),
          })}
        </span>
      ) : null}
      {stale ? (
        <span className={styles.flag}>
          {t("datadesk.notChecked", { date: checkedDate.format(new Date(record.checkedAt)) })}
        </span>
      ) : null}
    </li>
  );
}
