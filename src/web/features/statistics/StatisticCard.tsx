import type { ReactNode } from "react";
import { Link, T, useEnglishContentLang, useT } from "../../i18n";
import { paths } from "../../../domain/routes";
import { DoughnutChart } from "../../ui/DoughnutChart";
import { ExternalLink } from "../../ui/ExternalLink";
import { InfoTooltip } from "../../ui/InfoTooltip";
import type { FigureCard } from "./national-figures";
import styles from "./NationalStatistics.module.css";

interface StatisticCardProps {
  title: string;
  infoLabel: string;
  info: ReactNode;
  children: ReactNode;
}

/** A card of the national statistics: heading with its info button, then the content. Rendered in a list. */
export function StatisticCard({ title, infoLabel, info, children }: StatisticCardProps) {
  return (
    <li className={styles.card}>
      <div className={styles.cardHeader}>
        <h3 className={styles.cardTitle}>{title}</h3>
        <InfoTooltip label={infoLabel}>{info}</InfoTooltip>
      </div>
      {children}
    </li>
  );
}

/**
 * A card showing one figure, its meaning, the doughnut chart of its share and, under the chart, its source
 * and year. A card without a figure says no survey has published one and links the explainer.
 */
export function FigureStatisticCard({ card }: { card: FigureCard }) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  const info = (
    <>
      {card.info}
      {card.info && card.infoContent ? " " : null}
      {card.infoContent ? <span lang={contentLang}>{card.infoContent}</span> : null}
    </>
  );
  return (
    <StatisticCard title={card.title} infoLabel={card.infoLabel} info={info}>
      {card.figure === null ? (
        <>
          <p className={styles.unavailable}>{card.detail}</p>
          <p className={styles.source}>
            <Link to={paths.estimates()}>{t("statistics.whatHasBeenMeasured")}</Link>
          </p>
        </>
      ) : (
        <>
          <p className={styles.figure}>{card.figure}</p>
          <p className={styles.detail}>{card.detail}</p>
        </>
      )}
      {card.chart ? (
        <DoughnutChart
          title={card.chart.title}
          centreLabel={card.chart.centreLabel}
          segments={card.chart.segments}
          size={112}
        />
      ) : null}
      {card.source ? (
        <p className={styles.source}>
          <T
            id={card.source.year ? "statistics.sourceWithYear" : "statistics.source"}
            values={{ year: String(card.source.year ?? "") }}
            components={{
              title: (
                <span lang={contentLang}>
                  {card.source.url ? (
                    <ExternalLink href={card.source.url}>{card.source.title}</ExternalLink>
                  ) : (
                    card.source.title
                  )}
                </span>
              ),
              openData: <Link to={paths.openData()} />,
            }}
          />
        </p>
      ) : null}
    </StatisticCard>
  );
}
