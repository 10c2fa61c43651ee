import { type KeyboardEvent, memo, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, T, useT } from "../../i18n";
import {
  regions as projectedRegions,
  viewBox as projectedViewBox,
  type MapRegion,
} from "virtual:nigeria-map";
import { sameState, stateKey } from "../../../domain/datasets/state-names";
import { lawStatusCategories, lawStatusKey, type LawStatusKey } from "../../../domain/law-status";
import { paths } from "../../../domain/routes";
import { lawStatusFills } from "./law-status-palette";
import { arrowDirections, nearestRegion } from "./nearest-region";
import styles from "./NigeriaMap.module.css";
import { lawStatusLabelText, lawStatusWords } from "../../i18n/law-status-text";
import { regionLabel } from "./region-label";
import { useDocumentListener } from "../../ui/useDocumentListener";
import { compareText } from "../../../domain/text-order";

export interface RegionLaw {
  /** As in the states data: "Passed", "Passed/awaiting Gov assent", "Second Reading", "Pending". */
  status: string;
  year: number | null;
}

export interface NigeriaMapProps {
  /** Defaults to the build-time projection of data/nigeria-states.geojson. */
  regions?: readonly MapRegion[];
  /** The coordinate box of `regions`; defaults to the projection's. */
  viewBox?: string;
  /** The region's disability law; undefined reads as "Pending / no law". */
  lawOf: (regionName: string) => RegionLaw | undefined;
  selectedRegionName: string | null;
  onSelectRegion: (regionName: string) => void;
}

type Pointer = "hover" | "focus";

/** How long the tooltip stays after the pointer leaves a state or the tooltip, for it to reach the other. */
export const HOVER_GRACE_MS = 300;

// Too small to tap on a phone-sized map (Lagos is about 9 px tall at 360 px wide): each also gets a
// labelled target beside the map, at least 24 × 24 CSS px.
const smallRegions = ["lagos", "fct"];

/**
 * The 37 regions filled by disability law status, with a legend that counts each status.
 *
 * Keyboard: the map is one tab stop (the selected state, else the last one focused, else the first);
 * arrow keys move to the nearest state in that direction; Enter or Space selects. Each state's button is
 * named with its law status ("Lagos State, disability law: Passed (2011)"), so the tooltip is visual only.
 * The tooltip sits in a band above the map, never over a state, so every point of every state selects it.
 * A memo: the home page renders again as it finishes hydrating, and the 37 regions only when their props change.
 */
export const NigeriaMap = memo(function NigeriaMap({
  regions = projectedRegions,
  viewBox = projectedViewBox,
  lawOf,
  selectedRegionName,
  onSelectRegion,
}: NigeriaMapProps) {
  const t = useT();
  // useId may hold characters that a url(#…) reference would need escaped.
  const idBase = `map-${useId().replace(/[^\w-]/g, "")}`;
  const hatchId = `${idBase}-hatch`;
  const patternId = (key: LawStatusKey) => `${idBase}-${key}`;
  const ordered = useMemo(() => [...regions].sort((a, b) => compareText(a.name, b.name)), [regions]);

  const svg = useRef<SVGSVGElement>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [lastFocused, setLastFocused] = useState<string | null>(null);
  const [latest, setLatest] = useState<Pointer>("focus");
  const [dismissed, setDismissed] = useState(false);

  const shownName = dismissed ? null : latest === "hover" ? (hovered ?? focused) : (focused ?? hovered);
  const shown = ordered.find((region) => region.name === shownName);
  const selected = selectedRegionName
    ? ordered.find((region) => sameState(region.name, selectedRegionName))
    : undefined;
  const focusedRegion = ordered.find((region) => region.name === focused);
  const hoveredRegion = ordered.find((region) => region.name === hovered);
  // The one region in the tab order (a roving tab stop).
  const tabStop = ordered.find((region) => region.name === lastFocused) ?? selected ?? ordered[0];

  // Escape hides the tooltip wherever focus is (WCAG 1.4.13: dismissible without moving the pointer), heard
  // from the moment the tooltip is drawn.
  useDocumentListener(
    "keydown",
    (event) => {
      if (event.key === "Escape") setDismissed(true);
    },
    Boolean(shownName),
  );

  // The pointer leaving a state or the tooltip hides it a moment later, unless it enters the tooltip or a
  // state meanwhile: moving onto the tooltip keeps it (WCAG 1.4.13, hoverable). A browser sends the leave
  // and the enter as separate events, and a renderer may draw between them (Preact does), so the hide is not
  // left to the renderer's batching.
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  function leave(name: string | null) {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(
      () => setHovered((current) => (name === null || current === name ? null : current)),
      HOVER_GRACE_MS,
    );
  }

  function show(name: string, pointer: Pointer) {
    if (pointer === "hover") {
      clearTimeout(hideTimer.current);
      setHovered(name);
    } else {
      setFocused(name);
      setLastFocused(name);
    }
    setLatest(pointer);
    setDismissed(false);
  }

  // The states' buttons share one handler per event, on the map, which finds the state by the button's
  // data-code: 37 buttons with six handlers and a ref each were most of the map's hydration on a slow phone.
  const regionOf = (target: EventTarget): MapRegion | undefined => {
    const code =
      target instanceof Element ? target.closest("path[data-code]")?.getAttribute("data-code") : null;
    return code ? ordered.find((region) => region.code === code) : undefined;
  };

  function onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    const region = regionOf(event.target);
    if (!region) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onSelectRegion(region.name);
      return;
    }
    const direction = arrowDirections[event.key];
    if (!direction) return;
    event.preventDefault();
    const next = nearestRegion(ordered, region, direction);
    if (next) svg.current?.querySelector<SVGPathElement>(`path[data-code="${next.code}"]`)?.focus();
  }

  // A state's law status and its words, found once per state (each was looked up five times a render).
  const laws = new Map(
    ordered.map((region) => {
      const law = lawOf(region.name);
      const key = lawStatusKey(law?.status ?? "");
      const fill =
        lawStatusFills[key].pattern === "none" ? lawStatusFills[key].fill : `url(#${patternId(key)})`;
      return [region.name, { key, fill, words: lawStatusWords(t, law?.status ?? "", law?.year ?? null) }];
    }),
  );
  const lawFacts = (name: string) => laws.get(name)!;
  const counts = lawStatusCategories.map((category) => ({
    category,
    count: ordered.filter((region) => lawFacts(region.name).key === category.key).length,
  }));
  const small = ordered.filter((region) => smallRegions.includes(stateKey(region.name)));

  return (
    <div className={styles.map}>
      {/* The tooltip's band: reserved height, so showing it moves nothing and it never covers the map. */}
      <div className={styles.tooltipBand}>
        {shown ? (
          <div
            role="tooltip"
            aria-hidden="true"
            className={styles.tooltip}
            onMouseEnter={() => show(shown.name, "hover")}
            onMouseLeave={() => leave(null)}
          >
            <p className={styles.tooltipTitle}>{regionLabel(shown.name, t)}</p>
            <p className={styles.tooltipFact}>
              <T
                id="map.tooltipLaw"
                values={{ status: lawFacts(shown.name).words }}
                components={{ strong: <strong /> }}
              />
            </p>
          </div>
        ) : null}
      </div>
      <svg
        ref={svg}
        className={styles.svg}
        viewBox={viewBox}
        role="group"
        aria-label={t("map.mapLabel")}
        preserveAspectRatio="xMidYMid meet"
        onClick={(event) => {
          const region = regionOf(event.target);
          if (region) onSelectRegion(region.name);
        }}
        onKeyDown={onKeyDown}
        // Focus and blur bubble as React sends them, and as Preact's compat layer listens (focusin, focusout).
        onFocus={(event) => {
          const region = regionOf(event.target);
          if (region) show(region.name, "focus");
        }}
        onBlur={(event) => {
          const region = regionOf(event.target);
          if (region) setFocused((current) => (current === region.name ? null : current));
        }}
        // Over and out bubble, where enter and leave do not; moving within one state's path sends neither.
        onMouseOver={(event) => {
          const region = regionOf(event.target);
          if (region && regionOf(event.relatedTarget ?? document) !== region) show(region.name, "hover");
        }}
        onMouseOut={(event) => {
          const region = regionOf(event.target);
          if (region && regionOf(event.relatedTarget ?? document) !== region) leave(region.name);
        }}
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
          <StatusPatterns idOf={patternId} />
        </defs>
        {ordered.map((region) => {
          const isSelected = region === selected;
          return (
            <path
              key={region.code}
              d={region.d}
              fill={lawFacts(region.name).fill}
              className={isSelected ? `${styles.region} ${styles.selected}` : styles.region}
              role="button"
              tabIndex={region === tabStop ? 0 : -1}
              aria-label={t("map.regionButton", {
                region: regionLabel(region.name, t),
                status: lawFacts(region.name).words,
              })}
              aria-pressed={isSelected}
              data-code={region.code}
              data-law-status={lawFacts(region.name).key}
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
      {small.length > 0 ? (
        // Pointer and touch targets for the smallest states; keyboard and screen reader users reach them
        // on the map itself, so these stay out of the tab order and the accessibility tree.
        <p className={styles.smallStates} aria-hidden="true">
          <span>{t("map.smallOnMap")}</span>
          {small.map((region) => (
            <button
              key={region.code}
              type="button"
              tabIndex={-1}
              className={styles.smallState}
              data-small-state={region.code}
              onClick={() => onSelectRegion(region.name)}
            >
              {stateKey(region.name) === "fct" ? t("map.fctShort") : region.name}
            </button>
          ))}
        </p>
      ) : null}
      <div className={styles.legend}>
        <h3 className={styles.legendTitle}>{t("map.legendTitle")}</h3>
        <ul className={styles.legendList}>
          {counts.map(({ category, count }) => (
            <li key={category.key} className={styles.legendItem}>
              <svg className={styles.swatch} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <rect
                  width="24"
                  height="24"
                  fill={
                    lawStatusFills[category.key].pattern === "none"
                      ? lawStatusFills[category.key].fill
                      : `url(#${patternId(category.key)})`
                  }
                  className={styles.swatchBox}
                />
              </svg>
              <span>{t("map.legendItem", { status: lawStatusLabelText(t, category.key), count })}</span>
            </li>
          ))}
        </ul>
        <p className={styles.compare}>
          <Link to={paths.states()}>{t("map.compareAllStates")}</Link>
        </p>
      </div>
    </div>
  );
});

/** One pattern per status that has one (see law-status-palette.ts). */
function StatusPatterns({ idOf }: { idOf: (key: LawStatusKey) => string }) {
  return (
    <>
      {lawStatusCategories.map(({ key }) => {
        const { fill, pattern, ink } = lawStatusFills[key];
        if (pattern === "none") return null;
        return (
          <pattern
            key={key}
            id={idOf(key)}
            width="10"
            height="10"
            patternUnits="userSpaceOnUse"
            patternTransform={pattern === "stripes" ? "rotate(-45)" : undefined}
          >
            <rect width="10" height="10" fill={fill} />
            {pattern === "stripes" ? (
              <line x1="0" y1="0" x2="0" y2="10" stroke={ink} strokeWidth="3" />
            ) : null}
            {pattern === "dots" ? <circle cx="5" cy="5" r="1.8" fill={ink} /> : null}
            {pattern === "cross-hatch" ? (
              <path d="M0 0L10 10M10 0L0 10" stroke={ink} strokeWidth="1.2" />
            ) : null}
          </pattern>
        );
      })}
    </>
  );
}
