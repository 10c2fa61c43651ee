import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Link, T, useT, type Translate } from "../../i18n";
import { sameState } from "../../../domain/datasets/state-names";
import {
  countClasses,
  classOfCount,
  countFacts,
  explorerIndicators,
  explorerParams,
  explorerViews,
  indicatorFrom,
  rankedCounts,
  schoolGroupFrom,
  schoolGroups,
  stateCounts,
  statusBreakdown,
  tableCsv,
  viewFrom,
  type ExplorerIndicator,
  type ExplorerState,
  type SchoolGroup,
} from "../../../domain/explorer";
import {
  FIRST_SPREAD_YEAR,
  lastSpreadYear,
  passedBy,
  passedWithoutYear,
  spreadByYear,
  spreadYearFrom,
} from "../../../domain/law-spread";
import type { LawStatusKey } from "../../../domain/law-status";
import { CSV_LIST_SEPARATOR } from "../../../domain/opendata/csv";
import { citation } from "../../../domain/opendata/documents";
import { datasetInfo } from "../../../domain/opendata/dataset-info";
import { paths } from "../../../domain/routes";
import { lawStatusLabelText } from "../../i18n/law-status-text";
import { BarChart } from "./BarChart";
import { saveBlob, svgBlob, svgPngBlob } from "./download";
import { IndicatorMap, type MapClass } from "./IndicatorMap";
import { StepChart } from "./StepChart";
import styles from "./Explorer.module.css";

/** A dataset's version as cited, and its date in the page's language (made by the page's loader). */
export interface ExplorerCitation {
  version: string;
  date: string;
}

export interface ExplorerProps {
  /** Every state's law, schools by disability group and verified reports (src/web/app/explorer-data.ts). */
  states: readonly ExplorerState[];
  citations: { states: ExplorerCitation; schools: ExplorerCitation; reports: ExplorerCitation };
  /** On a state's page, the state marked in each view and named under it. */
  highlightStateId?: number;
  /** Called once the explorer is interactive (it has hydrated, or rendered in the browser). */
  onInteractive?: () => void;
}

/** A table as the page shows it and the CSV writes it. */
interface Table {
  caption: string;
  columns: string[];
  /** A list of names is one cell: ", " between them on the page, "; " in the CSV (as the open data). */
  rows: { key: string; cells: (string | number | string[])[]; current?: boolean }[];
}

/** What one indicator shows: the sentence, the drawings, the table, and where its figures come from. */
interface IndicatorModel {
  title: string;
  intro: string;
  summary: string;
  /** Said after the sentence, in the live region (the states it names). */
  more?: string;
  chart: ReactNode;
  map: ReactNode;
  table: Table;
  /** Notes under the view (states the figures leave out, the page's own state). */
  notes: string[];
  dataset: "states" | "schools" | "reports";
  /** The download's name without view and extension ("schools-hearing"). */
  fileStem: string;
}

const STATUS_CLASSES: Record<LawStatusKey, Omit<MapClass, "key" | "label">> = {
  passed: { fill: "#0b5d3b", marks: "none" },
  "awaiting-assent": { fill: "#a8dcb9", marks: "lines", ink: "#0b5d3b" },
  "second-reading": { fill: "#f2c14e", marks: "dots", ink: "#6b3d00" },
  pending: { fill: "#ffffff", marks: "none" },
};
const COUNT_CLASSES: Omit<MapClass, "key" | "label">[] = [
  { fill: "#ffffff", marks: "none" },
  { fill: "#d6ecf3", marks: "dots", ink: "#1d5f7a" },
  { fill: "#6fb3cf", marks: "lines", ink: "#0d3b4f" },
  { fill: "#1d5f7a", marks: "none" },
];

/**
 * The explorer: one indicator at a time (the law's status, the year it passed, the schools listed by
 * disability group, the verified eyewitness reports) as a chart, a map or a table, with a sentence in the
 * page's language that says what is shown, downloads of that view and how to cite it. The indicator, view,
 * year and group are in the URL, so the server renders the view a link asks for. The indicators and groups
 * are links, which work before the page is interactive; without JavaScript the page carries the table.
 *
 * Keyboard and screen reader: every control is a link or a button in reading order; the pressed view and
 * the current indicator and group are announced as such; the sentence is a polite live region; each
 * drawing is an image named by its title and sentence, and the table holds every figure it draws.
 */
export function Explorer({ states, citations, highlightStateId, onInteractive }: ExplorerProps) {
  const t = useT();
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const indicator = indicatorFrom(params.get(explorerParams.indicator));
  const view = viewFrom(params.get(explorerParams.view));
  const group = indicator === "schools" ? schoolGroupFrom(params.get(explorerParams.group)) : null;
  const asOf = citations.states.version;
  const last = lastSpreadYear(states, asOf);
  // The year shown follows each key press at once; the URL follows it (a navigation, which completes later:
  // a slider bound to the URL alone lost presses made before the last one had landed).
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const year =
    chosenYear ?? spreadYearFrom(params.get(explorerParams.year)?.trim() ?? null, FIRST_SPREAD_YEAR, last);
  const highlighted = states.find((state) => state.id === highlightStateId);
  // The drawing shown, found in its box when downloaded (its SVG is the file).
  const drawingBox = useRef<HTMLDivElement | null>(null);
  const drawing = () => drawingBox.current?.querySelector("svg") ?? null;
  const [pngFailed, setPngFailed] = useState(false);
  // Said on the element itself, not rendered: an island hydrates after the page, and the renderer does not
  // change a served element's attributes as it hydrates. The buttons show from then on (the CSS module).
  const section = useRef<HTMLElement | null>(null);
  const interactive = useRef(onInteractive);
  useEffect(() => {
    section.current?.setAttribute("data-interactive", "true");
    interactive.current?.();
  }, []);

  // Only the explorer's own parameters change; the page's others (the table's filters) stay.
  function update(values: Record<string, string>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(values)) next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }
  function setYear(next: number) {
    const kept = Math.min(Math.max(next, FIRST_SPREAD_YEAR), last);
    setChosenYear(kept);
    update({ [explorerParams.year]: String(kept) });
  }
  /** A link of the choosers: the whole view it shows, so it works before hydration and when shared. */
  function choiceHref(choice: { indicator: ExplorerIndicator; group?: SchoolGroup | null }): string {
    const query = new URLSearchParams({
      [explorerParams.indicator]: choice.indicator,
      [explorerParams.view]: view,
    });
    if (choice.indicator === "spread" && params.get(explorerParams.year) !== null) {
      query.set(explorerParams.year, String(year));
    }
    if (choice.group) query.set(explorerParams.group, choice.group);
    return `?${query.toString()}`;
  }
  /** Once interactive, a choice keeps the page's other parameters and its scroll position. */
  function choose(
    event: MouseEvent<HTMLAnchorElement>,
    choice: { indicator: ExplorerIndicator; group?: SchoolGroup | null },
  ) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(explorerParams.indicator, choice.indicator);
        next.set(explorerParams.view, view);
        if (choice.group) next.set(explorerParams.group, choice.group);
        else if (choice.group === null) next.delete(explorerParams.group);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const model = indicatorModel(t, { indicator, states, group, year, last, highlighted });
  const fileName = (extension: string) =>
    `${model.fileStem}-${view}-${citations[model.dataset].version}.${extension}`;

  async function downloadPng() {
    const svg = drawing();
    if (!svg) return;
    try {
      setPngFailed(false);
      saveBlob(fileName("png"), await svgPngBlob(svg));
    } catch {
      setPngFailed(true);
    }
  }

  return (
    <section
      ref={section}
      className={styles.explorer}
      aria-labelledby={headingId}
      data-view={view}
      data-indicator={indicator}
    >
      <h2 id={headingId}>{t("explorer.heading")}</h2>
      <nav aria-label={t("explorer.indicators")}>
        <ul className={styles.choices}>
          {explorerIndicators.map((candidate) => (
            <li key={candidate}>
              <a
                href={choiceHref({ indicator: candidate })}
                className={styles.choice}
                aria-current={candidate === indicator ? "true" : undefined}
                onClick={(event) => choose(event, { indicator: candidate })}
              >
                {t(`explorer.indicator.${candidate}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <h3>{model.title}</h3>
      <p>{model.intro}</p>

      {indicator === "schools" ? (
        <nav aria-label={t("explorer.groups")}>
          <ul className={styles.choices}>
            {[null, ...schoolGroups].map((candidate) => (
              <li key={candidate ?? "all"}>
                <a
                  href={choiceHref({ indicator, group: candidate })}
                  className={styles.choice}
                  aria-current={candidate === group ? "true" : undefined}
                  onClick={(event) => choose(event, { indicator, group: candidate })}
                >
                  {t(`explorer.groupName.${candidate ?? "all"}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <div className={styles.jsOnly}>
        <fieldset className={styles.views}>
          <legend>{t("explorer.views")}</legend>
          {explorerViews.map((candidate) => (
            <button
              key={candidate}
              type="button"
              className={styles.viewButton}
              aria-pressed={candidate === view}
              onClick={() => update({ [explorerParams.view]: candidate })}
            >
              {t(`explorer.view.${candidate}`)}
            </button>
          ))}
        </fieldset>

        {indicator === "spread" ? (
          <div className={styles.yearControl}>
            <label htmlFor={`${headingId}-year`}>{t("explorer.year.label")}</label>
            <button
              type="button"
              className={styles.stepButton}
              aria-label={t("explorer.year.earlier")}
              disabled={year <= FIRST_SPREAD_YEAR}
              onClick={() => setYear(year - 1)}
            >
              −
            </button>
            <input
              id={`${headingId}-year`}
              type="range"
              min={FIRST_SPREAD_YEAR}
              max={last}
              step={1}
              value={year}
              aria-valuetext={String(year)}
              onChange={(event) => setYear(Number(event.target.value))}
            />
            <button
              type="button"
              className={styles.stepButton}
              aria-label={t("explorer.year.later")}
              disabled={year >= last}
              onClick={() => setYear(year + 1)}
            >
              +
            </button>
            <output htmlFor={`${headingId}-year`} className={styles.yearValue}>
              {year}
            </output>
          </div>
        ) : null}
      </div>
      <p className={styles.summary} aria-live="polite" data-testid="explorer-summary">
        {model.summary}
        {model.more ? ` ${model.more}` : null}
      </p>

      {view !== "table" ? <div ref={drawingBox}>{view === "chart" ? model.chart : model.map}</div> : null}
      {view === "table" ? (
        <ExplorerTable table={model.table} />
      ) : (
        // Without JavaScript the views cannot switch: the table says it all.
        <noscript>
          <ExplorerTable table={model.table} />
        </noscript>
      )}
      {model.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}

      <div className={`${styles.jsOnly} ${styles.actions}`}>
        <h3>{t("explorer.download.heading")}</h3>
        <ul className={styles.downloads}>
          <li>
            <button
              type="button"
              className="button"
              onClick={() =>
                saveBlob(
                  fileName("csv"),
                  new Blob(
                    [
                      tableCsv(
                        model.table.columns,
                        model.table.rows.map((row) =>
                          row.cells.map((cell) =>
                            Array.isArray(cell) ? cell.join(CSV_LIST_SEPARATOR) : cell,
                          ),
                        ),
                      ),
                    ],
                    { type: "text/csv;charset=utf-8" },
                  ),
                )
              }
            >
              {t("explorer.download.csv")}
            </button>
          </li>
          {view !== "table" ? (
            <>
              <li>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    const svg = drawing();
                    if (svg) saveBlob(fileName("svg"), svgBlob(svg));
                  }}
                >
                  {t("explorer.download.svg")}
                </button>
              </li>
              <li>
                <button type="button" className="button" onClick={() => void downloadPng()}>
                  {t("explorer.download.png")}
                </button>
              </li>
            </>
          ) : null}
        </ul>
        {pngFailed ? <p role="alert">{t("explorer.download.failed")}</p> : null}
      </div>

      <h3>{t("explorer.cite.heading")}</h3>
      <p className={styles.citation}>
        {citation(datasetInfo[model.dataset], citations[model.dataset].version)}
      </p>
      <p>
        <T
          id={`explorer.cite.source.${model.dataset}`}
          values={{ version: citations[model.dataset].version, date: citations[model.dataset].date }}
          components={{ link: <Link to={paths.openData()} /> }}
        />
      </p>
    </section>
  );
}

function ExplorerTable({ table }: { table: Table }) {
  return (
    <div className={styles.tableScroll}>
      <table className={styles.table} data-testid="explorer-table">
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr
              key={row.key}
              className={row.current ? styles.currentRow : undefined}
              aria-current={row.current ? "true" : undefined}
            >
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{Array.isArray(cell) ? cell.join(", ") : cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface ModelInput {
  indicator: ExplorerIndicator;
  states: readonly ExplorerState[];
  group: SchoolGroup | null;
  year: number;
  last: number;
  highlighted: ExplorerState | undefined;
}

/** The figures, words and drawings of the indicator shown. */
function indicatorModel(t: Translate, input: ModelInput): IndicatorModel {
  switch (input.indicator) {
    case "status":
      return statusModel(t, input);
    case "spread":
      return spreadModel(t, input);
    case "schools":
    case "reports":
      return countModel(t, input);
  }
}

const isHighlight = (highlighted: ExplorerState | undefined) => (regionName: string) =>
  highlighted !== undefined && sameState(regionName, highlighted.name);

function statusModel(t: Translate, { states, highlighted }: ModelInput): IndicatorModel {
  const breakdown = statusBreakdown(states);
  const countOf = (key: LawStatusKey) => breakdown.find((entry) => entry.key === key)?.count ?? 0;
  const title = t("explorer.status.title");
  const summary = t("explorer.status.summary", {
    total: states.length,
    passed: countOf("passed"),
    awaiting: countOf("awaiting-assent"),
    second: countOf("second-reading"),
    pending: countOf("pending"),
  });
  const statusOf = (regionName: string) =>
    states.find((state) => sameState(state.name, regionName))?.statusKey ?? "pending";
  const classes: MapClass[] = breakdown.map(({ key, count }) => ({
    key,
    label: t("explorer.status.legend", { status: lawStatusLabelText(t, key), count }),
    ...STATUS_CLASSES[key],
  }));
  return {
    title,
    intro: t("explorer.status.intro"),
    summary,
    chart: (
      <BarChart
        title={title}
        summary={summary}
        testId="explorer-chart"
        bars={breakdown.map(({ key, count }) => ({
          key,
          label: lawStatusLabelText(t, key),
          value: count,
          highlighted: highlighted?.statusKey === key,
        }))}
      />
    ),
    map: (
      <IndicatorMap
        title={title}
        summary={summary}
        classes={classes}
        classOf={statusOf}
        isHighlighted={isHighlight(highlighted)}
        testId="explorer-map"
      />
    ),
    table: {
      caption: title,
      columns: [t("explorer.column.status"), t("explorer.column.stateCount"), t("explorer.column.states")],
      rows: breakdown.map(({ key, count, states: named }) => ({
        key,
        cells: [lawStatusLabelText(t, key), count, named],
        current: highlighted?.statusKey === key,
      })),
    },
    notes: highlighted
      ? [
          t("explorer.status.thisState", {
            state: highlighted.name,
            status: lawStatusLabelText(t, highlighted.statusKey),
          }),
        ]
      : [],
    dataset: "states",
    fileStem: "law-status",
  };
}

function spreadModel(t: Translate, { states, year, last, highlighted }: ModelInput): IndicatorModel {
  const years = spreadByYear(states, FIRST_SPREAD_YEAR, last);
  const passed = passedBy(states, year);
  const withoutYear = passedWithoutYear(states);
  const summary = t("explorer.spread.summary", { year: String(year), count: passed.length });
  const classes: MapClass[] = [
    {
      key: "passed",
      label: t("explorer.map.passed", { year: String(year) }),
      fill: "#0b5d3b",
      marks: "none",
    },
    {
      key: "not-yet",
      label: t("explorer.map.notYet", { year: String(year) }),
      fill: "#ffffff",
      marks: "none",
    },
    {
      key: "year-unknown",
      label: t("explorer.map.yearUnknown"),
      fill: "#f2c14e",
      marks: "lines",
      ink: "#6b3d00",
    },
  ];
  const classOf = (regionName: string) => {
    const law = states.find((state) => sameState(state.name, regionName));
    if (law?.year != null && law.year <= year) return "passed";
    if (law?.statusKey === "passed" && law.year === null) return "year-unknown";
    return "not-yet";
  };
  const title = t("explorer.map.title", { year: String(year) });
  const notes: string[] = [];
  if (withoutYear.length > 0) {
    notes.push(
      t("explorer.spread.withoutYear", { count: withoutYear.length, states: withoutYear.join(", ") }),
    );
  }
  if (highlighted) notes.push(t("explorer.thisState", { state: highlighted.name }));
  return {
    title: t("explorer.spread.heading"),
    intro: t("explorer.spread.intro", { first: String(FIRST_SPREAD_YEAR), last: String(last) }),
    summary,
    more: passed.length > 0 ? t("explorer.spread.which", { states: passed.join(", ") }) : undefined,
    chart: <StepChart years={years} year={year} summary={summary} />,
    map: (
      <IndicatorMap
        title={title}
        summary={summary}
        classes={classes}
        classOf={classOf}
        isHighlighted={isHighlight(highlighted)}
        testId="spread-map"
        data={{ "data-year": year }}
      />
    ),
    table: {
      caption: t("explorer.table.caption"),
      columns: [t("explorer.column.year"), t("explorer.column.passedThatYear"), t("explorer.column.total")],
      rows: years.map((entry) => ({
        key: String(entry.year),
        cells: [entry.year, entry.passedThatYear, entry.total],
        current: entry.year === year,
      })),
    },
    notes,
    dataset: "states",
    fileStem: `law-spread-${year}`,
  };
}

function countModel(t: Translate, { indicator, states, group, highlighted }: ModelInput): IndicatorModel {
  const kind = indicator === "reports" ? "reports" : "schools";
  const counts = stateCounts(states, kind, group);
  const facts = countFacts(counts);
  const groupPhrase = t(`explorer.groupPhrase.${group ?? "all"}`);
  const title =
    kind === "schools"
      ? t("explorer.schools.title", { group: t(`explorer.groupName.${group ?? "all"}`) })
      : t("explorer.reports.title");
  const summary =
    facts.total === 0
      ? t(`explorer.${kind}.none`, { group: groupPhrase })
      : t(`explorer.${kind}.summary`, {
          count: facts.total,
          states: facts.states,
          group: groupPhrase,
          top: facts.mostIn.join(", "),
          most: facts.most,
        });
  const classes = countClasses(counts.map((entry) => entry.count));
  const mapClasses: MapClass[] = classes.map((range, index) => ({
    key: `class-${index}`,
    label:
      range.max === 0
        ? t("explorer.map.none")
        : range.min === range.max
          ? String(range.min)
          : t("explorer.map.range", { min: range.min, max: range.max }),
    // With fewer classes, the darkest stays for the largest counts.
    ...COUNT_CLASSES[index === 0 ? 0 : index + (COUNT_CLASSES.length - classes.length)]!,
  }));
  const classOf = (regionName: string) => {
    const entry = counts.find((candidate) => sameState(candidate.name, regionName));
    return `class-${classOfCount(classes, entry?.count ?? 0)}`;
  };
  const valueColumn =
    kind === "schools"
      ? t("explorer.column.schools", { group: t(`explorer.groupName.${group ?? "all"}`) })
      : t("explorer.column.reports");
  const own = highlighted ? counts.find((entry) => entry.id === highlighted.id) : undefined;
  return {
    title,
    intro: t(`explorer.${kind}.intro`),
    summary,
    chart: (
      <BarChart
        title={title}
        summary={summary}
        testId="explorer-chart"
        bars={rankedCounts(counts).map((entry) => ({
          key: String(entry.id),
          label: entry.name,
          value: entry.count,
          highlighted: entry.id === highlighted?.id,
        }))}
      />
    ),
    map: (
      <IndicatorMap
        title={title}
        summary={summary}
        classes={mapClasses}
        classOf={classOf}
        isHighlighted={isHighlight(highlighted)}
        testId="explorer-map"
      />
    ),
    table: {
      caption: title,
      columns: [t("explorer.column.state"), valueColumn],
      rows: counts.map((entry) => ({
        key: String(entry.id),
        cells: [entry.name, entry.count],
        current: entry.id === highlighted?.id,
      })),
    },
    notes: own
      ? [t(`explorer.${kind}.thisState`, { state: own.name, count: own.count, group: groupPhrase })]
      : [],
    dataset: kind,
    fileStem: kind === "schools" ? `schools-${group ?? "all"}` : "verified-reports",
  };
}
