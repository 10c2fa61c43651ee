import type { ReactNode } from "react";
import { Link, T, useEnglishContentLang, useLanguage, useT } from "../../i18n";
import type { StateRecord } from "../../../domain/datasets/schemas";
import { stateSlug } from "../../../domain/datasets/state-names";
import { formatAsOf, formatPercent } from "../../../domain/format";
import { lawStatusKey, lawTitleWithYear } from "../../../domain/law-status";
import { openDataPath } from "../../../domain/opendata/documents";
import { paths } from "../../../domain/routes";
import type { DescribedSource } from "../../../domain/source-titles";
import { noFieldSources, sourceOfFields, type ShownFieldSource } from "../../../domain/field-sources";
import { FieldSource } from "../../ui/FieldSource";
import { ExpandableText } from "../../ui/ExpandableText";
import { ExternalLink, withScheme } from "../../ui/ExternalLink";
import { LaterPart } from "../../ui/LaterPart";
import { StaticPart } from "../../ui/StaticPart";
import { LastChecked } from "../../ui/LastChecked";
import { ReaderText } from "../../ui/ReaderText";
import { SourceList } from "../../ui/SourceList";
import type { DocumentLinkSource } from "../../../domain/datadesk/documents";
import { PolicyDocumentLink, UploadedDocumentLink } from "./PolicyDocumentLink";
import { useLawStatusText } from "../../i18n/law-status-text";
import { StateContacts } from "./StateContacts";
import { splitFinding } from "./key-findings";
import styles from "./StatePolicyPage.module.css";

/**
 * /states/{id}: one state's disability law, rank, score, findings, contacts and sources. Each part is a
 * section of its own; `children` are further sections (e.g. the latest verified reports, a correction
 * form), placed before the sources. Below the badges and facts, the overview (its "Read more" button)
 * hydrates in a task of its own (LaterPart), and the findings, contacts and sources, only text and links, are
 * not hydrated at all (StaticPart): the whole page was one task of 300 ms and more on a slow phone.
 */
export function StatePolicyPage({
  record,
  schoolCount,
  totalStates,
  sources,
  checkedOn = null,
  outOfDate = false,
  lawDocument = null,
  fieldSources = noFieldSources,
  children,
}: {
  record: StateRecord;
  /** The record's sources with their titles, publishers and days read (sourcesToShow, in the loader). */
  sources: readonly DescribedSource[];
  schoolCount: number;
  totalStates: number;
  /** The day the record was last checked, in words (the loader's), and whether that is more than 18 months ago. */
  checkedOn?: string | null;
  outOfDate?: boolean;
  /** The law's uploaded text (data_documents), when the record names one. */
  lawDocument?: DocumentLinkSource | null;
  /** Sources of the latest changes to single fields, where they differ from `sources` (by field path). */
  fieldSources?: Record<string, ShownFieldSource>;
  children?: ReactNode;
}) {
  const t = useT();
  const lawStatus = useLawStatusText();
  const contentLang = useEnglishContentLang();
  const language = useLanguage();
  const passed = lawStatusKey(record.status) === "passed";
  const lawTitle = lawTitleWithYear(record.law.name, record.law.year);
  const source = (...fields: string[]) => sourceOfFields(fieldSources, fields);
  // What the sections that are only text and links (StaticPart) are rendered from.
  const shows = [record, sources, checkedOn, outOfDate, fieldSources, language];
  return (
    <article className={`container ${styles.page}`}>
      <p className={styles.back}>
        <Link to={paths.home()}>{t("common.backToHome")}</Link>
      </p>
      <h1 className={styles.title}>{record.state}</h1>
      <ul className={styles.badges} aria-label={t("states.page.summary")}>
        <li className={`${styles.badge} ${record.ranking ? styles.rank : styles.neutral}`}>
          {record.ranking
            ? t("states.page.ranked", {
                position: Number.parseInt(record.ranking, 10),
                total: totalStates,
              })
            : t("states.page.notRanked")}
        </li>
        <li className={`${styles.badge} ${styles.neutral}`}>
          {t("states.page.score", {
            score: record.score === null ? t("states.notAvailable") : formatPercent(record.score),
          })}
        </li>
        <li className={`${styles.badge} ${passed ? styles.passed : styles.warning}`}>
          <span aria-hidden="true">{passed ? "✓ " : "! "}</span>
          {t("states.page.lawBadge", {
            status: lawStatus(record.status, record.law.year, { besideTitle: lawTitle }),
          })}
        </li>
      </ul>
      <FieldSource source={source("ranking", "score")} />

      <dl className={styles.facts}>
        <div>
          <dt>{t("states.page.law")}</dt>
          <dd lang={lawTitle ? contentLang : undefined}>
            {lawTitle || t("states.notAvailable")}
            <FieldSource source={source("status", "law")} />
          </dd>
        </div>
        <div>
          <dt>{t("states.page.agency")}</dt>
          <dd lang={record.agency ? contentLang : undefined}>
            {record.agency || t("states.notAvailable")}
            <FieldSource source={source("agency")} />
          </dd>
        </div>
        <div>
          <dt>{t("states.page.schoolsListed")}</dt>
          <dd>
            <Link to={paths.homeWithState(stateSlug(record.state))}>
              {t("states.page.schoolCount", { count: schoolCount })}
            </Link>
          </dd>
        </div>
      </dl>

      <LaterPart name="state-overview">
        <section aria-labelledby="overview-heading" className={styles.section}>
          <h2 id="overview-heading">{t("states.page.overview")}</h2>
          {/* A translation is of the English text: without one, there is nothing to translate. */}
          {record.desc ? (
            <ReaderText record={record} field="desc">
              {(overview, lang) => <ExpandableText text={overview} lang={lang} />}
            </ReaderText>
          ) : (
            <p>{t("states.page.noOverview")}</p>
          )}
          {lawDocument ? (
            <UploadedDocumentLink document={lawDocument} purpose="law" />
          ) : (
            <PolicyDocumentLink url={record.url} label={t("states.page.downloadPolicy")} />
          )}
        </section>
      </LaterPart>

      <StaticPart as="section" shows={shows} aria-labelledby="findings-heading" className={styles.section}>
        <h2 id="findings-heading">{t("states.page.findings")}</h2>
        {record.key_findings.length > 0 ? (
          <ReaderText record={record} field="key_findings">
            {(findings, lang) => (
              <ul className={styles.findings} lang={lang}>
                {findings.map((finding) => {
                  const { label, text } = splitFinding(finding);
                  return (
                    <li key={finding}>
                      {label ? <strong>{label}:</strong> : null} {text}
                    </li>
                  );
                })}
              </ul>
            )}
          </ReaderText>
        ) : (
          <p>{t("states.page.noFindings")}</p>
        )}
      </StaticPart>

      <StaticPart as="section" shows={shows} aria-labelledby="contact-heading" className={styles.section}>
        <h2 id="contact-heading">{t("states.page.contact")}</h2>
        <StateContacts record={record} />
        <FieldSource source={source("address", "phone", "email", "website")} />
        {record.website ? (
          <p>
            <T
              id="states.page.website"
              components={{
                link: <ExternalLink href={withScheme(record.website)}>{record.website}</ExternalLink>,
              }}
            />
          </p>
        ) : null}
      </StaticPart>

      {record.notes ? (
        <section aria-labelledby="notes-heading" className={styles.section}>
          <h2 id="notes-heading">{t("states.page.notes")}</h2>
          <p lang={contentLang}>{record.notes}</p>
        </section>
      ) : null}

      {children}

      <StaticPart as="section" shows={shows} aria-labelledby="sources-heading" className={styles.section}>
        <h2 id="sources-heading">{t("states.page.sources")}</h2>
        <p>
          {record.score_source
            ? t("states.page.compiledAsOfWithScore", {
                date: formatAsOf(record.as_of),
                source: record.score_source,
              })
            : t("states.page.compiledAsOf", { date: formatAsOf(record.as_of) })}
        </p>
        <p>
          <T
            id="states.page.downloadData"
            values={{ state: record.state }}
            components={{
              // The link's words come from the message (<download>…</download>).
              // eslint-disable-next-line jsx-a11y/anchor-has-content
              download: <a href={openDataPath("states", "csv", `?state=${stateSlug(record.state)}`)} />,
              hidden: <span className="visually-hidden" />,
              openData: <Link to={paths.openData()} />,
            }}
          />
        </p>
        <SourceList sources={sources} />
        <LastChecked checkedOn={checkedOn} outOfDate={outOfDate} />
        <p>
          <Link to={paths.stateHistory(record.id)}>{t("common.seeEveryChange")}</Link>
        </p>
      </StaticPart>
    </article>
  );
}
