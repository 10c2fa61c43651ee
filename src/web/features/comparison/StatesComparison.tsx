import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  memo,
  useEffect,
  useId,
  useMemo,
  useRef,
} from "react";
import { useSearchParams } from "react-router";
import { Link, type Translate, useLanguage, useT } from "../../i18n";
import { zones } from "../../../domain/datasets/zones";
import { formatNumber, formatPercent } from "../../../domain/format";
import { NO_LAW_YET, noLawYetKeys, type LawStatusKey } from "../../../domain/law-status";
import { openDataPath } from "../../../domain/opendata/documents";
import { paths } from "../../../domain/routes";
import {
  comparisonRows,
  defaultView,
  paramsFromView,
  viewFromParams,
  type ComparisonView,
  type SortKey,
  type StateRow,
} from "../../../domain/states-comparison";
import { usePublicRead } from "../../lib/use-public-read";
import { lawStatusLabelText, lawStatusWords } from "../../i18n/law-status-text";
import { StaticPart } from "../../ui/StaticPart";
import { useHydrated } from "../../ui/useHydrated";
import { readReportCounts } from "./report-counts-api";
import styles from "./StatesComparison.module.css";

/** The columns, in order; each is named by `comparison.column.<key>`. */
const columns: { key: SortKey; numeric?: boolean }[] = [
  { key: "state" },
  { key: "zone" },
  { key: "status" },
  { key: "year", numeric: true },
  { key: "law" },
  { key: "agency" },
  { key: "rank", numeric: true },
  { key: "score", numeric: true },
  { key: "schools", numeric: true },
  { key: "reports", numeric: true },
];

/** The verified reports per state: loading until the counts arrive after hydration, or failed. */
type Counts =
  { state: "loading" } | { state: "loaded"; counts: ReadonlyMap<number, number> } | { state: "failed" };

function cell(t: Translate, row: StateRow, key: SortKey, reports: Counts) {
  switch (key) {
    case "state":
      return <Link to={paths.state(row.id)}>{row.name}</Link>;
    case "zone":
      return row.zone ?? t("comparison.notAvailable");
    case "status":
      return lawStatusWords(t, row.status, null);
    case "year":
      return row.year ?? "—";
    case "law":
      return row.lawTitle || t("comparison.notAvailable");
    case "agency":
      return row.agency || t("comparison.notKnown");
    case "rank":
      return row.rank ?? t("comparison.notRanked");
    case "score":
      return row.score === null ? t("comparison.notAvailable") : formatPercent(row.score);
    case "schools":
      return formatNumber(row.schools);
    case "reports":
      if (reports.state === "loading") return t("comparison.loading");
      if (reports.state === "failed") return t("comparison.notAvailable");
      return formatNumber(reports.counts.get(row.id) ?? 0);
  }
}

/** The open states CSV of the rows shown: the same zone and law statuses, as /states writes them. */
function downloadHref(view: ComparisonView): string {
  const query = new URLSearchParams();
  if (view.zone) query.set("zone", view.zone);
  for (const status of view.status) query.append("status", status);
  const filters = query.toString();
  return openDataPath("states", "csv", filters ? `?${filters}` : "");
}

/**
 * The counts the page was rendered with, or else fetched once the page is interactive; a failure leaves
 * the rest of the table as it is.
 */
function useReportCounts(hydrated: boolean, rendered: ReadonlyMap<number, number> | undefined): Counts {
  const counts = usePublicRead("counts", readReportCounts, hydrated && rendered === undefined);
  const loaded = rendered ?? counts.data;
  const failed = Boolean(counts.failure);
  // The same object while nothing changed, so the table (memo) is not rendered again for nothing.
  return useMemo<Counts>(() => {
    if (loaded) return { state: "loaded", counts: loaded };
    return failed ? { state: "failed" } : { state: "loading" };
  }, [loaded, failed]);
}

/** `href` of /states showing `view`. */
function viewHref(view: ComparisonView): string {
  const query = paramsFromView(view).toString();
  return query ? `${paths.states()}?${query}` : paths.states();
}

/**
 * /states: every state side by side. The view (filters and sort) lives in the URL; the filters are a plain
 * form and the column headings plain links, so both work before the page's JavaScript has run. Screen
 * readers get the sort from `aria-sort` and the number of matching states from a polite status line. The
 * verified eyewitness reports per state are counted by the server for the page; without them, they come
 * from the API once the page is interactive: until then each cell says "Loading…" (never a made-up 0), and
 * "Not available" if they could not be fetched.
 */
export function StatesComparison({
  rows,
  verifiedReports,
}: {
  rows: readonly StateRow[];
  /** The verified reports per state id, when the server counted them for the page (no fetch then). */
  verifiedReports?: ReadonlyMap<number, number>;
}) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  // The server renders the view the address asks for (its GET form and column links work without
  // JavaScript), reading the query as viewFromParams does, so the first render here matches it.
  // Made again only when the query changes: the same view object keeps the table (a memo) as it is.
  const query = params.toString();
  const view = useMemo(() => viewFromParams(new URLSearchParams(query)), [query]);
  const reports = useReportCounts(hydrated, verifiedReports);
  const shown = useMemo(
    () => comparisonRows(rows, view, reports.state === "loaded" ? reports.counts : null),
    [rows, view, reports],
  );
  const captionId = useId();
  const zoneId = useId();
  const summary = useRef<HTMLParagraphElement>(null);

  // Going through the zones or ticking statuses filters nothing yet (WCAG 3.2.2): "Apply filters" or Enter
  // does, and then focus goes to the count of states shown, which screen readers read. Before hydration the
  // form is a plain GET form giving the same address.
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = viewFromParams(new URLSearchParams(form as unknown as Record<string, string>));
    setParams(paramsFromView({ ...view, zone: chosen.zone, status: chosen.status }), {
      preventScrollReset: true,
    });
    summary.current?.focus();
  }
  function applyOnEnter(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    event.currentTarget.closest("form")?.requestSubmit();
  }

  return (
    <>
      <form
        method="get"
        action={paths.states()}
        className={styles.filters}
        aria-label={t("comparison.filters")}
        onSubmit={apply}
        // A new view's choices (Back, a shared link, "Clear filters") replace those in the form.
        key={paramsFromView({ ...defaultView, zone: view.zone, status: view.status }).toString()}
      >
        <div className={styles.field}>
          <label htmlFor={zoneId}>{t("comparison.column.zone")}</label>
          <select id={zoneId} name="zone" defaultValue={view.zone ?? ""} onKeyDown={applyOnEnter}>
            <option value="">{t("comparison.allZones")}</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
        <StatusChoices chosen={view.status} onKeyDown={applyOnEnter} />
        {view.sort !== defaultView.sort ? <input type="hidden" name="sort" value={view.sort} /> : null}
        {view.dir !== defaultView.dir ? <input type="hidden" name="dir" value={view.dir} /> : null}
        <button type="submit" className="button button--secondary">
          {t("comparison.applyFilters")}
        </button>
      </form>

      <p role="status" className={styles.count} ref={summary} tabIndex={-1}>
        {shown.length === rows.length
          ? t("comparison.showingAll", { total: rows.length })
          : t("comparison.showingSome", { shown: shown.length, total: rows.length })}{" "}
        {view.zone || view.status.length > 0 ? (
          <Link to={viewHref({ ...view, zone: null, status: [] })}>{t("comparison.clearFilters")}</Link>
        ) : null}
      </p>

      <p>
        <a href={downloadHref(view)} download>
          {t("comparison.download")}
        </a>
      </p>

      <ComparisonTable shown={shown} view={view} reports={reports} captionId={captionId} />
      {shown.length === 0 ? <p>{t("comparison.noMatch")}</p> : null}
    </>
  );
}

/**
 * The table of the states shown, sortable by its column headings (links). A memo: the page renders again
 * when it has hydrated and when the counts come, and the 37 rows only when what they show has changed.
 */
const ComparisonTable = memo(function ComparisonTable({
  shown,
  view,
  reports,
  captionId,
}: {
  shown: readonly StateRow[];
  view: ComparisonView;
  reports: Counts;
  captionId: string;
}) {
  const t = useT();
  const language = useLanguage();
  return (
    // Only links and text: served, the table is not hydrated (StaticPart); its 37 rows were most of the
    // page's hydration on a slow phone. A new sort or filter renders it anew.
    // Focusable so keyboard users can scroll it sideways (axe: scrollable-region-focusable).
    <StaticPart
      shows={[shown, view, reports, language]}
      className={styles.scroller}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {view.sort
            ? t(`comparison.captionSorted.${view.dir}`, {
                column: t(`comparison.column.${view.sort}`).toLocaleLowerCase(language),
              })
            : t("comparison.caption")}
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
                    to={viewHref({ ...view, sort: column.key, dir: nextDir })}
                    preventScrollReset
                    className={styles.sortLink}
                  >
                    {t(`comparison.column.${column.key}`)}
                    <span aria-hidden="true" className={styles.arrow}>
                      {active ? (view.dir === "ascending" ? " ▲" : " ▼") : " ↕"}
                    </span>
                    <span className="visually-hidden">
                      {active ? t(`comparison.sort.${view.dir}`) : t("comparison.sort.none")}
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
                    {cell(t, row, column.key, reports)}
                  </th>
                ) : (
                  <td key={column.key} className={column.numeric ? styles.numeric : undefined}>
                    {cell(t, row, column.key, reports)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </StaticPart>
  );
});

/**
 * The law statuses, several at once: "Passed", and "No law yet" with the three statuses it stands for
 * under it. Without JavaScript each box is sent as it is (`no-law-yet` counts for the three); with it,
 * ticking "No law yet" ticks the three and the three tick it, as a reader expects of a group's box.
 */
function StatusChoices({
  chosen,
  onKeyDown,
}: {
  chosen: readonly LawStatusKey[];
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  const t = useT();
  const kinds = useRef<HTMLDivElement>(null);
  const groupBox = useRef<HTMLInputElement>(null);
  const chosenKinds = noLawYetKeys.filter((key) => chosen.includes(key)).length;
  const kindBoxes = () => [...(kinds.current?.querySelectorAll("input") ?? [])];
  // Some of the three chosen: the group's box shows it is partly ticked (a property, not an attribute).
  useEffect(() => {
    if (groupBox.current) {
      groupBox.current.indeterminate = chosenKinds > 0 && chosenKinds < noLawYetKeys.length;
    }
  }, [chosenKinds]);
  const onGroupChange = (event: ChangeEvent<HTMLInputElement>) => {
    for (const box of kindBoxes()) box.checked = event.currentTarget.checked;
  };
  const onKindChange = () => {
    const box = groupBox.current;
    if (!box) return;
    const ticked = kindBoxes().filter((kind) => kind.checked).length;
    box.checked = ticked === noLawYetKeys.length;
    box.indeterminate = ticked > 0 && ticked < noLawYetKeys.length;
  };
  return (
    <fieldset className={styles.statuses}>
      <legend>{t("comparison.column.status")}</legend>
      <label className={styles.status}>
        <input
          type="checkbox"
          name="status"
          value="passed"
          defaultChecked={chosen.includes("passed")}
          onKeyDown={onKeyDown}
        />{" "}
        {lawStatusLabelText(t, "passed")}
      </label>
      <div className={styles.noLawYet}>
        <label className={styles.status}>
          <input
            ref={groupBox}
            type="checkbox"
            name="status"
            value={NO_LAW_YET}
            defaultChecked={chosenKinds === noLawYetKeys.length}
            onKeyDown={onKeyDown}
            onChange={onGroupChange}
          />{" "}
          {t("comparison.noLawYet")}
        </label>
        <div className={styles.noLawKinds} ref={kinds}>
          {noLawYetKeys.map((key) => (
            <label key={key} className={styles.status}>
              <input
                type="checkbox"
                name="status"
                value={key}
                defaultChecked={chosen.includes(key)}
                onKeyDown={onKeyDown}
                onChange={onKindChange}
              />{" "}
              {lawStatusLabelText(t, key)}
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
