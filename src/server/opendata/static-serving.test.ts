import { readFile } from "node:fs/promises";
import type { PGlite } from "@electric-sql/pglite";
import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as builders from "../../domain/opendata/static-documents";
import { buildReportsTestApp } from "../../test/server/reports";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase } from "../../test/server/databases";
import { databasePublishedData } from "../datadesk/published-data-db";
import { seedAtStartUp } from "../datadesk/seed";

// What a download of the published data costs: no database query and no serialisation per request (only
// once per generation of the data). The builders of the documents are wrapped (vi.mock below) to count
// their calls; the database is made to fail every query once the apps have read the data, counting the
// attempts. The apps' published data neither polls nor listens here: nothing else queries meanwhile.

vi.mock(import("../../domain/opendata/static-documents"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    staticDocuments: vi.fn(actual.staticDocuments),
    filteredStatesDocuments: vi.fn(actual.filteredStatesDocuments),
  };
});

interface Raw {
  id: number | string;
}
const readJson = async <T>(file: string) => JSON.parse(await readFile(file, "utf8")) as T;
const rawStates = await readJson<Raw[]>("data/states.json");
const rawSchools = await readJson<Raw[]>("data/schools.json");
const rawEstimates = (await readJson<{ estimates: Raw[] }>("data/estimates.json")).estimates;

const idsOf = (records: readonly Raw[]) => records.map((record) => String(record.id));
const csvIds = (body: string, skip = 0) =>
  (parse(body, { columns: true }) as Record<string, string>[]).slice(skip).map((row) => row.id);
const jsonIds = (body: string) => (JSON.parse(body) as { data: Raw[] }).data.map((row) => String(row.id));

/** Every static download, and what its body must hold: the ids of data/'s records, in order. */
const downloads: [string, (body: string) => void][] = [
  ["states.json", (body) => expect(jsonIds(body)).toEqual(idsOf(rawStates))],
  ["states.csv", (body) => expect(csvIds(body)).toEqual(idsOf(rawStates))],
  ["states.csv?hxl=1", (body) => expect(csvIds(body, 1)).toEqual(idsOf(rawStates))],
  ["states.json?state=lagos", (body) => expect(jsonIds(body)).toEqual(["25"])],
  ["states.csv?zone=South+West&status=passed", (body) => expect(csvIds(body).length).toBeGreaterThan(0)],
  ["schools.json", (body) => expect(jsonIds(body)).toEqual(idsOf(rawSchools))],
  ["schools.csv", (body) => expect(csvIds(body)).toEqual(idsOf(rawSchools))],
  ["schools.csv?hxl=1", (body) => expect(csvIds(body, 1)).toEqual(idsOf(rawSchools))],
  [
    "schools.geojson",
    (body) => expect(JSON.parse(body)).toMatchObject({ type: "FeatureCollection", features: [] }),
  ],
  ["estimates.json", (body) => expect(jsonIds(body)).toEqual(idsOf(rawEstimates))],
  ["estimates.csv", (body) => expect(csvIds(body)).toEqual(idsOf(rawEstimates))],
  ["estimates.csv?hxl=1", (body) => expect(csvIds(body, 1)).toEqual(idsOf(rawEstimates))],
  ["", (body) => expect(JSON.parse(body)).toMatchObject({ success: true, datasets: expect.any(Array) })],
];

describe("static open data", () => {
  let database: DatabaseHandle;
  let apps: FastifyInstance[] = [];
  const queries = { attempted: 0 };

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    // The published data the downloads are made from: data/*.json, as a first start-up seeds it.
    await seedAtStartUp(database.db, new Date());
    // Two apps, as two instances of the server in one process would be (and as the tests build many).
    const quiet = () => databasePublishedData(database, { listen: false, pollIntervalMs: null });
    apps = [
      (await buildReportsTestApp(database, {}, undefined, quiet())).app,
      (await buildReportsTestApp(database, {}, undefined, quiet())).app,
    ];
    await Promise.all(apps.map((app) => app.ready()));
    // Each app reads the published data once, on its first download.
    for (const app of apps) {
      expect((await app.inject({ method: "GET", url: "/api/v1/open/states.csv" })).statusCode).toBe(200);
    }
    // From here on, every query fails: an answer that needs the database cannot be a 200.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const refuse = () => {
      queries.attempted += 1;
      return Promise.reject(new Error("the database is not to be queried here"));
    };
    client.query = refuse as PGlite["query"];
    client.exec = refuse as PGlite["exec"];
    client.transaction = refuse as PGlite["transaction"];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close().catch(() => undefined);
  });

  it("answers every static download, in every format, with no database query", async () => {
    for (const app of apps) {
      for (const [file, check] of downloads) {
        for (const encoding of ["identity", "br", "gzip"]) {
          const response = await app.inject({
            method: "GET",
            url: `/api/v1/open/${file}`,
            headers: { "accept-encoding": encoding },
          });
          expect(response.statusCode, `${file} ${encoding}`).toBe(200);
          if (encoding === "identity") check(response.body);
        }
      }
    }
    expect(queries.attempted).toBe(0);

    // The same database does fail the reports, which are read from it: the test would see a query.
    const reports = await apps[0]!.inject({ method: "GET", url: "/api/v1/open/reports.json" });
    expect(reports.statusCode).toBeGreaterThanOrEqual(500);
    expect(queries.attempted).toBeGreaterThan(0);
  });

  it("serialises the downloads once per app and generation, and each filtered one once per filter", async () => {
    const staticDocuments = vi.mocked(builders.staticDocuments);
    const filteredStatesDocuments = vi.mocked(builders.filteredStatesDocuments);
    const get = (app: FastifyInstance, file: string) =>
      app.inject({ method: "GET", url: `/api/v1/open/${file}` });

    for (const app of apps) {
      for (let round = 0; round < 3; round += 1) {
        for (const [file] of downloads) expect((await get(app, file)).statusCode).toBe(200);
        expect((await get(app, "states.json?zone=North+East")).statusCode).toBe(200);
        expect((await get(app, "states.csv?zone=north-east&hxl=1")).statusCode).toBe(200);
      }
    }
    // Once for each app: the data's generation did not move.
    expect(staticDocuments).toHaveBeenCalledTimes(apps.length);
    // South West + passed (first test and this one), North East: one build each per app, all formats
    // at once.
    expect(filteredStatesDocuments).toHaveBeenCalledTimes(2 * apps.length);
    const southWest = { state: null, zone: "South West", status: ["passed"] };
    const northEast = { state: null, zone: "North East", status: null };
    expect(filteredStatesDocuments.mock.calls.map(([, filter]) => filter)).toEqual([
      southWest,
      southWest,
      northEast,
      northEast,
    ]);
  });
});
