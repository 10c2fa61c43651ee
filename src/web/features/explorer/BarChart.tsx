import styles from "./Explorer.module.css";
import { wrapText } from "./wrap-text";

// Horizontal bars in plain SVG, as the doughnuts are (src/web/ui/DoughnutChart.tsx): no chart library. Each
// bar carries its label and its figure in text, so nothing is read from a length or a colour alone. Its
// colours and text are attributes, so the downloaded SVG looks as the page does.

const WIDTH = 560;
const LABEL_WIDTH = 190;
const VALUE_WIDTH = 48;
const ROW = 22;
const INK = "#1b1f24";
const MUTED = "#4a5360";
const BAR = "#0b5d3b";
const HIGHLIGHT = "#8a4b00";

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** The state of the page the chart is on: its bar is marked and its label bold. */
  highlighted?: boolean;
}

interface BarChartProps {
  title: string;
  /** The sentence that says what the chart shows: the drawing's name and its title lines. */
  summary: string;
  bars: readonly Bar[];
  testId: string;
}

export function BarChart({ title, summary, bars, testId }: BarChartProps) {
  const summaryLines = wrapText(summary, WIDTH - 16, 13);
  const top = 40 + summaryLines.length * 16;
  const height = top + bars.length * ROW + 12;
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  const plotWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={`${title}. ${summary}`}
      data-testid={testId}
      className={styles.drawing}
      fontFamily="system-ui, sans-serif"
    >
      <title>{`${title}. ${summary}`}</title>
      <rect width={WIDTH} height={height} fill="#ffffff" />
      <text x={8} y={20} fontSize="15" fontWeight="bold" fill={INK}>
        {title}
      </text>
      <text fontSize="13" fill={MUTED}>
        {summaryLines.map((line, index) => (
          <tspan key={index} x={8} y={38 + index * 16}>
            {line}
          </tspan>
        ))}
      </text>
      {bars.map((bar, index) => {
        const y = top + index * ROW;
        const length = (bar.value / largest) * plotWidth;
        return (
          <g
            key={bar.key}
            data-bar={bar.key}
            data-value={bar.value}
            data-highlighted={bar.highlighted || undefined}
          >
            <text
              x={LABEL_WIDTH - 8}
              y={y + ROW * 0.68}
              fontSize="13"
              fill={INK}
              textAnchor="end"
              fontWeight={bar.highlighted ? "bold" : undefined}
            >
              {bar.label}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + 3}
              width={Math.max(bar.value > 0 ? 2 : 0, length)}
              height={ROW - 6}
              fill={bar.highlighted ? HIGHLIGHT : BAR}
              stroke={bar.highlighted ? INK : undefined}
              strokeWidth={bar.highlighted ? 2 : undefined}
            />
            <text
              x={LABEL_WIDTH + length + 6}
              y={y + ROW * 0.68}
              fontSize="13"
              fill={INK}
              fontWeight={bar.highlighted ? "bold" : undefined}
            >
              {bar.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
