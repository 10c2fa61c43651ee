import { useId } from "react";
import {
  regions as projectedRegions,
  viewBox as projectedViewBox,
  type MapRegion,
} from "virtual:nigeria-map";
import styles from "./Explorer.module.css";
import { wrapText } from "./wrap-text";

// An indicator on the home map's state shapes (virtual:nigeria-map, the build's projection of
// data/nigeria-states.geojson), one class per state. It is a picture, not a control: the sentence and the
// table hold the figures. Each class differs by its pattern as well as its colour, and the legend names
// each in words, so no reading relies on colour. Colours, patterns and text are attributes, so the
// downloaded SVG stands alone.

const EDGE = "#4a5360";
const INK = "#1b1f24";

/** One class of the map and its legend entry. */
export interface MapClass {
  key: string;
  label: string;
  fill: string;
  /** Marks over the fill, in `ink`: no two classes of a map share both fill and marks. */
  marks: "none" | "dots" | "lines";
  ink?: string;
}

interface IndicatorMapProps {
  title: string;
  summary: string;
  classes: readonly MapClass[];
  /** The class of a state (by the map's name for it); a state of no class is drawn as the first class. */
  classOf: (regionName: string) => string;
  /** The region to outline, on a state's own page. */
  isHighlighted?: (regionName: string) => boolean;
  testId: string;
  /** Set on the drawing for tests and styles (the year shown, the indicator). */
  data?: Record<`data-${string}`, string | number>;
  regions?: readonly MapRegion[];
  viewBox?: string;
}

export function IndicatorMap({
  title,
  summary,
  classes,
  classOf,
  isHighlighted,
  testId,
  data,
  regions = projectedRegions,
  viewBox = projectedViewBox,
}: IndicatorMapProps) {
  const idPrefix = `map-${useId().replace(/[^\w-]/g, "")}`;
  const [minX = 0, minY = 0, width = 600, height = 500] = viewBox.split(/\s+/).map(Number);
  const fillOf = (mapClass: MapClass) =>
    mapClass.marks === "none" ? mapClass.fill : `url(#${idPrefix}-${mapClass.key})`;
  const byKey = new Map(classes.map((mapClass) => [mapClass.key, mapClass]));
  const fontSize = Math.max(12, width / 40);
  const legendHeight = classes.length * fontSize * 1.6 + 16;
  const summaryLines = wrapText(summary, width - 8, fontSize * 0.85);
  const heading = fontSize * (1.8 + summaryLines.length * 1.1);
  const top = minY - heading;
  const highlighted = isHighlighted ? regions.find((region) => isHighlighted(region.name)) : undefined;
  return (
    <svg
      viewBox={`${minX} ${top} ${width} ${height + heading + legendHeight}`}
      role="img"
      aria-label={`${title}. ${summary}`}
      data-testid={testId}
      {...data}
      className={styles.drawing}
      fontFamily="system-ui, sans-serif"
    >
      <title>{`${title}. ${summary}`}</title>
      <defs>
        {classes
          .filter((mapClass) => mapClass.marks !== "none")
          .map((mapClass) => (
            <pattern
              key={mapClass.key}
              id={`${idPrefix}-${mapClass.key}`}
              width="10"
              height="10"
              patternUnits="userSpaceOnUse"
              patternTransform={mapClass.marks === "lines" ? "rotate(-45)" : undefined}
            >
              <rect width="10" height="10" fill={mapClass.fill} />
              {mapClass.marks === "lines" ? (
                <line x1="0" y1="0" x2="0" y2="10" stroke={mapClass.ink ?? INK} strokeWidth="3" />
              ) : (
                <circle cx="5" cy="5" r="2" fill={mapClass.ink ?? INK} />
              )}
            </pattern>
          ))}
      </defs>
      <rect x={minX} y={top} width="100%" height="100%" fill="#ffffff" />
      <text x={minX + 4} y={top + fontSize * 1.2} fontSize={fontSize} fontWeight="bold" fill={INK}>
        {title}
      </text>
      <text fontSize={fontSize * 0.85} fill={INK}>
        {summaryLines.map((line, index) => (
          <tspan key={index} x={minX + 4} y={top + fontSize * (2.5 + index * 1.1)}>
            {line}
          </tspan>
        ))}
      </text>
      {regions.map((region) => {
        const mapClass = byKey.get(classOf(region.name)) ?? classes[0]!;
        return (
          <path
            key={region.code}
            d={region.d}
            fill={fillOf(mapClass)}
            stroke={EDGE}
            strokeWidth="1"
            data-code={region.code}
            data-class={mapClass.key}
          />
        );
      })}
      {highlighted ? (
        <path d={highlighted.d} fill="none" stroke={INK} strokeWidth="4" data-testid="map-highlight" />
      ) : null}
      {classes.map((mapClass, index) => {
        const rowY = minY + height + 8 + index * fontSize * 1.6;
        return (
          <g key={mapClass.key}>
            <rect
              x={minX + 4}
              y={rowY}
              width={fontSize}
              height={fontSize}
              fill={fillOf(mapClass)}
              stroke={EDGE}
            />
            <text x={minX + 4 + fontSize * 1.5} y={rowY + fontSize * 0.85} fontSize={fontSize} fill={INK}>
              {mapClass.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
