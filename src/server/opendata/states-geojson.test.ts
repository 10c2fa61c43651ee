import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PUBLIC_URL, buildTestApp } from "../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { publishRecord } from "../../test/server/datadesk";
import { seedAtStartUp } from "../datadesk/seed";
import type { DatabaseHandle } from "../db/database";

// GET /api/v1/open/states.geojson: the states with their boundaries, for GIS users. Checked
// against the data files and against states.csv as served, not against the code that builds it.

type Position = [number, number];
interface Feature {
  type: string;
  id: number;
  geometry: { type: string; coordinates: unknown } | null;
  properties: Record<string, string | number | boolean | null>;
}
interface Collection {
  type: string;
  license: { id: string };
  boundaries: { source: string; license: string; attribution: string };
  features: Feature[];
}
interface MapFile {
  features: { properties: { code: string }; geometry: { type: string; coordinates: unknown } }[];
}

const mapFile = JSON.parse(await readFile("data/nigeria-states.geojson", "utf8")) as MapFile;
const WAIT = { timeout: 30_000, interval: 50 };

/** Twice the signed area of a ring: positive when it runs counterclockwise. */
function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let index = 0; index < ring.length - 1; index += 1) {
    sum += ring[index]![0] * ring[index + 1]![1] - ring[index + 1]![0] * ring[index]![1];
  }
  return sum;
}

/** The polygons of a Polygon or MultiPolygon, each a list of rings. */
function polygonsOf(geometry: { type: string; coordinates: unknown }): Position[][][] {
  return geometry.type === "Polygon"
    ? [geometry.coordinates as Position[][]]
    : (geometry.coordinates as Position[][][]);
}

/** A polygon's positions as text, whichever way its rings run, to compare with the map's file. */
const positionsOf = (polygons: Position[][][]) =>
  polygons
    .flat(2)
    .map(([longitude, latitude]) => `${Math.round(longitude * 1e5)},${Math.round(latitude * 1e5)}`)
    .sort();

describe.each(testDatabaseKinds())("states.geojson on %s", (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const get = (file: string) => app.inject({ method: "GET", url: `/api/v1/open/${file}` });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedAtStartUp(database.db, new Date("2026-11-29T06:00:00Z"));
    app = (await buildTestApp(database)).app;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("holds one feature per state (the FCT too), each a valid polygon of its state's boundary", async () => {
    const response = await get("states.geojson");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/geo+json; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      'inline; filename="inclusion-atlas-states-2026-11.geojson"',
    );
    const collection = response.json<Collection>();
    expect(collection.type).toBe("FeatureCollection");
    expect(collection.license.id).toBe("CC-BY-4.0");
    // The boundaries' own terms are named (data/SOURCES.md).
    expect(collection.boundaries).toMatchObject({ license: "Public domain" });
    expect(collection.boundaries.attribution).toContain("Natural Earth");
    expect(collection.features).toHaveLength(37);
    expect(collection.features.map((feature) => feature.id)).toEqual(
      Array.from({ length: 37 }, (_, index) => index + 1),
    );
    expect(collection.features.some((feature) => feature.properties.state === "FCT")).toBe(true);

    for (const feature of collection.features) {
      const name = String(feature.properties.state);
      expect(feature.type, name).toBe("Feature");
      expect(feature.geometry, name).not.toBeNull();
      const geometry = feature.geometry!;
      expect(["Polygon", "MultiPolygon"], name).toContain(geometry.type);
      const polygons = polygonsOf(geometry);
      expect(polygons.length, name).toBeGreaterThan(0);
      for (const rings of polygons) {
        expect(rings.length, name).toBeGreaterThan(0);
        rings.forEach((ring, index) => {
          expect(ring.length, name).toBeGreaterThanOrEqual(4);
          for (const position of ring) {
            expect(position, name).toHaveLength(2);
            const [longitude, latitude] = position;
            // Nigeria lies within 2°E–15°E, 4°N–14°N; longitude first (RFC 7946).
            expect(longitude > 2 && longitude < 15 && latitude > 4 && latitude < 14, name).toBe(true);
            // At most 5 decimals: small, and still about a metre.
            expect(Math.abs(longitude * 1e5 - Math.round(longitude * 1e5)), name).toBeLessThan(1e-6);
            expect(Math.abs(latitude * 1e5 - Math.round(latitude * 1e5)), name).toBeLessThan(1e-6);
          }
          expect(ring.at(-1), `${name}: closed`).toEqual(ring[0]);
          // The right-hand rule: outer rings counterclockwise, holes clockwise.
          expect(signedArea(ring) > 0, `${name}: ring ${index}`).toBe(index === 0);
        });
      }
      // The boundary of its state's code in the map's file, the same positions.
      const boundary = mapFile.features.find(
        (candidate) => candidate.properties.code === feature.properties.code,
      );
      expect(boundary, name).toBeDefined();
      expect(positionsOf(polygons), name).toEqual(positionsOf(polygonsOf(boundary!.geometry)));
    }
  });

  it("gives each feature the columns of states.csv, value for value, and the boundaries' source", async () => {
    const rows = parse((await get("states.csv")).body, { columns: true }) as Record<string, string>[];
    const features = (await get("states.geojson")).json<Collection>().features;
    expect(features).toHaveLength(rows.length);
    rows.forEach((row, index) => {
      const { boundary_source: source, ...properties } = features[index]!.properties;
      expect(Object.keys(properties), row.state).toEqual(Object.keys(row));
      expect(
        Object.fromEntries(
          Object.entries(properties).map(([name, value]) => [name, value === null ? "" : String(value)]),
        ),
        row.state,
      ).toEqual(row);
      expect(features[index]!.id).toBe(Number(row.id));
      expect(source).toBe("State boundaries: Natural Earth, public domain.");
    });
    // Numbers stay numbers for GIS tools (a rank or year to style by).
    const lagos = features.find((feature) => feature.properties.state === "Lagos")!;
    expect(typeof lagos.properties.score).toBe("number");
  });

  it("is listed in the catalogue and the data package", async () => {
    const catalogue = (await get("")).json<{
      datasets: { id: string; downloads: { format: string; url: string; rows?: number; bytes?: number }[] }[];
    }>();
    const download = catalogue.datasets
      .find((dataset) => dataset.id === "states")
      ?.downloads.find((candidate) => candidate.format === "geojson");
    const served = await get("states.geojson");
    expect(download).toEqual({
      format: "geojson",
      url: `${PUBLIC_URL}/api/v1/open/states.geojson`,
      rows: 37,
      bytes: served.rawPayload.length,
      as_of: "2026-11",
    });
    // No bigger than its parts: the records of states.json and the map's boundaries (5 decimals at most).
    const parts =
      (await get("states.json")).rawPayload.length + (await readFile("data/nigeria-states.geojson")).length;
    expect(served.rawPayload.length).toBeLessThan(parts);
  });

  it("answers a filter with 404 naming what it comes as", async () => {
    for (const query of ["state=lagos", "zone=south-west", "status=passed"]) {
      const response = await get(`states.geojson?${query}`);
      expect(response.statusCode, query).toBe(404);
      expect(response.json<{ message: string }>().message, query).toBe(
        "The states dataset comes by state, zone or law status as JSON and CSV only, not as .geojson: .geojson holds the whole dataset.",
      );
    }
  });

  it("changes with a publication, a new version, and keeps each earlier version byte for byte", async () => {
    const before = await get("states.geojson");
    const bayelsa = (body: string) =>
      (JSON.parse(body) as Collection).features.find((feature) => feature.properties.state === "Bayelsa");
    expect(bayelsa(before.body)?.properties.law_status).toBe("Pending");

    const at = new Date("2026-12-02T10:00:00Z");
    const { datasetVersion } = await publishRecord(
      database.db,
      "state",
      "6",
      { data: { status: "Passed" } },
      at,
    );
    expect(datasetVersion).toBe(2);
    await vi.waitFor(async () => {
      expect(bayelsa((await get("states.geojson")).body)?.properties.law_status).toBe("Passed");
    }, WAIT);
    const after = await get("states.geojson");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.headers["last-modified"]).toBe(at.toUTCString());
    const catalogue = (await get("")).json<{ datasets: { id: string; version?: number }[] }>();
    expect(catalogue.datasets.find((dataset) => dataset.id === "states")?.version).toBe(2);

    const versionOne = await get("states.geojson?version=1");
    expect(versionOne.statusCode).toBe(200);
    expect(versionOne.rawPayload.equals(before.rawPayload)).toBe(true);
    expect(versionOne.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(versionOne.headers["content-disposition"]).toBe(
      'inline; filename="inclusion-atlas-states-v1-2026-11.geojson"',
    );
    expect((await get("states.geojson?version=2")).rawPayload.equals(after.rawPayload)).toBe(true);

    const unknown = await get("states.geojson?version=3");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string; formats: string[] }>()).toMatchObject({
      message:
        "The states dataset has no version 3. Its versions are 1 to 2; without ?version= you get the latest.",
      formats: ["/api/v1/open/states.geojson"],
    });
  });
});
