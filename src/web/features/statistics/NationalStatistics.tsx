import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { Country } from "../../../domain/datasets/schemas";
import { formatNumber, formatPercent } from "../../../domain/format";
import {
  ageCards,
  disabilityPopulationCard,
  employmentPopulationCard,
  genderCards,
  inclusiveSchoolsCard,
} from "./national-figures";
import { ExternalLink } from "../../ui/ExternalLink";
import styles from "./NationalStatistics.module.css";
import { FigureStatisticCard, StatisticCard } from "./StatisticCard";

interface NationalStatisticsProps {
  country: Country;
  /** Length of the schools directory, shown on the Overview panel. */
  schoolCount: number;
}

const panels = [
  {
    key: "overview",
    tab: "Overview",
    heading: (country: string) => `Overview of disability in ${country}`,
  },
  { key: "gender", tab: "Gender", heading: () => "Persons with disabilities by gender" },
  { key: "age", tab: "Age", heading: () => "Persons with disabilities by age" },
] as const;
type PanelKey = (typeof panels)[number]["key"];

/**
 * The home page's headline (its only h1) and the Overview, Gender and Age panels of national figures.
 *
 * The panels are a tabs widget: Tab reaches the selected tab only; Left and Right arrows (wrapping), Home
 * and End move to and show another panel. Every panel is in the HTML from the first render, the inactive
 * ones hidden, so the Overview paints before any JavaScript runs.
 */
export function NationalStatistics({ country, schoolCount }: NationalStatisticsProps) {
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

  const { policy } = country;

  return (
    <section className={styles.statistics} aria-labelledby={`${id}-headline`}>
      <h1 id={`${id}-headline`} className={styles.headline}>
        <span className={styles.headlineCount}>{formatNumber(country.population.withDisability)}</span>{" "}
        <span className={styles.headlinePhrase}>persons with disabilities in {country.name}</span>
      </h1>
      <p className={styles.lede}>
        An estimated {formatPercent(country.statistics.disabilityShare)} of {country.name}&apos;s population
        of {formatNumber(country.population.total)}.
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
          <h2 className="visually-hidden">{panel.heading(country.name)}</h2>
          <ul className={styles.cards}>
            {panel.key === "overview" ? (
              <>
                <FigureStatisticCard card={disabilityPopulationCard(country)} />
                <FigureStatisticCard card={employmentPopulationCard(country)} />
                <FigureStatisticCard card={inclusiveSchoolsCard(country, schoolCount)} />
                <StatisticCard
                  title="Disability policy"
                  infoLabel="About the disability policy"
                  info={policy.desc}
                >
                  <p className={styles.policyTitle}>{policy.title}</p>
                  {policy.url ? (
                    <ExternalLink className={`button ${styles.policyLink}`} href={policy.url}>
                      Download disability policy
                    </ExternalLink>
                  ) : (
                    <p className={styles.unavailable}>Policy document not available</p>
                  )}
                </StatisticCard>
              </>
            ) : null}
            {panel.key === "gender"
              ? genderCards(country).map((card) => <FigureStatisticCard key={card.key} card={card} />)
              : null}
            {panel.key === "age"
              ? ageCards(country).map((card) => <FigureStatisticCard key={card.key} card={card} />)
              : null}
          </ul>
        </div>
      ))}
    </section>
  );
}
