import type { OpenDatasetInfo, OpenField, OpenRecord } from "./datasets";
import { csvCell, jsonHeader } from "./documents";

// The states as GeoJSON for GIS users: each state's boundary (data/nigeria-states.geojson,
// Natural Earth, public domain) with the states.csv columns as its properties. The map's file winds
// outer rings clockwise, as d3-geo wants; RFC 7946 §3.1.6 asks for the opposite (outer rings
// counterclockwise, holes clockwise), so the download is rewound, and its coordinates rounded to 5
// decimals (about a metre: the boundaries are generalised far beyond that).

export type Position = [number, number];
export type Ring = Position[];

export type BoundaryGeometry =
  { type: "Polygon"; coordinates: Ring[] } | { type: "MultiPolygon"; coordinates: Ring[][] };

export interface StateBoundary {
  type: "Feature";
  properties: { name: string; code: string };
  geometry: BoundaryGeometry;
}

export interface StateBoundaries {
  type: "FeatureCollection";
  features: StateBoundary[];
}

/** Where the boundaries come from, and on what terms (data/SOURCES.md). */
export const BOUNDARIES_SOURCE = {
  title: "Natural Earth, Admin 1 – States, Provinces (simplified for a country-scale map)",
  url: "https://www.naturalearthdata.com/",
  license: "Public domain",
  attribution: "State boundaries: Natural Earth, public domain.",
} as const;

const COORDINATE_DECIMALS = 5;
const scale = 10 ** COORDINATE_DECIMALS;
const round = (value: number) => Math.round(value * scale) / scale;

function isPosition(value: unknown): value is Position {
  return (
    Array.isArray(value) &&
    value.length >= 2 &&
    typeof value[0] === "number" &&
    typeof value[1] === "number" &&
    Number.isFinite(value[0]) &&
    Number.isFinite(value[1])
  );
}

function isRing(value: unknown): value is Ring {
  return Array.isArray(value) && value.length >= 4 && value.every(isPosition);
}

const isPolygon = (value: unknown): value is Ring[] =>
  Array.isArray(value) && value.length >= 1 && value.every(isRing);

/** data/nigeria-states.geojson, checked: a name, a code and a polygon or multipolygon per feature. */
export function parseStateBoundaries(text: string): StateBoundaries {
  const parsed = JSON.parse(text) as { type?: unknown; features?: unknown };
  if (parsed.type !== "FeatureCollection" || !Array.isArray(parsed.features)) {
    throw new Error("The state boundaries are not a GeoJSON FeatureCollection.");
  }
  const features = parsed.features.map((feature: unknown, index): StateBoundary => {
    const { properties, geometry } = (feature ?? {}) as {
      properties?: { name?: unknown; code?: unknown };
      geometry?: { type?: unknown; coordinates?: unknown };
    };
    const name = properties?.name;
    const code = properties?.code;
    const valid =
      typeof name === "string" &&
      typeof code === "string" &&
      ((geometry?.type === "Polygon" && isPolygon(geometry.coordinates)) ||
        (geometry?.type === "MultiPolygon" &&
          Array.isArray(geometry.coordinates) &&
          geometry.coordinates.every(isPolygon)));
    if (!valid) throw new Error(`State boundary ${index + 1} has no name, code or polygon.`);
    return { type: "Feature", properties: { name, code }, geometry: geometry as BoundaryGeometry };
  });
  return { type: "FeatureCollection", features };
}

/** Twice the ring's signed area (shoelace): positive when it runs counterclockwise. */
export function signedArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let index = 0; index < ring.length - 1; index += 1) {
    const [x1, y1] = ring[index]!;
    const [x2, y2] = ring[index + 1]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** A ring rounded, closed, and running counterclockwise (an outer ring) or clockwise (a hole). */
function rfc7946Ring(ring: Ring, outer: boolean): Ring {
  const rounded = ring.map(([longitude, latitude]): Position => [round(longitude), round(latitude)]);
  // Rounding never moves the last position off the first (they are equal), but a ring left open is closed.
  const [first] = rounded;
  const last = rounded.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) rounded.push([first[0], first[1]]);
  const counterclockwise = signedArea(rounded) > 0;
  return counterclockwise === outer ? rounded : rounded.reverse();
}

const rfc7946Polygon = (polygon: Ring[]) => polygon.map((ring, index) => rfc7946Ring(ring, index === 0));

export function rfc7946Geometry(geometry: BoundaryGeometry): BoundaryGeometry {
  return geometry.type === "Polygon"
    ? { type: "Polygon", coordinates: rfc7946Polygon(geometry.coordinates) }
    : { type: "MultiPolygon", coordinates: geometry.coordinates.map(rfc7946Polygon) };
}

/** A state's properties: its states.csv columns, each with its CSV cell's value (lists joined by "; "). */
export function stateProperties(fields: readonly OpenField[], record: OpenRecord) {
  return Object.fromEntries(fields.map((field) => [field.name, csvCell(record[field.name]) ?? null]));
}

/**
 * The states with their boundaries: one Feature per state, in the states' order, its id the state's id,
 * its geometry the boundary of the same ISO 3166-2 code (null, as RFC 7946 allows, if none had it).
 */
export function statesGeojsonDocument(
  info: OpenDatasetInfo,
  states: readonly OpenRecord[],
  boundaries: StateBoundaries,
  asOf: string,
): string {
  const header = jsonHeader(info, asOf);
  const byCode = new Map(boundaries.features.map((feature) => [feature.properties.code, feature.geometry]));
  return JSON.stringify({
    type: "FeatureCollection",
    // Foreign members (RFC 7946 §6.1): readers ignore them; people and scripts find the licences.
    title: header.title,
    license: header.license,
    citation: header.citation,
    boundaries: {
      source: BOUNDARIES_SOURCE.title,
      url: BOUNDARIES_SOURCE.url,
      license: BOUNDARIES_SOURCE.license,
      attribution: BOUNDARIES_SOURCE.attribution,
    },
    as_of: asOf,
    features: states.map((state) => {
      const geometry = byCode.get(String(state.code));
      return {
        type: "Feature",
        id: state.id as number,
        geometry: geometry ? rfc7946Geometry(geometry) : null,
        properties: {
          ...stateProperties(info.fields, state),
          boundary_source: BOUNDARIES_SOURCE.attribution,
        },
      };
    }),
  });
}
