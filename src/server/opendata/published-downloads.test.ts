import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TableSchemaField } from "../../domain/opendata/datapackage";
import { openDatasets } from "../../domain/opendata/datasets";
import { PUBLIC_URL } from "../../test/server/accounts";
import {
  createPostgresTestDatabase,
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabaseKind,
  testServerUrl,
} from "../../test/server/databases";
import { publishRecord } from "../../test/server/datadesk";
import { buildReportsTestApp } from "../../test/server/reports";
import { seedAtStartUp } from "../datadesk/seed";
import { openDatabase, type DatabaseHandle } from "../db/database";

// The downloads made from the database: a freshly seeded database serves what the site served before the
// data desk (fixtures/before-data-desk, frozen from that commit: column by column, value by value; new
// columns only at the end), each publication shows on every instance, and each earlier version stays as
// it was.

const beforeDataDesk = (file: string) =>
  readFile(new URL(`./fixtures/before-data-desk/${file}`, import.meta.url), "utf8");

/** The columns a field's description adds after `last` (src/domain/opendata/datasets.ts): empty in the seed. */
const describedAfter = (dataset: "states" | "schools", last: string) => {
  const names = openDatasets[dataset].fields.map((field) => field.name);
  return names.slice(names.indexOf(last) + 1).map((name) => ({ name, value: "" }));
};
/** Columns the data desk added: at the end of the CSV, after every column there was. */
const addedColumns: Record<string, { name: string; value: string }[]> = {
  states: describedAfter("states", "as_of"),
  schools: [{ name: "status", value: "open" }, ...describedAfter("schools", "status")],
  estimates: [],
};

const rowsOf = (csv: string) => parse(csv, { relax_column_count: false }) as string[][];
// Publications are seen within 10 s (the poll's safety net); a busy machine may need longer to run it.
const WAIT = { timeout: 30_000, interval: 50 };

async function openInstances(kind: TestDatabaseKind) {
  if (kind === "pglite") {
    const handle = await openTestDatabase(kind);
    return { first: handle, second: handle, close: () => handle.close() };
  }
  const created = await createPostgresTestDatabase(testServerUrl());
  const first = await openDatabase({ kind: "postgres", url: created.url, poolSize: 4 });
  await first.migrate();
  const second = await openDatabase({ kind: "postgres", url: created.url, poolSize: 4 });
  return {
    first,
    second,
    close: async () => {
      await second.close();
      await first.close();
      await created.drop();
    },
  };
}

describe.each(testDatabaseKinds())("open data from the published data on %s", (kind) => {
  let instances: Awaited<ReturnType<typeof openInstances>>;
  let first: DatabaseHandle;
  /** Two instances of the site: on PostgreSQL each with its own pool and listening connection. */
  let apps: FastifyInstance[];
  const get = (app: FastifyInstance, file: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url: `/api/v1/open/${file}`, headers });

  beforeAll(async () => {
    instances = await openInstances(kind);
    first = instances.first;
    expect(await seedAtStartUp(first.db, new Date("2026-11-29T06:00:00Z"))).toBe("seeded");
    apps = [
      (await buildReportsTestApp(instances.first)).app,
      (await buildReportsTestApp(instances.second)).app,
    ];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await instances.close();
  });

  it.each(["states", "schools", "estimates"] as const)(
    "serves %s.csv from a freshly seeded database as the site served it before the data desk, column by column",
    async (dataset) => {
      const served = rowsOf((await get(apps[0]!, `${dataset}.csv`)).body);
      const [servedHeader = [], ...servedRows] = served;
      const [beforeHeader = [], ...beforeRows] = rowsOf(await beforeDataDesk(`${dataset}.csv`));
      const added = addedColumns[dataset] ?? [];
      // The columns there were, in their order; then the added ones.
      expect(servedHeader).toEqual([...beforeHeader, ...added.map((column) => column.name)]);
      expect(servedRows).toHaveLength(beforeRows.length);
      beforeHeader.forEach((column, index) => {
        expect(
          servedRows.map((row) => row[index]),
          column,
        ).toEqual(beforeRows.map((row) => row[index]));
      });
      added.forEach((column, offset) => {
        const index = beforeHeader.length + offset;
        expect(new Set(servedRows.map((row) => row[index])), column.name).toEqual(new Set([column.value]));
      });
    },
  );

  it.each(["states", "schools", "estimates"] as const)(
    "serves %s.json from a freshly seeded database as the site served it before the data desk, field by field",
    async (dataset) => {
      type Download = { fields: { name: string }[]; data: Record<string, unknown>[] } & Record<
        string,
        unknown
      >;
      const served = (await get(apps[0]!, `${dataset}.json`)).json<Download>();
      const before = JSON.parse(await beforeDataDesk(`${dataset}.json`)) as Download;
      const added = addedColumns[dataset] ?? [];
      const { fields, data, ...about } = served;
      const { fields: fieldsBefore, data: dataBefore, ...aboutBefore } = before;
      expect(about).toEqual(aboutBefore);
      expect(fields.slice(0, fieldsBefore.length)).toEqual(fieldsBefore);
      expect(fields.slice(fieldsBefore.length).map((field) => field.name)).toEqual(
        added.map((column) => column.name),
      );
      expect(data).toHaveLength(dataBefore.length);
      data.forEach((record, index) => {
        const recordBefore = dataBefore[index]!;
        // The keys there were, in their order, with their values; then the added ones.
        const keysBefore = Object.keys(recordBefore);
        expect(Object.keys(record)).toEqual([...keysBefore, ...added.map((column) => column.name)]);
        expect(record).toMatchObject(recordBefore);
      });
    },
  );

  it("serves schools.geojson from a freshly seeded database as the site served it before the data desk", async () => {
    // The only GeoJSON download there was (states.geojson came after the data desk; states-geojson.test.ts
    // checks it against the map's boundaries and states.csv as served). No school has a position in the
    // data, so its features are none, then as now.
    const served = await get(apps[0]!, "schools.geojson");
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(await beforeDataDesk("schools.geojson"));
  });

  it("serves every download that gained no column byte for byte as before the data desk", async () => {
    // Sources are kept with their details now, yet downloads list their addresses as they always did
    // (decision 0030): the seeded states' and estimates' files are the very bytes they were.
    const unchanged = (["states", "estimates"] as const).filter(
      (dataset) => (addedColumns[dataset] ?? []).length === 0,
    );
    expect(unchanged).toContain("estimates");
    for (const dataset of unchanged) {
      for (const format of ["csv", "json"] as const) {
        const file = `${dataset}.${format}`;
        expect((await get(apps[0]!, file)).body, file).toBe(await beforeDataDesk(file));
      }
    }
  });

  it("shows a publication on both instances, with a new ETag, and keeps the earlier version", async () => {
    const before = await get(apps[1]!, "states.csv");
    const catalogueBefore = (await get(apps[1]!, "")).json<{
      datasets: { id: string; version?: number }[];
    }>();
    const statesVersion = catalogueBefore.datasets.find((dataset) => dataset.id === "states")?.version;
    expect(statesVersion).toBe(1);
    const at = new Date("2026-12-01T09:30:00Z");
    const { datasetVersion } = await publishRecord(
      first.db,
      "state",
      "6",
      { data: { status: "Passed" } },
      at,
    );
    expect(datasetVersion).toBe(2);

    for (const app of apps) {
      await vi.waitFor(async () => {
        const rows = rowsOf((await get(app, "states.csv")).body);
        const statusColumn = rows[0]!.indexOf("law_status");
        expect(rows.find((row) => row[0] === "6")?.[statusColumn]).toBe("Passed");
      }, WAIT);
    }
    const after = await get(apps[1]!, "states.csv");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.headers["last-modified"]).toBe(at.toUTCString());
    // The plain download answered early (no query, no filter) is the new one too.
    expect(
      (await get(apps[1]!, "states.json"))
        .json<{ data: { id: number; law_status: string }[] }>()
        .data.find((state) => state.id === 6)?.law_status,
    ).toBe("Passed");

    const catalogue = (await get(apps[1]!, "")).json<{
      datasets: { id: string; version?: number; changed_at?: string }[];
    }>();
    expect(catalogue.datasets.find((dataset) => dataset.id === "states")).toMatchObject({
      version: 2,
      changed_at: at.toISOString(),
    });
    expect(catalogue.datasets.find((dataset) => dataset.id === "schools")).toMatchObject({ version: 1 });
    expect(catalogue.datasets.find((dataset) => dataset.id === "reports")).not.toHaveProperty("version");

    // Version 1 is the seeded data exactly; version 2 what is served now.
    const versionOne = await get(apps[1]!, "states.csv?version=1");
    expect(versionOne.statusCode).toBe(200);
    expect(versionOne.body).toBe(before.body);
    expect(versionOne.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(versionOne.headers["content-disposition"]).toBe(
      'attachment; filename="inclusion-atlas-states-v1-2026-11.csv"',
    );
    expect((await get(apps[1]!, "states.csv?version=2")).body).toBe(after.body);
    expect(
      (await get(apps[0]!, "states.json?version=1&state=bayelsa")).json<{ data: { law_status: string }[] }>()
        .data[0]?.law_status,
    ).toBe("Pending");
  });

  it("answers an unknown version with 404 and a bad one with 400, saying why", async () => {
    const unknown = await get(apps[0]!, "schools.csv?version=99");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(
      "The schools dataset has no version 99. Its versions are 1 to 1; without ?version= you get the latest.",
    );
    for (const bad of ["0", "two", "1.5", "-1"]) {
      const response = await get(apps[0]!, `states.csv?version=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(
        /^The parameter version must be a whole number/,
      );
    }
    const reports = await get(apps[0]!, "reports.csv?version=1");
    expect(reports.statusCode).toBe(400);
    expect(reports.json<{ message: string }>().message).toMatch(/^The reports dataset has no versions/);
  });

  it("keeps a closed school in schools.csv, marked closed in its status column, after every column there was", async () => {
    await publishRecord(first.db, "school", "2", { status: "closed" });
    const status = openDatasets.schools.fields.findIndex((field) => field.name === "status");
    expect(status).toBe(openDatasets.schools.fields.findIndex((field) => field.name === "as_of") + 1);
    for (const app of apps) {
      await vi.waitFor(async () => {
        const rows = rowsOf((await get(app, "schools.csv")).body);
        expect(rows[0]?.[status]).toBe("status");
        expect(rows.find((row) => row[0] === "2")?.[status]).toBe("closed");
        expect(rows.filter((row) => row[status] === "closed").map((row) => row[0])).toEqual(["2"]);
      }, WAIT);
    }
    // The directory (what pages list) no longer has it; open data's version 1 has it open.
    const published = await apps[0]!.publishedData.current();
    expect(published.schools.some((school) => school.id === 2)).toBe(false);
    expect(published.closedSchools.map((school) => school.id)).toEqual([2]);
    const version1 = rowsOf((await get(apps[0]!, "schools.csv?version=1")).body);
    expect(version1.find((row) => row[0] === "2")?.[status]).toBe("open");
  });

  it("describes every download as a Frictionless data package: each CSV column in order, with types its values satisfy, and states.geojson", async () => {
    const response = await get(apps[0]!, "datapackage.json");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const datapackage = response.json<{
      profile: string;
      licenses: { name: string; path: string }[];
      sources: { title: string; path?: string }[];
      resources: {
        profile: string;
        name: string;
        path: string;
        format: string;
        mediatype: string;
        version?: string;
        sources?: { title: string; path?: string }[];
        schema: { fields: TableSchemaField[]; missingValues: string[]; primaryKey: string[] };
      }[];
    }>();
    // A resource that is not a table (the GeoJSON) makes it a data-package: a tabular-data-package
    // requires every resource to be a tabular-data-resource.
    expect(datapackage.profile).toBe("data-package");
    expect(datapackage.licenses).toEqual([
      { name: "CC-BY-4.0", path: "https://creativecommons.org/licenses/by/4.0/", title: expect.any(String) },
    ]);
    expect(datapackage.sources.length).toBeGreaterThan(1);
    expect(datapackage.resources.map((resource) => resource.name)).toEqual([
      "states",
      "schools",
      "estimates",
      "reports",
      "states-geojson",
    ]);
    const names = datapackage.resources.map((resource) => resource.name);
    expect(new Set(names).size).toBe(names.length);
    const geojson = datapackage.resources.find((resource) => resource.name === "states-geojson")!;
    expect(geojson).toMatchObject({
      profile: "data-resource",
      path: `${PUBLIC_URL}/api/v1/open/states.geojson`,
      format: "geojson",
      mediatype: "application/geo+json",
      encoding: "utf-8",
      version: expect.stringMatching(/^\d+$/),
    });
    expect(geojson).not.toHaveProperty("schema");
    expect(geojson.sources).toEqual([
      expect.objectContaining({ title: expect.stringMatching(/Natural Earth.*public domain/i) }),
    ]);
    expect(datapackage.sources.some((source) => source.path === "https://www.naturalearthdata.com/")).toBe(
      true,
    );
    const served = await get(apps[0]!, "states.geojson");
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toMatch(/^application\/geo\+json/);
    expect(served.json<{ type: string }>().type).toBe("FeatureCollection");
    for (const resource of datapackage.resources.filter((resource) => resource.format === "csv")) {
      expect(resource.profile).toBe("tabular-data-resource");
      expect(resource.name).toMatch(/^[-a-z0-9._/]+$/);
      expect(resource.path.startsWith(`${PUBLIC_URL}/api/v1/open/`)).toBe(true);
      const csv = await get(apps[0]!, resource.path.slice(`${PUBLIC_URL}/api/v1/open/`.length));
      expect(csv.statusCode, resource.path).toBe(200);
      const [header = [], ...rows] = rowsOf(csv.body);
      const fields = resource.schema.fields;
      expect(
        fields.map((field) => field.name),
        resource.name,
      ).toEqual(header);
      for (const field of fields) expect(field.description.length, field.name).toBeGreaterThan(0);
      fields.forEach((field, index) => {
        for (const row of rows) {
          const value = row[index] ?? "";
          if (resource.schema.missingValues.includes(value)) continue;
          expect(satisfies(field, value), `${resource.name}.${field.name}: ${value}`).toBe(true);
        }
      });
    }
    expect(
      datapackage.resources
        .find((resource) => resource.name === "schools")
        ?.schema.fields.find((field) => field.name === "status"),
    ).toMatchObject({
      name: "status",
      type: "string",
    });
  });
});

/** A CSV cell read as a Table Schema field of its type would read it (Frictionless's default formats). */
function satisfies(field: TableSchemaField, value: string): boolean {
  switch (field.type) {
    case "integer":
      return /^-?\d+$/.test(value);
    case "number":
      return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value);
    case "boolean":
      return ["true", "false"].includes(value);
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
    case "datetime":
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value);
    case "yearmonth":
      return /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
    case "string":
      if (field.format !== "uri") return true;
      try {
        return ["http:", "https:"].includes(new URL(value).protocol);
      } catch {
        return false;
      }
  }
}
