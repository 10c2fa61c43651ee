import type { ReactNode } from "react";
import { DoughnutChart } from "../../ui/DoughnutChart";
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

/** A card showing one figure, its meaning and the doughnut chart of its share. */
export function FigureStatisticCard({ card }: { card: FigureCard }) {
  return (
    <StatisticCard title={card.title} infoLabel={card.infoLabel} info={card.info}>
      <p className={styles.figure}>{card.figure}</p>
      <p className={styles.detail}>{card.detail}</p>
      {card.chart ? (
        <DoughnutChart
          title={card.chart.title}
          centreLabel={card.chart.centreLabel}
          segments={card.chart.segments}
          size={112}
        />
      ) : null}
    </StatisticCard>
  );
}
