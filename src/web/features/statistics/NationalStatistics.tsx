import { memo, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, T, useEnglishContentLang, useT, type MessageKey, type Translate } from "../../i18n";
import type { DocumentLinkSource } from "../../../domain/datadesk/documents";
import type { Country } from "../../../domain/datasets/schemas";
import { formatPercent } from "../../../domain/format";
import type { NationalFigures, RangeEnd } from "../../../domain/national-estimates";
import { openDataPath } from "../../../domain/opendata/documents";
import { paths } from "../../../domain/routes";
import { LaterPart } from "../../ui/LaterPart";
import { ServedPart } from "../../ui/StaticPart";
import { NationalActLink } from "../states";
import type { FigureCards } from "./national-figures";
import styles from "./NationalStatistics.module.css";
import { FigureStatisticCard, StatisticCard } from "./StatisticCard";

interface NationalStatisticsProps {
  figures: NationalFigures;
  /** The panels' cards (figureCards, built at build time). */
  cards: FigureCards;
  policy: Country["policy"];
  /** The national policy's uploaded PDF, when the data desk names one. */
  policyDocument?: DocumentLinkSource | null;
}

const panels = [{ key: "overview" }, { key: "gender" }, { key: "age" }] as const;
type PanelKey = (typeof panels)[number]["key"];
/** The panel shown when the page opens, the server's and the browser's first render alike. */
const firstPanel: PanelKey = "overview";

/** The estimates the page names in its own words; any other by its label in the data. */
const rangeLabelIds: Record<string, MessageKey> = {
  "census-2006": "statistics.range.census2006",
  "who-wb-global-15pct": "statistics.range.globalAverage",
};

function rangeLabel(end: RangeEnd, t: Translate): string {
  const id = rangeLabelIds[end.id];
  return id ? t(id) : end.label;
}

/**
 * The home page's headline (its only h1) and the Overview, Gender and Age panels of national figures, each
 * figure from a published source named under its chart (data/estimates.json). Where no source gives a
 * figure, the card says so instead of showing a number.
 *
 * The panels are a tabs widget: Tab reaches the selected tab only; Left and Right arrows (wrapping), Home
 * and End move to and show another panel. Every panel is in the HTML from the first render, the inactive
 * ones hidden, so the Overview paints before any JavaScript runs. Each panel hydrates in a task of its own
 * (LaterPart): with their charts, the three were a long task on a slow phone. Memoised: the page's other
 * renders (a state chosen) leave the figures as they are.
 */
export const NationalStatistics = memo(function NationalStatistics({
  figures,
  cards,
  policy,
  policyDocument = null,
}: NationalStatisticsProps) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  const id = useId();
  const [selected, setSelected] = useState<PanelKey>(firstPanel);
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
        <T
          id="statistics.headline"
          values={{
            percent: headline.somePercent === null ? "" : formatPercent(headline.somePercent),
            age: headline.age,
          }}
          components={{
            count: <span className={styles.headlineCount} />,
            phrase: <span className={styles.headlinePhrase} />,
          }}
        />
      </h1>
      <p className={styles.lede}>
        {headline.aLotPercent === null
          ? null
          : `${t("statistics.lede.aLot", { percent: formatPercent(headline.aLotPercent) })} `}
        <T
          id="statistics.lede.source"
          values={{ title: headline.source.title, publisher: headline.source.publisher }}
          components={{ source: <span lang={contentLang} />, openData: <Link to={paths.openData()} /> }}
        />
        {range
          ? ` ${t("statistics.lede.range", {
              low: formatPercent(range.low.percent),
              lowLabel: rangeLabel(range.low, t),
              high: formatPercent(range.high.percent),
              highLabel: rangeLabel(range.high, t),
            })} `
          : " "}
        <Link to={paths.estimates()}>{t("statistics.lede.compare")}</Link>
      </p>

      <div role="tablist" aria-label={t("statistics.tablist")} className={styles.tabs}>
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
            {t(`statistics.tabs.${panel.key}`)}
          </button>
        ))}
      </div>

      {panels.map((panel) => {
        const attributes = {
          role: "tabpanel",
          id: panelId(panel.key),
          "aria-labelledby": tabId(panel.key),
          hidden: selected !== panel.key,
          className: styles.panel,
        };
        const content = (
          <>
            <h2 className="visually-hidden">{t(`statistics.headings.${panel.key}`)}</h2>
            <ul className={styles.cards}>
              {cards[panel.key].map((card) => (
                <FigureStatisticCard key={card.key} card={card} />
              ))}
              {panel.key === "overview" ? (
                <StatisticCard
                  title={t("statistics.policy.title")}
                  infoLabel={t("statistics.policy.infoLabel")}
                  info={<span lang={contentLang}>{policy.desc}</span>}
                >
                  <p className={styles.policyTitle} lang={contentLang}>
                    {policy.title}
                  </p>
                  <NationalActLink url={policy.url} note={policy.urlNote} document={policyDocument} />
                </StatisticCard>
              ) : null}
            </ul>
          </>
        );
        return (
          <LaterPart key={panel.key} name={`statistics-${panel.key}`}>
            {panel.key === firstPanel ? (
              <div {...attributes}>{content}</div>
            ) : (
              // A panel served hidden is not hydrated: no one can see or reach it. Chosen, it is drawn anew
              // (record 0038).
              <ServedPart shows={[selected === panel.key]} {...attributes}>
                {content}
              </ServedPart>
            )}
          </LaterPart>
        );
      })}
      <p className={styles.download}>
        <a href={openDataPath("estimates", "csv")} download>
          {t("statistics.download")}
        </a>
      </p>
    </section>
  );
});
