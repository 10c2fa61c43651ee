import { useT } from "../../i18n";
import type { ImportRowView } from "./datadesk-api";
import { useDeskText } from "./desk-text";
import styles from "./DataDesk.module.css";

/** The schools an import adds and changes, each field old → new (the dry run's and the review queue's). */
export function ImportRows({
  additions,
  changes,
  headingLevel,
}: {
  additions: readonly ImportRowView[];
  changes: readonly ImportRowView[];
  headingLevel: 3 | 4;
}) {
  const t = useT();
  const text = useDeskText();
  const Heading = `h${headingLevel}` as "h3" | "h4";
  const list = (rows: readonly ImportRowView[], adding: boolean) => (
    <ul className={styles.importRows}>
      {rows.map((row) => (
        <li key={row.row}>
          <strong>
            {adding || row.recordId === null
              ? t("datadesk.import.rowName", { row: row.row, name: row.name })
              : t("datadesk.import.schoolName", { id: row.recordId, name: row.name })}
          </strong>
          <ul className={styles.edits}>
            {row.fields.map((field) => (
              <li key={field.field}>
                {adding
                  ? `${text.fieldLabel("school", field.field)}: ${text.valueText("school", field.field, field.to)}`
                  : text.fromTo("school", field.field, field.from, field.to)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {additions.length > 0 ? (
        <>
          <Heading>{t("datadesk.import.additionsTitle", { count: additions.length })}</Heading>
          <p className={styles.hintText}>{t("datadesk.import.newNumber")}</p>
          {list(additions, true)}
        </>
      ) : null}
      {changes.length > 0 ? (
        <>
          <Heading>{t("datadesk.import.changesTitle", { count: changes.length })}</Heading>
          {list(changes, false)}
        </>
      ) : null}
    </>
  );
}
