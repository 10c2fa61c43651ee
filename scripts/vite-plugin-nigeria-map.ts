import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  geoConicEqualArea,
  geoPath,
  type ExtendedFeature,
  type ExtendedFeatureCollection,
  type GeoProjection,
} from "d3-geo";
import type { Plugin } from "vite";

// Projects data/nigeria-states.geojson once, at build time, into compact SVG paths served as the virtual
// module `virtual:nigeria-map`: phones download ready-made paths and never run a projection.

export const NIGERIA_MAP_MODULE_ID = "virtual:nigeria-map";
const resolvedModuleId = `\0${NIGERIA_MAP_MODULE_ID}`;

export const MAP_WIDTH = 800;
// Room around the country so the selected state's thick outline is not cut off at the edge.
const MAP_MARGIN = 4;

export interface MapRegion {
  name: string;
  code: string;
  d: string;
  centroid: [number, number];
}

export interface NigeriaMap {
  viewBox: string;
  regions: MapRegion[];
}

type StateFeature = ExtendedFeature<GeoJSON.Polygon | GeoJSON.MultiPolygon, { name: string; code: string }>;
export type StatesCollection = ExtendedFeatureCollection<StateFeature>;

/**
 * Outlines are drawn on a grid of whole units of the 800-unit viewBox: half a unit off at most, which is
 * under half a pixel however wide the map is shown (at most 800 px), and a phone shows it at about 340 px.
 * Tenths of a unit made the home page's map module 9.7 KB compressed, whole units 5.4 KB. Neighbours round
 * their shared border's points alike, so no gap opens between them.
 */
const GRID_STEPS_PER_UNIT = 1;

/** Projects the states to a viewBox MAP_WIDTH wide; outlines on the grid above, centroids to tenths. */
export function projectNigeriaMap(states: StatesCollection): NigeriaMap {
  // Equal-area with standard parallels spanning Nigeria (about 4°N to 14°N), so states keep true sizes.
  const projection = geoConicEqualArea()
    .parallels([6, 12])
    .rotate([-8, 0])
    .precision(0)
    .fitWidth(MAP_WIDTH - 2 * MAP_MARGIN, states);
  const [x, y] = projection.translate();
  projection.translate([x + MAP_MARGIN, y + MAP_MARGIN]);

  const planar = geoPath(projection);
  const [, [, bottom]] = planar.bounds(states);
  const height = Math.ceil(bottom + MAP_MARGIN);

  const regions = states.features.map((feature): MapRegion => {
    const [cx, cy] = planar.centroid(feature);
    return {
      name: feature.properties.name,
      code: feature.properties.code,
      d: compactPath(projectedRings(projection, feature)),
      centroid: [tenths(cx), tenths(cy)],
    };
  });
  return { viewBox: `0 0 ${MAP_WIDTH} ${height}`, regions };
}

function projectedRings(projection: GeoProjection, feature: StateFeature): Array<Array<[number, number]>> {
  const rings: Array<Array<[number, number]>> = [];
  let ring: Array<[number, number]> = [];
  // A recording context: d3 feeds it each ring's projected points.
  geoPath(projection, {
    moveTo(px, py) {
      ring = [[px, py]];
      rings.push(ring);
    },
    lineTo(px, py) {
      ring.push([px, py]);
    },
    beginPath() {},
    closePath() {},
    arc() {},
  })(feature);
  return rings;
}

/**
 * One absolute move per ring, then relative line segments: about a third smaller than absolute
 * coordinates. Points are rounded on the absolute grid first, so relative steps never drift.
 */
function compactPath(rings: Array<Array<[number, number]>>): string {
  let d = "";
  for (const ring of rings) {
    const points: Array<[number, number]> = [];
    for (const [px, py] of ring) {
      const point: [number, number] = [
        Math.round(px * GRID_STEPS_PER_UNIT),
        Math.round(py * GRID_STEPS_PER_UNIT),
      ];
      const last = points.at(-1);
      if (!last || last[0] !== point[0] || last[1] !== point[1]) points.push(point);
    }
    const first = points[0];
    const last = points.at(-1);
    if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
    if (!first || points.length < 3) continue;

    d += `M${decimal(first[0])} ${decimal(first[1])}l`;
    let previous = first;
    let steps = "";
    for (const point of points.slice(1)) {
      steps += pair(point[0] - previous[0], point[1] - previous[1]);
      previous = point;
    }
    d += `${steps.trimStart()}z`;
  }
  return d;
}

// "1.2 -.3" → "1.2-.3": a minus sign separates numbers on its own.
function pair(dx: number, dy: number): string {
  const a = decimal(dx);
  const b = decimal(dy);
  return `${a.startsWith("-") ? "" : " "}${a}${b.startsWith("-") ? "" : " "}${b}`;
}

/** A number held in grid steps, written as briefly as SVG allows (0.5 → ".5", -0.5 → "-.5"). */
function decimal(inSteps: number): string {
  return (inSteps / GRID_STEPS_PER_UNIT).toString().replace(/^(-?)0\./, "$1.");
}

function tenths(value: number): number {
  return Math.round(value * 10) / 10;
}

export function nigeriaMapModuleSource(map: NigeriaMap): string {
  const json = JSON.stringify(map);
  return `const map = ${json};\nexport const viewBox = map.viewBox;\nexport const regions = map.regions;\nexport default map;\n`;
}

/** Vite plugin serving `virtual:nigeria-map`; `geojson` is relative to the project root. */
export function nigeriaMap(options: { geojson?: string } = {}): Plugin {
  let geojsonPath = "";
  return {
    name: "inclusion-atlas:nigeria-map",
    configResolved(config) {
      geojsonPath = path.resolve(config.root, options.geojson ?? "data/nigeria-states.geojson");
    },
    resolveId(id) {
      return id === NIGERIA_MAP_MODULE_ID ? resolvedModuleId : undefined;
    },
    async load(id) {
      if (id !== resolvedModuleId) return undefined;
      this.addWatchFile(geojsonPath);
      const states = JSON.parse(await readFile(geojsonPath, "utf8")) as StatesCollection;
      return nigeriaMapModuleSource(projectNigeriaMap(states));
    },
  };
}
