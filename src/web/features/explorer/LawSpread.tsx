import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Link, T, useT } from "../../i18n";
import { formatAsOf } from "../../../domain/format";
import {
  FIRST_SPREAD_YEAR,
  lastSpreadYear,
  passedBy,
  passedWithoutYear,
  spreadByYear,
  spreadCsv,
  spreadYearFrom,
  type SpreadYear,
  type StateLaw,
} from "../../../domain/law-spread";
import { markPartHydrated } from "../../app/hydration-mark";
import { citation } from "../../../domain/opendata/documents";
import { datasetInfo } from "../../../domain/opendata/datasets";
import { paths } from "../../../domain/routes";
import { saveBlob, svgBlob, svgPngBlob } from "./download";
import { SpreadMap } from "./SpreadMap";
import { StepChart } from "./StepChart";
import styles from "./LawSpread.module.css";

export const spreadViews = ["chart", "map", "table"] as const;
export type SpreadView = (typeof spreadViews)[number];

/** The URL's query names: a shared link shows the same view and year. */
export const VIEW_PARAM = "view";
export const YEAR_PARAM = "year";

export interface LawSpreadProps {
  /** Every state's law (stateLaws of the published states data). */
  laws: readonly StateLaw[];
  /** The data's as_of ("2026-11"): the last year shown, the citation's version. */
  asOf: string;
  /** On a state's page, the state outlined on the map and named under it. */
  highlightStateId?: number;
}

/**
 * "How the laws spread": the states with a passed law by year as a step chart, a map with a year
 * control, or a table, with a sentence that says what is drawn. The view and the year are in the URL, so the
 * server renders the view a link asks for; without JavaScript the page also carries the table by year.
 */
export function LawSpread({ laws, asOf, highlightStateId }: LawSpreadProps) {
  const t = useT();
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const last = lastSpreadYear(laws, asOf);
  const view: SpreadView =
    spreadViews.find((candidate) => candidate === params.get(VIEW_PARAM)?.trim().toLowerCase()) ?? "chart";
  // The year shown follows each key press at once; the URL follows it (a navigation, which completes later:
  // a slider bound to the URL alone lost presses made before the last one had landed).
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const year = chosenYear ?? spreadYearFrom(params.get(YEAR_PARAM)?.trim() ?? null, FIRST_SPREAD_YEAR, last);
  const years = spreadByYear(laws, FIRST_SPREAD_YEAR, last);
  const passed = passedBy(laws, year);
  const withoutYear = passedWithoutYear(laws);
  const highlighted = laws.find((law) => law.id === highlightStateId);
  const drawing = useRef<SVGSVGElement | null>(null);
  const [pngFailed, setPngFailed] = useState(false);
  // The page waits for this lazily loaded part before it says it is interactive (LawSpreadSection).
  useEffect(markPartHydrated, []);

  // Only the explorer's own parameters change; the page's others (the table's filters) stay.
  function update(name: string, value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }
  function setYear(next: number) {
    const kept = Math.min(Math.max(next, FIRST_SPREAD_YEAR), last);
    setChosenYear(kept);
    update(YEAR_PARAM, String(kept));
  }

  const summary = t("explorer.spread.summary", { year: String(year), count: passed.length });
  const columns = {
    year: t("explorer.column.year"),
    passedThatYear: t("explorer.column.passedThatYear"),
    total: t("explorer.column.total"),
  };
  const fileName = (extension: string) => `law-spread-${view}-${year}-${asOf}.${extension}`;

  async function downloadPng() {
    if (!drawing.current) return;
    try {
      setPngFailed(false);
      saveBlob(fileName("png"), await svgPngBlob(drawing.current));
    } catch {
      setPngFailed(true);
    }
  }

  return (
    <section className={styles.explorer} aria-labelledby={headingId} data-view={view}>
      <h2 id={headingId}>{t("explorer.spread.heading")}</h2>
      <p>{t("explorer.spread.intro", { first: String(FIRST_SPREAD_YEAR), last: String(last) })}</p>

      <div className={styles.jsOnly}>
        <fieldset className={styles.views}>
          <legend>{t("explorer.views")}</legend>
          {spreadViews.map((candidate) => (
            <button
              key={candidate}
              type="button"
              className={styles.viewButton}
              aria-pressed={candidate === view}
              onClick={() => update(VIEW_PARAM, candidate)}
            >
              {t(`explorer.view.${candidate}`)}
            </button>
          ))}
        </fieldset>

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
      </div>
      <p className={styles.summary} aria-live="polite" data-testid="spread-summary">
        {summary} {passed.length > 0 ? t("explorer.spread.which", { states: passed.join(", ") }) : null}
      </p>

      {view === "chart" ? <StepChart ref={drawing} years={years} year={year} summary={summary} /> : null}
      {view === "map" ? (
        <>
          <SpreadMap
            ref={drawing}
            laws={laws}
            year={year}
            summary={summary}
            highlightName={highlighted?.name ?? null}
          />
          {highlighted ? <p>{t("explorer.thisState", { state: highlighted.name })}</p> : null}
        </>
      ) : null}
      {view === "table" ? (
        <SpreadTable years={years} year={year} columns={columns} />
      ) : (
        // Without JavaScript, the year control cannot move the drawing: the table by year says it all.
        <noscript>
          <SpreadTable years={years} year={year} columns={columns} />
        </noscript>
      )}
      {withoutYear.length > 0 ? (
        <p>
          {t("explorer.spread.withoutYear", { count: withoutYear.length, states: withoutYear.join(", ") })}
        </p>
      ) : null}

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
                  new Blob([spreadCsv(years, columns)], { type: "text/csv;charset=utf-8" }),
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
                  onClick={() => drawing.current && saveBlob(fileName("svg"), svgBlob(drawing.current))}
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
      <p className={styles.citation}>{citation(datasetInfo.states, asOf)}</p>
      <p>
        <T
          id="explorer.cite.source"
          values={{ version: asOf, date: formatAsOf(asOf) }}
          components={{ link: <Link to={paths.openData()} /> }}
        />
      </p>
    </section>
  );
}

function SpreadTable({
  years,
  year,
  columns,
}: {
  years: readonly SpreadYear[];
  year: number;
  columns: { year: string; passedThatYear: string; total: string };
}) {
  const t = useT();
  return (
    <div className={styles.tableScroll}>
      <table className={styles.table} data-testid="spread-table">
        <caption>{t("explorer.table.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.year}</th>
            <th scope="col">{columns.passedThatYear}</th>
            <th scope="col">{columns.total}</th>
          </tr>
        </thead>
        <tbody>
          {years.map((entry) => (
            <tr key={entry.year} className={entry.year === year ? styles.currentYear : undefined}>
              <th scope="row">{entry.year}</th>
              <td>{entry.passedThatYear.join(", ")}</td>
              <td>{entry.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
