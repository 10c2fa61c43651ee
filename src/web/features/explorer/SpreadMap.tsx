import { useId, type Ref } from "react";
import {
  regions as projectedRegions,
  viewBox as projectedViewBox,
  type MapRegion,
} from "virtual:nigeria-map";
import { useT } from "../../i18n";
import { sameState } from "../../../domain/datasets/state-names";
import type { StateLaw } from "../../../domain/law-spread";
import styles from "./LawSpread.module.css";

// The map of the laws by a year, on the home map's state shapes (virtual:nigeria-map, the build's projection
// of data/nigeria-states.geojson). It is a picture, not a control: the summary names the states and the
// table by year holds the figures. Colours, patterns and text are attributes, so the downloaded SVG stands
// alone; each class differs by its pattern as well as its colour.

const PASSED = "#0b5d3b";
const NOT_YET = "#ffffff";
const UNKNOWN = "#f2c14e";
const UNKNOWN_INK = "#6b3d00";
const EDGE = "#4a5360";
const INK = "#1b1f24";
const LEGEND_HEIGHT = 96;

type RegionClass = "passed" | "not-yet" | "year-unknown";

interface SpreadMapProps {
  laws: readonly StateLaw[];
  year: number;
  summary: string;
  /** A state (as the data names it) to outline, on its own page. */
  highlightName: string | null;
  regions?: readonly MapRegion[];
  viewBox?: string;
  ref?: Ref<SVGSVGElement>;
}

export function SpreadMap({
  laws,
  year,
  summary,
  highlightName,
  regions = projectedRegions,
  viewBox = projectedViewBox,
  ref,
}: SpreadMapProps) {
  const t = useT();
  const patternId = `spread-${useId().replace(/[^\w-]/g, "")}-unknown`;
  const [minX = 0, minY = 0, width = 600, height = 500] = viewBox.split(/\s+/).map(Number);
  const classOf = (region: MapRegion): RegionClass => {
    const law = laws.find((candidate) => sameState(candidate.name, region.name));
    if (law?.year != null && law.year <= year) return "passed";
    if (law?.statusKey === "passed" && law.year === null) return "year-unknown";
    return "not-yet";
  };
  const fills: Record<RegionClass, string> = {
    passed: PASSED,
    "not-yet": NOT_YET,
    "year-unknown": `url(#${patternId})`,
  };
  const highlighted = highlightName
    ? regions.find((region) => sameState(region.name, highlightName))
    : undefined;
  const legend: { key: RegionClass; label: string }[] = [
    { key: "passed", label: t("explorer.map.passed", { year: String(year) }) },
    { key: "not-yet", label: t("explorer.map.notYet", { year: String(year) }) },
    { key: "year-unknown", label: t("explorer.map.yearUnknown") },
  ];
  const fontSize = Math.max(12, width / 40);
  const top = minY - fontSize * 3;
  return (
    <svg
      ref={ref}
      viewBox={`${minX} ${top} ${width} ${height + fontSize * 3 + LEGEND_HEIGHT * (width / 600)}`}
      role="img"
      aria-label={`${t("explorer.map.title", { year: String(year) })}. ${summary}`}
      data-testid="spread-map"
      data-year={year}
      className={styles.drawing}
      fontFamily="system-ui, sans-serif"
    >
      <title>{`${t("explorer.map.title", { year: String(year) })}. ${summary}`}</title>
      <defs>
        <pattern
          id={patternId}
          width="10"
          height="10"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(-45)"
        >
          <rect width="10" height="10" fill={UNKNOWN} />
          <line x1="0" y1="0" x2="0" y2="10" stroke={UNKNOWN_INK} strokeWidth="3" />
        </pattern>
      </defs>
      <rect x={minX} y={top} width="100%" height="100%" fill="#ffffff" />
      <text x={minX + 4} y={top + fontSize * 1.2} fontSize={fontSize} fontWeight="bold" fill={INK}>
        {t("explorer.map.title", { year: String(year) })}
      </text>
      <text x={minX + 4} y={top + fontSize * 2.5} fontSize={fontSize * 0.85} fill={INK}>
        {summary}
      </text>
      {regions.map((region) => (
        <path
          key={region.code}
          d={region.d}
          fill={fills[classOf(region)]}
          stroke={EDGE}
          strokeWidth="1"
          data-code={region.code}
          data-spread={classOf(region)}
        />
      ))}
      {highlighted ? <path d={highlighted.d} fill="none" stroke={INK} strokeWidth="4" /> : null}
      {legend.map((item, index) => {
        const rowY = minY + height + 8 + index * fontSize * 1.6;
        return (
          <g key={item.key}>
            <rect
              x={minX + 4}
              y={rowY}
              width={fontSize}
              height={fontSize}
              fill={fills[item.key]}
              stroke={EDGE}
            />
            <text x={minX + 4 + fontSize * 1.5} y={rowY + fontSize * 0.85} fontSize={fontSize} fill={INK}>
              {item.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
