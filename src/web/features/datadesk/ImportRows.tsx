import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { useT } from "../../i18n";
import { useApiQuery } from "../../lib/use-api";
import { deskQueries, type ImportPage, type ImportRowView } from "./datadesk-api";
import { useDeskText } from "./desk-text";
import styles from "./DataDesk.module.css";

/**
 * The schools an import adds and changes, each field old → new (the dry run's and the review queue's), a
 * page at a time: a file of 5,000 schools is megabytes, which a phone should not download to show 50.
 * The headings give the whole import's counts; the list, this page's schools in the file's order.
 */
export function ImportRows({
  schools,
  headingLevel,
  onPage,
  loading = false,
}: {
  schools: ImportPage;
  headingLevel: 3 | 4;
  /** Asks for another page; absent when the import has only one. */
  onPage?: (page: number) => void;
  /** Another page is on its way. */
  loading?: boolean;
}) {
  const t = useT();
  const text = useDeskText();
  const Heading = `h${headingLevel}` as "h3" | "h4";
  const additions = schools.rows.filter((row) => row.recordId === null);
  const changes = schools.rows.filter((row) => row.recordId !== null);
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
      {schools.last_page > 1 && onPage ? (
        <ImportPager schools={schools} onPage={onPage} loading={loading} />
      ) : null}
      {additions.length > 0 ? (
        <>
          <Heading>{t("datadesk.import.additionsTitle", { count: schools.additions })}</Heading>
          <p className={styles.hintText}>{t("datadesk.import.newNumber")}</p>
          {list(additions, true)}
        </>
      ) : null}
      {changes.length > 0 ? (
        <>
          <Heading>{t("datadesk.import.changesTitle", { count: schools.changes })}</Heading>
          {list(changes, false)}
        </>
      ) : null}
    </>
  );
}

/**
 * Previous and next page, and which schools are shown, said in a live region when the page changes. The
 * buttons stay focusable at either end (aria-disabled, not disabled), so focus is never lost from under a
 * keyboard user who has just reached the last page.
 */
function ImportPager({
  schools,
  onPage,
  loading,
}: {
  schools: ImportPage;
  onPage: (page: number) => void;
  loading: boolean;
}) {
  const t = useT();
  const { page, last_page: last, per_page: perPage, total } = schools;
  const first = (page - 1) * perPage + 1;
  const turn = (to: number) => {
    if (!loading && to >= 1 && to <= last && to !== page) onPage(to);
  };
  return (
    <nav aria-label={t("datadesk.import.pagesLabel")} className={styles.actions}>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={page <= 1 || loading ? true : undefined}
        onClick={() => turn(page - 1)}
      >
        {t("datadesk.import.previousPage")}
      </button>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={page >= last || loading ? true : undefined}
        onClick={() => turn(page + 1)}
      >
        {t("datadesk.import.nextPage")}
      </button>
      <span role="status">
        {loading
          ? t("datadesk.import.loadingPage")
          : t("datadesk.import.pageStatus", {
              page,
              last,
              first,
              to: Math.min(total, page * perPage),
              total,
            })}
      </span>
    </nav>
  );
}

/** A stored import's schools in the review queue, fetched a page at a time. */
export function StoredImportRows({ changeId, headingLevel }: { changeId: string; headingLevel: 3 | 4 }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const rows = useApiQuery({
    ...deskQueries.importRows(changeId, page),
    placeholderData: keepPreviousData,
  });
  if (rows.data) {
    return (
      <ImportRows
        schools={rows.data.import}
        headingLevel={headingLevel}
        onPage={setPage}
        loading={rows.isPlaceholderData}
      />
    );
  }
  if (rows.isError) {
    return (
      <p role="alert">
        {t("datadesk.import.pageFailed")}{" "}
        <button type="button" className="button button--secondary" onClick={() => void rows.refetch()}>
          {t("datadesk.import.tryAgain")}
        </button>
      </p>
    );
  }
  return <p role="status">{t("datadesk.import.loadingPage")}</p>;
}
