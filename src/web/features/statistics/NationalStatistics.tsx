import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "../../i18n/links";
import type { Country } from "../../../domain/datasets/schemas";
import { formatPercent } from "../../../domain/format";
import type { NationalFigures } from "../../../domain/national-estimates";
import { openDataPath } from "../../../domain/opendata/documents";
import { paths } from "../../../domain/routes";
import { NationalActLink } from "../states";
import type { FigureCards } from "./national-figures";
import styles from "./NationalStatistics.module.css";
import { FigureStatisticCard, StatisticCard } from "./StatisticCard";

interface NationalStatisticsProps {
  figures: NationalFigures;
  /** The panels' cards (figureCards, built at build time). */
  cards: FigureCards;
  policy: Country["policy"];
}

const panels = [
  { key: "overview", tab: "Overview", heading: "Overview of disability in Nigeria" },
  { key: "gender", tab: "Gender", heading: "Disability by sex" },
  { key: "age", tab: "Age", heading: "Disability by age" },
] as const;
type PanelKey = (typeof panels)[number]["key"];

/**
 * The home page's headline (its only h1) and the Overview, Gender and Age panels of national figures, each
 * figure from a published source named under its chart (data/estimates.json). Where no source gives a
 * figure, the card says so instead of showing a number.
 *
 * The panels are a tabs widget: Tab reaches the selected tab only; Left and Right arrows (wrapping), Home
 * and End move to and show another panel. Every panel is in the HTML from the first render, the inactive
 * ones hidden, so the Overview paints before any JavaScript runs.
 */
export function NationalStatistics({ figures, cards, policy }: NationalStatisticsProps) {
  const id = useId();
  const [selected, setSelected] = useState<PanelKey>("overview");
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (key: PanelKey) => `${id}-tab-${key}`;
  const panelId = (key: PanelKey) => `${id}-panel-${key}`;

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = panels.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    const panel = target === undefined ? undefined : panels[target];
    if (target === undefined || !panel) return;
    event.preventDefault();
    setSelected(panel.key);
    tabRefs.current[target]?.focus();
  }

  const { headline, range } = figures;

  return (
    <section className={styles.statistics} aria-labelledby={`${id}-headline`}>
      <h1 id={`${id}-headline`} className={styles.headline}>
        <span className={styles.headlineCount}>
          {headline.somePercent === null ? "" : formatPercent(headline.somePercent)}
        </span>{" "}
        <span className={styles.headlinePhrase}>
          of people aged {headline.age} in Nigeria have some difficulty in a basic activity
        </span>
      </h1>
      <p className={styles.lede}>
        {headline.aLotPercent === null
          ? null
          : `${formatPercent(headline.aLotPercent)} have a lot of difficulty or cannot do it at all. `}
        Source: {headline.source.title}, {headline.source.publisher} (
        <Link to={paths.openData()}>all open data</Link>).
        {range
          ? ` Other published estimates range from ${formatPercent(range.low.percent)} (${range.low.label}) to ${formatPercent(range.high.percent)} (${range.high.label}). `
          : " "}
        <Link to={paths.estimates()}>How many Nigerians have a disability? The estimates compared</Link>
      </p>

      <div role="tablist" aria-label="National statistics" className={styles.tabs}>
        {panels.map((panel, index) => (
          <button
            key={panel.key}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(panel.key)}
            aria-selected={selected === panel.key}
            aria-controls={panelId(panel.key)}
            tabIndex={selected === panel.key ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(panel.key)}
            onKeyDown={(event) => onTabKeyDown(event, index)}
          >
            {panel.tab}
          </button>
        ))}
      </div>

      {panels.map((panel) => (
        <div
          key={panel.key}
          role="tabpanel"
          id={panelId(panel.key)}
          aria-labelledby={tabId(panel.key)}
          hidden={selected !== panel.key}
          className={styles.panel}
        >
          <h2 className="visually-hidden">{panel.heading}</h2>
          <ul className={styles.cards}>
            {cards[panel.key].map((card) => (
              <FigureStatisticCard key={card.key} card={card} />
            ))}
            {panel.key === "overview" ? (
              <StatisticCard
                title="Disability policy"
                infoLabel="About the disability policy"
                info={policy.desc}
              >
                <p className={styles.policyTitle}>{policy.title}</p>
                <NationalActLink url={policy.url} note={policy.urlNote} />
              </StatisticCard>
            ) : null}
          </ul>
        </div>
      ))}
      <p className={styles.download}>
        <a href={openDataPath("estimates", "csv")} download>
          Download the estimates as CSV
        </a>
      </p>
    </section>
  );
}
