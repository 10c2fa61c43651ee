import { useId } from "react";
import { formatPercent } from "../../domain/format";
import styles from "./DoughnutChart.module.css";
import { ringSlices } from "./ring-slices";
import { ServedPart } from "./StaticPart";

export interface DoughnutSegment {
  label: string;
  value: number;
  /** Any CSS colour; it needs 3:1 against the page background (the gaps between segments separate them). */
  colour?: string;
}

interface DoughnutChartProps {
  segments: DoughnutSegment[];
  /** The chart's accessible name, e.g. "Disability population chart". */
  title: string;
  /** Short text in the hole, e.g. "15%"; decoration only, the legend carries the figures. */
  centreLabel?: string;
  /** Width and height in CSS pixels. */
  size?: number;
}

// Each at least 3:1 against white; neighbours are told apart by a gap of background between them.
const defaultColours = ["#0b5d3b", "#7b8591", "#8a4b00", "#123f73", "#5e2ca5"];
const CUTOUT = 0.7;
const GAP_ANGLE = 0.04;

/**
 * A doughnut chart in plain SVG with a 70% cutout. Screen readers get an image named by `title` whose
 * description is the legend; everyone sees the legend, which lists each segment with its percentage, so
 * colour never carries meaning alone. Nothing in it to hydrate: a served chart stays as served (its slices
 * and figures were most of a statistics panel's hydration on a slow phone) until what it shows changes.
 */
export function DoughnutChart({ segments, title, centreLabel, size = 128 }: DoughnutChartProps) {
  return (
    <ServedPart className={styles.chart} shows={[segments, title, centreLabel, size]}>
      <ChartAndLegend segments={segments} title={title} centreLabel={centreLabel} size={size} />
    </ServedPart>
  );
}

function ChartAndLegend({ segments, title, centreLabel, size }: DoughnutChartProps & { size: number }) {
  const legendId = useId();
  const radius = size / 2;
  const total = segments.reduce((sum, segment) => sum + Math.max(segment.value, 0), 0);
  const visible = segments.filter((segment) => segment.value > 0).length;
  const slices = ringSlices(
    segments.map((segment) => segment.value),
    radius * CUTOUT,
    radius,
    visible > 1 ? GAP_ANGLE : 0,
  ).filter((slice) => slice.path !== "");

  const colourOf = (index: number) =>
    segments[index]?.colour ?? defaultColours[index % defaultColours.length] ?? "currentColor";
  const percentOf = (value: number) => formatPercent(total > 0 ? (Math.max(value, 0) / total) * 100 : 0);

  return (
    <>
      <svg
        role="img"
        aria-label={title}
        aria-describedby={legendId}
        className={styles.svg}
        width={size}
        height={size}
        viewBox={`${-radius} ${-radius} ${size} ${size}`}
      >
        <g className={styles.ring}>
          {slices.map((slice) => (
            <path key={slice.index} d={slice.path} fill={colourOf(slice.index)} />
          ))}
        </g>
        {centreLabel ? (
          <text className={styles.centre} textAnchor="middle" dominantBaseline="central" fontSize={size / 6}>
            {centreLabel}
          </text>
        ) : null}
      </svg>
      <ul id={legendId} className={styles.legend}>
        {segments.map((segment, index) => (
          <li key={segment.label} className={styles.item}>
            <span className={styles.swatch} style={{ background: colourOf(index) }} aria-hidden="true" />
            <span>
              {segment.label}: {percentOf(segment.value)}
              {/* Read as a pause between figures when the legend is the image's description. */}
              {index < segments.length - 1 ? <span className="visually-hidden">,</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
