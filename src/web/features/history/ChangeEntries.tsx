import type { PublishedChange } from "../../../domain/api/history";
import type { RecordKind } from "../../../domain/datadesk/record-kinds";
import { paths } from "../../../domain/routes";
import { sourceName } from "../../../domain/source-titles";
import { isWebAddress } from "../../../domain/web-address";
import { Link, T, useEnglishContentLang, useT } from "../../i18n";
import { ExternalLink } from "../../ui/ExternalLink";
import { dayOf, fieldName, valueLang, valueText, type HistoryDays } from "./history-text";
import styles from "./HistoryPage.module.css";

// The published changes as a list: each one's date (in <time>), each field's old → new (read by a screen
// reader as "status: changed from Pending to Passed", shown as "status: Pending → Passed"), the source and
// the note. Editors are only ever "Inclusion Atlas editors". The data (names, values, notes) is in English.

/** Where a record's own page is, when it has one. */
export function recordPath(kind: RecordKind, id: string): string {
  if (kind === "state") return paths.state(Number(id));
  if (kind === "school") return paths.school(Number(id));
  if (kind === "estimate") return paths.estimates();
  return paths.home();
}

export function ChangeEntries({
  entries,
  days,
  headingLevel,
  showRecord,
}: {
  entries: readonly PublishedChange[];
  /** The entries' days in words (the loader's historyDays). */
  days: HistoryDays;
  /** The level of each entry's heading (below the list's own heading). */
  headingLevel: 2 | 3;
  /** On /changes each entry names its record (linked); a record's own page needs not. */
  showRecord: boolean;
}) {
  return (
    <ol className={styles.entries}>
      {entries.map((entry) => (
        <li key={entry.id} id={`change-${entry.id}`} className={styles.entry}>
          <ChangeEntry entry={entry} days={days} headingLevel={headingLevel} showRecord={showRecord} />
        </li>
      ))}
    </ol>
  );
}

function ChangeEntry({
  entry,
  days,
  headingLevel,
  showRecord,
}: {
  entry: PublishedChange;
  /** The loader's words for the entries' days (publication, sources read). */
  days: HistoryDays;
  headingLevel: 2 | 3;
  showRecord: boolean;
}) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `change-${entry.id}-heading`;
  const day = dayOf(days, entry.published_at);
  const published = (
    <T
      id="history.entry.published"
      values={{ editors: t("history.entry.editors") }}
      components={{
        time: <time dateTime={entry.published_at}>{day}</time>,
      }}
    />
  );
  return (
    <article aria-labelledby={headingId}>
      {showRecord ? (
        <>
          <Heading id={headingId} className={styles.entryHeading}>
            <Link to={recordPath(entry.kind, entry.record_id)}>{entry.record_name}</Link>{" "}
            <span className={styles.kind}>({t(`history.kind.${entry.kind}`)})</span>
          </Heading>
          <p className={styles.published}>{published}</p>
        </>
      ) : (
        <Heading id={headingId} className={styles.entryHeading}>
          {published}
        </Heading>
      )}
      {entry.fields.length === 0 ? (
        <p>{t("history.entry.noFields")}</p>
      ) : (
        <ul className={styles.fields} aria-label={t("history.entry.changedFields")}>
          {entry.fields.map((field) => {
            const name = fieldName(t, entry.kind, field.field);
            const from = valueText(t, entry.kind, field.field, field.from);
            const to = valueText(t, entry.kind, field.field, field.to);
            const lang = valueLang(entry.kind, field.field, contentLang);
            return (
              <li key={field.field}>
                <span className="visually-hidden">
                  {t("history.entry.fieldChange", { field: name, from, to })}
                </span>
                <span aria-hidden="true">
                  <span className={styles.fieldName}>{name}:</span>{" "}
                  <span className={styles.from} lang={lang}>
                    {from}
                  </span>{" "}
                  →{" "}
                  <span className={styles.to} lang={lang}>
                    {to}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {entry.from_correction ? <p>{t("history.entry.fromCorrection")}</p> : null}
      <ChangeSource source={entry.source} days={days} />
      <p>
        <span className={styles.label}>{t("history.entry.note")}</span>{" "}
        <span lang={contentLang}>{entry.note}</span>
      </p>
    </article>
  );
}

function ChangeSource({ source, days }: { source: PublishedChange["source"]; days: HistoryDays }) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  const { url, title, publisher, read, document } = source;
  if (!url && !document) return null;
  // An address is named by its title and publisher (the address itself when the change gave neither).
  const words = sourceName(title, publisher) ?? url;
  return (
    <p>
      <span className={styles.label}>{t("history.entry.source")}</span>{" "}
      {document ? (
        <>
          <ExternalLink href={document.url}>
            {t("history.entry.document", {
              title: sourceName(document.title, document.publisher) ?? document.url,
            })}
          </ExternalLink>
          {document.date ? ` ${t("common.sourceRead", { date: dayOf(days, document.date) })}` : null}
        </>
      ) : null}
      {document && url ? "; " : null}
      {/* Only web addresses are links; anything else is shown as the text it is. */}
      {/* The title and publisher are the source's own words, English content like the note. */}
      {url ? (
        isWebAddress(url) ? (
          <ExternalLink href={url}>
            <span lang={contentLang}>{words}</span>
          </ExternalLink>
        ) : (
          <span>{url}</span>
        )
      ) : null}
      {url && read ? ` ${t("common.sourceRead", { date: dayOf(days, read) })}` : null}
    </p>
  );
}
