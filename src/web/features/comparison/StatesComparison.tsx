import { useId } from "react";
import { useSearchParams } from "react-router";
import { Link } from "../../i18n/links";
import { zones } from "../../../domain/datasets/zones";
import { formatNumber, formatPercent } from "../../../domain/format";
import { lawStatusCategories, lawStatusText } from "../../../domain/law-status";
import { openDataPath } from "../../../domain/opendata/documents";
import { paths } from "../../../domain/routes";
import {
  comparisonRows,
  defaultView,
  paramsFromView,
  reportCountsFrom,
  viewFromParams,
  type ComparisonView,
  type SortKey,
  type StateRow,
} from "../../../domain/states-comparison";
import { useApiQuery } from "../../lib/use-api";
import { useHydrated } from "../../ui/useHydrated";
import { fetchReportCounts } from "./report-counts-api";
import styles from "./StatesComparison.module.css";

const columns: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: "state", label: "State" },
  { key: "zone", label: "Zone" },
  { key: "status", label: "Law status" },
  { key: "year", label: "Year passed", numeric: true },
  { key: "law", label: "Law title" },
  { key: "agency", label: "Agency" },
  { key: "rank", label: "SDIR rank", numeric: true },
  { key: "score", label: "SDIR score", numeric: true },
  { key: "schools", label: "Schools in the directory", numeric: true },
  { key: "reports", label: "Verified eyewitness reports", numeric: true },
];

export const reportCountText = {
  loading: "Loading…",
  failed: "Not available",
} as const;

/** The verified reports per state: loading until the counts arrive after hydration, or failed. */
type Counts =
  { state: "loading" } | { state: "loaded"; counts: ReadonlyMap<number, number> } | { state: "failed" };

function cell(row: StateRow, key: SortKey, reports: Counts) {
  switch (key) {
    case "state":
      return <Link to={paths.state(row.id)}>{row.name}</Link>;
    case "zone":
      return row.zone ?? "Not available";
    case "status":
      return lawStatusText(row.status, null);
    case "year":
      return row.year ?? "—";
    case "law":
      return row.lawTitle || "Not available";
    case "agency":
      return row.agency || "Not known";
    case "rank":
      return row.rank ?? "Not ranked";
    case "score":
      return row.score === null ? "Not available" : formatPercent(row.score);
    case "schools":
      return formatNumber(row.schools);
    case "reports":
      if (reports.state === "loading") return reportCountText.loading;
      if (reports.state === "failed") return reportCountText.failed;
      return formatNumber(reports.counts.get(row.id) ?? 0);
  }
}

/** The open states CSV of the rows shown: the same zone and law status, as /states writes them. */
function downloadHref(view: ComparisonView): string {
  const query = new URLSearchParams();
  if (view.zone) query.set("zone", view.zone);
  if (view.status) query.set("status", view.status);
  const filters = query.toString();
  return openDataPath("states", "csv", filters ? `?${filters}` : "");
}

/** Fetched once the page is interactive; a failure leaves the rest of the table as it is. */
function useReportCounts(hydrated: boolean): Counts {
  const counts = useApiQuery({
    queryKey: ["reviews.publishedCounts"],
    queryFn: async ({ signal }) => reportCountsFrom((await fetchReportCounts(signal)).counts),
    enabled: hydrated,
  });
  if (counts.data) return { state: "loaded", counts: counts.data };
  return counts.failure ? { state: "failed" } : { state: "loading" };
}

/**
 * /states: every state side by side. The view (filters and sort) lives in the URL; the filters are a plain
 * form and the column headings plain links, so both work before the page's JavaScript has run. Screen
 * readers get the sort from `aria-sort` and the number of matching states from a polite status line. The
 * verified eyewitness reports per state come from the API once the page is interactive: until then each
 * cell says "Loading…" (never a made-up 0), and "Not available" if they could not be fetched.
 */
export function StatesComparison({ rows }: { rows: readonly StateRow[] }) {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  // The prerendered HTML shows the default view; the URL's view applies once hydrated, so they match.
  const view = hydrated ? viewFromParams(params) : defaultView;
  const reports = useReportCounts(hydrated);
  const shown = comparisonRows(rows, view, reports.state === "loaded" ? reports.counts : null);
  const captionId = useId();
  const zoneId = useId();
  const statusId = useId();

  const hrefFor = (next: ComparisonView) => {
    const query = paramsFromView(next).toString();
    return query ? `${paths.states()}?${query}` : paths.states();
  };
  const update = (next: ComparisonView) => setParams(paramsFromView(next), { preventScrollReset: true });

  return (
    <>
      <form method="get" action={paths.states()} className={styles.filters} aria-label="Filter the states">
        <div className={styles.field}>
          <label htmlFor={zoneId}>Zone</label>
          <select
            id={zoneId}
            name="zone"
            value={view.zone ?? ""}
            onChange={(event) =>
              update({ ...view, zone: zones.find((z) => z === event.target.value) ?? null })
            }
          >
            <option value="">All zones</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={statusId}>Law status</label>
          <select
            id={statusId}
            name="status"
            value={view.status ?? ""}
            onChange={(event) =>
              update({
                ...view,
                status: lawStatusCategories.find((c) => c.key === event.target.value)?.key ?? null,
              })
            }
          >
            <option value="">All statuses</option>
            {lawStatusCategories.map((category) => (
              <option key={category.key} value={category.key}>
                {category.label}
              </option>
            ))}
          </select>
        </div>
        {view.sort !== defaultView.sort ? <input type="hidden" name="sort" value={view.sort} /> : null}
        {view.dir !== defaultView.dir ? <input type="hidden" name="dir" value={view.dir} /> : null}
        {/* Needed only before the page is interactive: afterwards each choice applies at once. */}
        <button type="submit" className="button button--secondary" hidden={hydrated}>
          Apply filters
        </button>
      </form>

      <p role="status" className={styles.count}>
        {shown.length === rows.length
          ? `Showing all ${rows.length} states.`
          : `Showing ${shown.length} of ${rows.length} states.`}{" "}
        {view.zone || view.status ? (
          <Link to={hrefFor({ ...view, zone: null, status: null })}>Clear filters</Link>
        ) : null}
      </p>

      <p>
        <a href={downloadHref(view)} download>
          Download these rows as CSV
        </a>
      </p>

      {/* Focusable so keyboard users can scroll it sideways (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table}>
          <caption id={captionId} className={styles.caption}>
            States compared
            {view.sort
              ? `, sorted by ${columns.find((c) => c.key === view.sort)?.label.toLowerCase()} (${view.dir})`
              : ""}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = view.sort === column.key;
                const nextDir = active && view.dir === "ascending" ? "descending" : "ascending";
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? view.dir : undefined}
                    className={column.numeric ? styles.numeric : undefined}
                  >
                    <Link
                      to={hrefFor({ ...view, sort: column.key, dir: nextDir })}
                      preventScrollReset
                      className={styles.sortLink}
                    >
                      {column.label}
                      <span aria-hidden="true" className={styles.arrow}>
                        {active ? (view.dir === "ascending" ? " ▲" : " ▼") : " ↕"}
                      </span>
                      <span className="visually-hidden">
                        {active ? `, sorted ${view.dir}; sort ${nextDir}` : ", sort"}
                      </span>
                    </Link>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id} data-law-status={row.statusKey}>
                {columns.map((column) =>
                  column.key === "state" ? (
                    <th key={column.key} scope="row">
                      {cell(row, column.key, reports)}
                    </th>
                  ) : (
                    <td key={column.key} className={column.numeric ? styles.numeric : undefined}>
                      {cell(row, column.key, reports)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 ? <p>No state matches these filters.</p> : null}
    </>
  );
}
