import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import {
  regions as projectedRegions,
  viewBox as projectedViewBox,
  type MapRegion,
} from "virtual:nigeria-map";
import { sameState } from "../../../domain/datasets/state-names";
import { arrowDirections, nearestRegion } from "./nearest-region";
import styles from "./NigeriaMap.module.css";
import { regionLabel } from "./region-label";

export interface NigeriaMapProps {
  /** Defaults to the build-time projection of data/nigeria-states.geojson. */
  regions?: readonly MapRegion[];
  /** The coordinate box of `regions`; defaults to the projection's. */
  viewBox?: string;
  /** Whether the region has a disability policy; anything but true reads as "No". */
  policyByRegion: (regionName: string) => boolean | undefined;
  selectedRegionName: string | null;
  onSelectRegion: (regionName: string) => void;
}

type Pointer = "hover" | "focus";

/**
 * The 37 regions as a group of toggle buttons. Keyboard: Tab walks the regions in alphabetical order,
 * arrow keys move to the nearest region in that direction, Enter or Space selects. Each button's name
 * carries the tooltip's facts ("Lagos State, disability policy: Yes"), so the tooltip is visual only;
 * it shows on hover and on focus, stays while the pointer is over it, and Escape hides it.
 */
export function NigeriaMap({
  regions = projectedRegions,
  viewBox = projectedViewBox,
  policyByRegion,
  selectedRegionName,
  onSelectRegion,
}: NigeriaMapProps) {
  // useId may hold characters that a url(#…) reference would need escaped.
  const hatchId = `map-hatch-${useId().replace(/[^\w-]/g, "")}`;
  const ordered = useMemo(() => [...regions].sort((a, b) => a.name.localeCompare(b.name, "en")), [regions]);
  const [minX = 0, minY = 0, width = 1, height = 1] = viewBox
    .trim()
    .split(/[\s,]+/)
    .map(Number);

  const buttons = useRef(new Map<string, SVGPathElement>());
  const [hovered, setHovered] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [latest, setLatest] = useState<Pointer>("focus");
  const [dismissed, setDismissed] = useState(false);

  const shownName = dismissed ? null : latest === "hover" ? (hovered ?? focused) : (focused ?? hovered);
  const shown = ordered.find((region) => region.name === shownName);
  const selected = selectedRegionName
    ? ordered.find((region) => sameState(region.name, selectedRegionName))
    : undefined;
  const focusedRegion = ordered.find((region) => region.name === focused);
  const hoveredRegion = ordered.find((region) => region.name === hovered);

  // Escape hides the tooltip wherever focus is (WCAG 1.4.13: dismissible without moving the pointer).
  useEffect(() => {
    if (!shownName) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") setDismissed(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [shownName]);

  function show(name: string, pointer: Pointer) {
    if (pointer === "hover") setHovered(name);
    else setFocused(name);
    setLatest(pointer);
    setDismissed(false);
  }

  function onKeyDown(event: KeyboardEvent<SVGPathElement>, region: MapRegion) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onSelectRegion(region.name);
      return;
    }
    const direction = arrowDirections[event.key];
    if (!direction) return;
    event.preventDefault();
    const next = nearestRegion(ordered, region, direction);
    if (next) buttons.current.get(next.name)?.focus();
  }

  const hasPolicy = (name: string) => policyByRegion(name) === true;

  return (
    <div className={styles.map}>
      <svg
        className={styles.svg}
        viewBox={viewBox}
        role="group"
        aria-label="Map of Nigeria's states"
        preserveAspectRatio="xMidYMid meet"
      >
        <defs>
          <pattern
            id={hatchId}
            width="8"
            height="8"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect className={styles.hatchBackground} width="8" height="8" />
            <line className={styles.hatchLine} x1="0" y1="0" x2="0" y2="8" />
          </pattern>
        </defs>
        {ordered.map((region) => {
          const isSelected = region === selected;
          return (
            <path
              key={region.code}
              ref={(element) => {
                if (element) buttons.current.set(region.name, element);
                return () => {
                  buttons.current.delete(region.name);
                };
              }}
              d={region.d}
              className={isSelected ? `${styles.region} ${styles.selected}` : styles.region}
              role="button"
              tabIndex={0}
              aria-label={`${regionLabel(region.name)}, disability policy: ${hasPolicy(region.name) ? "Yes" : "No"}`}
              aria-pressed={isSelected}
              data-code={region.code}
              onClick={() => onSelectRegion(region.name)}
              onKeyDown={(event) => onKeyDown(event, region)}
              onFocus={() => show(region.name, "focus")}
              onBlur={() => setFocused((current) => (current === region.name ? null : current))}
              onMouseEnter={() => show(region.name, "hover")}
              onMouseLeave={() => setHovered((current) => (current === region.name ? null : current))}
            />
          );
        })}
        {/* Outlines drawn last, above every neighbour, and transparent to the pointer. */}
        {selected && (
          <path
            d={selected.d}
            className={styles.selectedOverlay}
            fill={`url(#${hatchId})`}
            aria-hidden="true"
          />
        )}
        {hoveredRegion && hoveredRegion !== focusedRegion && (
          <path d={hoveredRegion.d} className={styles.hoverOverlay} aria-hidden="true" />
        )}
        {focusedRegion && (
          <g aria-hidden="true">
            <path d={focusedRegion.d} className={styles.focusHalo} />
            <path d={focusedRegion.d} className={styles.focusRing} />
          </g>
        )}
      </svg>
      {shown && (
        <Tooltip
          region={shown}
          hasPolicy={hasPolicy(shown.name)}
          left={(shown.centroid[0] - minX) / width}
          top={(shown.centroid[1] - minY) / height}
          // Moving onto the tooltip keeps it open (React pairs this enter with the region's leave).
          onMouseEnter={() => show(shown.name, "hover")}
          onMouseLeave={() => setHovered(null)}
        />
      )}
    </div>
  );
}

interface TooltipProps {
  region: MapRegion;
  hasPolicy: boolean;
  /** Position of the region's centre as fractions of the map's width and height. */
  left: number;
  top: number;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
}

function Tooltip({ region, hasPolicy, left, top, onMouseEnter, onMouseLeave }: TooltipProps) {
  // Above the region's centre, except near the top edge; growing inwards from the side thirds, so at
  // 320px it never widens the page, and it never sits on the point being hovered.
  const vertical = top < 0.25 ? styles.below : styles.above;
  const horizontal = left < 1 / 3 ? styles.start : left > 2 / 3 ? styles.end : styles.middle;
  return (
    <div
      role="tooltip"
      aria-hidden="true"
      className={`${styles.tooltip} ${vertical} ${horizontal}`}
      style={{ left: `${(left * 100).toFixed(2)}%`, top: `${(top * 100).toFixed(2)}%` }}
      onMouseEnter={onMouseEnter}
      onMouseLeave={onMouseLeave}
    >
      <p className={styles.tooltipTitle}>{regionLabel(region.name)}</p>
      <p className={styles.tooltipFact}>
        Disability Policy: <strong>{hasPolicy ? "Yes" : "No"}</strong>
      </p>
    </div>
  );
}
