import type { ReactNode } from "react";
import { Link } from "../../i18n/links";
import type { StateRecord } from "../../../domain/datasets/schemas";
import { stateSlug } from "../../../domain/datasets/state-names";
import { formatAsOf, formatNumber, formatPercent, pluralize } from "../../../domain/format";
import { lawStatusKey, lawStatusText, lawTitleWithYear } from "../../../domain/law-status";
import { openDataPath } from "../../../domain/opendata/documents";
import { paths } from "../../../domain/routes";
import type { DescribedSource } from "../../../domain/source-titles";
import { ExpandableText } from "../../ui/ExpandableText";
import { ExternalLink, withScheme } from "../../ui/ExternalLink";
import { SourceList } from "../../ui/SourceList";
import { PolicyDocumentLink } from "./PolicyDocumentLink";
import { StateContacts } from "./StateContacts";
import { splitFinding } from "./key-findings";
import styles from "./StatePolicyPage.module.css";

/**
 * /states/{id}: one state's disability law, rank, score, findings, contacts and sources. Each part is a
 * section of its own; `children` are further sections (e.g. the latest verified reports, a correction
 * form), placed before the sources.
 */
export function StatePolicyPage({
  record,
  schoolCount,
  totalStates,
  sources,
  children,
}: {
  record: StateRecord;
  /** The record's sources with their titles (describeSources, at build time). */
  sources: readonly DescribedSource[];
  schoolCount: number;
  totalStates: number;
  children?: ReactNode;
}) {
  const passed = lawStatusKey(record.status) === "passed";
  const lawTitle = lawTitleWithYear(record.law.name, record.law.year);
  return (
    <article className={`container ${styles.page}`}>
      <p className={styles.back}>
        <Link to={paths.home()}>Back to Home</Link>
      </p>
      <h1 className={styles.title}>{record.state}</h1>
      <ul className={styles.badges} aria-label="Summary">
        <li className={`${styles.badge} ${record.ranking ? styles.rank : styles.neutral}`}>
          {record.ranking ? `Ranked ${record.ranking} of ${totalStates}` : "Not ranked in this dataset"}
        </li>
        <li className={`${styles.badge} ${styles.neutral}`}>
          Inclusion score: {record.score === null ? "Not available" : formatPercent(record.score)}
        </li>
        <li className={`${styles.badge} ${passed ? styles.passed : styles.warning}`}>
          <span aria-hidden="true">{passed ? "✓ " : "! "}</span>
          Disability law: {lawStatusText(record.status, record.law.year, { besideTitle: lawTitle })}
        </li>
      </ul>

      <dl className={styles.facts}>
        <div>
          <dt>Law</dt>
          <dd>{lawTitle || "Not available"}</dd>
        </div>
        <div>
          <dt>Implementing agency</dt>
          <dd>{record.agency || "Not available"}</dd>
        </div>
        <div>
          <dt>Inclusive schools listed</dt>
          <dd>
            <Link to={paths.homeWithState(stateSlug(record.state))}>
              {formatNumber(schoolCount)} {pluralize(schoolCount, "school")}
            </Link>
          </dd>
        </div>
      </dl>

      <section aria-labelledby="overview-heading" className={styles.section}>
        <h2 id="overview-heading">Overview</h2>
        {record.desc ? <ExpandableText text={record.desc} /> : <p>No overview available yet.</p>}
        <PolicyDocumentLink url={record.url} label="Download the disability policy" />
      </section>

      <section aria-labelledby="findings-heading" className={styles.section}>
        <h2 id="findings-heading">Key Findings</h2>
        {record.key_findings.length > 0 ? (
          <ul className={styles.findings}>
            {record.key_findings.map((finding) => {
              const { label, text } = splitFinding(finding);
              return (
                <li key={finding}>
                  {label ? <strong>{label}:</strong> : null} {text}
                </li>
              );
            })}
          </ul>
        ) : (
          <p>No verified finding yet.</p>
        )}
      </section>

      <section aria-labelledby="contact-heading" className={styles.section}>
        <h2 id="contact-heading">Contact</h2>
        <StateContacts record={record} />
        {record.website ? (
          <p>
            Website: <ExternalLink href={withScheme(record.website)}>{record.website}</ExternalLink>
          </p>
        ) : null}
      </section>

      {record.notes ? (
        <section aria-labelledby="notes-heading" className={styles.section}>
          <h2 id="notes-heading">Notes on this record</h2>
          <p>{record.notes}</p>
        </section>
      ) : null}

      {children}

      <section aria-labelledby="sources-heading" className={styles.section}>
        <h2 id="sources-heading">Sources</h2>
        <p>
          Compiled as of {formatAsOf(record.as_of)}.
          {record.score_source ? ` Ranking and score: ${record.score_source}.` : ""}
        </p>
        <p>
          <a href={openDataPath("states", "csv", `?state=${stateSlug(record.state)}`)}>
            Download data<span className="visually-hidden">: {record.state}&apos;s record as CSV</span>
          </a>{" "}
          (CSV) or see <Link to={paths.openData()}>all open data</Link>.
        </p>
        <SourceList sources={sources} asOf={record.as_of} />
      </section>
    </article>
  );
}
