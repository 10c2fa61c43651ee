import type { Ref } from "react";
import { useT } from "../../i18n";
import type { SpreadYear } from "../../../domain/law-spread";
import styles from "./Explorer.module.css";

// The step chart in plain SVG, as the doughnuts are (src/web/ui/DoughnutChart.tsx): no chart library. Its
// colours and text are attributes, so the downloaded SVG looks as the page does.

const WIDTH = 640;
const HEIGHT = 360;
const margin = { top: 48, right: 24, bottom: 40, left: 48 };
const INK = "#1b1f24";
const MUTED = "#4a5360";
const LINE = "#0b5d3b";
const MARK = "#8a4b00";
/** The y axis runs to the 37 states and the FCT's count, so a rise reads against the whole country. */
const Y_MAX = 37;

interface StepChartProps {
  years: readonly SpreadYear[];
  /** The year marked on the chart. */
  year: number;
  /** The sentence that says what the chart shows at `year`: the drawing's name and its title line. */
  summary: string;
  ref?: Ref<SVGSVGElement>;
}

export function StepChart({ years, year, summary, ref }: StepChartProps) {
  const t = useT();
  const first = years[0]?.year ?? year;
  const last = years.at(-1)?.year ?? year;
  const plotWidth = WIDTH - margin.left - margin.right;
  const plotHeight = HEIGHT - margin.top - margin.bottom;
  // Each year is a band; its law count holds from the band's start to the next's.
  const x = (value: number) => margin.left + ((value - first) / (last - first + 1)) * plotWidth;
  const y = (count: number) => margin.top + plotHeight - (count / Y_MAX) * plotHeight;
  const path = years
    .map(
      (entry, index) =>
        `${index === 0 ? "M" : "V"}${y(entry.total).toFixed(1)}H${x(entry.year + 1).toFixed(1)}`,
    )
    .join("")
    .replace(/^M([\d.]+)/, `M${x(first).toFixed(1)} $1`);
  const marked = years.find((entry) => entry.year === year);
  const yTicks = [0, 10, 20, 30, Y_MAX];
  const xTicks = years.map((entry) => entry.year).filter((value) => value % 5 === 0);
  return (
    <svg
      ref={ref}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${t("explorer.chart.title")}. ${summary}`}
      data-testid="spread-chart"
      className={styles.drawing}
      fontFamily="system-ui, sans-serif"
    >
      <title>{`${t("explorer.chart.title")}. ${summary}`}</title>
      <rect width={WIDTH} height={HEIGHT} fill="#ffffff" />
      <text x={margin.left} y={20} fontSize="15" fontWeight="bold" fill={INK}>
        {t("explorer.chart.title")}
      </text>
      <text x={margin.left} y={38} fontSize="13" fill={MUTED}>
        {summary}
      </text>
      {yTicks.map((tick) => (
        <g key={tick}>
          <line x1={margin.left} x2={WIDTH - margin.right} y1={y(tick)} y2={y(tick)} stroke="#c9d1da" />
          <text x={margin.left - 6} y={y(tick) + 4} fontSize="12" fill={MUTED} textAnchor="end">
            {tick}
          </text>
        </g>
      ))}
      {xTicks.map((tick) => (
        <text
          key={tick}
          x={x(tick) + (x(tick + 1) - x(tick)) / 2}
          y={HEIGHT - margin.bottom + 18}
          fontSize="12"
          fill={MUTED}
          textAnchor="middle"
        >
          {tick}
        </text>
      ))}
      <text
        transform={`translate(14 ${margin.top + plotHeight / 2}) rotate(-90)`}
        fontSize="12"
        fill={MUTED}
        textAnchor="middle"
      >
        {t("explorer.chart.axis")}
      </text>
      <path d={path} fill="none" stroke={LINE} strokeWidth="3" />
      {marked ? (
        <g data-testid="spread-chart-mark">
          <rect
            x={x(marked.year)}
            y={margin.top}
            width={x(marked.year + 1) - x(marked.year)}
            height={plotHeight}
            fill={MARK}
            fillOpacity="0.15"
          />
          <circle
            cx={x(marked.year) + (x(marked.year + 1) - x(marked.year)) / 2}
            cy={y(marked.total)}
            r="5"
            fill={MARK}
          />
          <text
            x={x(marked.year) + (x(marked.year + 1) - x(marked.year)) / 2}
            y={y(marked.total) - 10}
            fontSize="13"
            fontWeight="bold"
            fill={MARK}
            textAnchor={marked.year > last - 3 ? "end" : "middle"}
          >
            {`${marked.year}: ${marked.total}`}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
