import { readFile } from "node:fs/promises";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stateSlugs } from "../../domain/api/opendata";
import type { StateRecord } from "../../domain/datasets/schemas";
import { stateSlug } from "../../domain/datasets/state-names";
import { zoneOf, zones } from "../../domain/datasets/zones";
import { lawStatusCategories } from "../../domain/law-status";
import { comparisonRows, defaultView, stateRows } from "../../domain/states-comparison";
import { PUBLIC_URL, buildTestApp } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { seedAtStartUp } from "../datadesk/seed";

// GET /api/v1/open/{states,schools,estimates}.{json,csv,geojson}: the datasets of data/ as downloads.
// Expectations are read from the data files themselves, not from the code that builds the downloads.

interface RawState {
  id: number;
  state: string;
  code: string;
  status: string;
  law: { name: string; year: number | null };
  agency: string;
  ranking: string;
  score: number | null;
  key_findings: string[];
  sources: string[];
  as_of: string;
}
interface RawSchool {
  id: number;
  name: string;
  state: string;
  type: string[];
  disability_groups: string[];
  email: string;
  sources: string[];
  as_of: string;
}
interface RawEstimates {
  as_of: string;
  estimates: { id: string; share_percent: number | null; persons: number | null; thresholds: unknown }[];
}

const readJson = async <T>(file: string) => JSON.parse(await readFile(file, "utf8")) as T;
const rawStates = await readJson<RawState[]>("data/states.json");
const rawSchools = await readJson<RawSchool[]>("data/schools.json");
const rawEstimates = await readJson<RawEstimates>("data/estimates.json");

const emailAddress = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/;
const hxlTag = /^#[a-z][a-z0-9_]*(\+[a-z][a-z0-9_]*)*$/;
const staticDownloads = [
  "states.json",
  "states.csv",
  "states.geojson",
  "schools.json",
  "schools.csv",
  "schools.geojson",
  "estimates.json",
  "estimates.csv",
];

type Row = Record<string, string>;
const csvRows = (body: string): Row[] => parse(body, { columns: true }) as Row[];
const orEmpty = (value: string | number | null) => (value === null ? "" : String(value));

describe.each(testDatabaseKinds())("open datasets on %s", (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The published data the downloads are made from: data/*.json, as a first start-up seeds it.
    await seedAtStartUp(database.db, new Date());
    app = (await buildTestApp(database)).app;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = (file: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url: `/api/v1/open/${file}`, headers });

  it("serves every state record as JSON, with the licence and a citation", async () => {
    const response = await get("states.json");

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const answer = response.json<{
      license: { id: string; url: string };
      citation: string;
      count: number;
      data: Record<string, unknown>[];
    }>();
    expect(answer.license).toMatchObject({
      id: "CC-BY-4.0",
      url: "https://creativecommons.org/licenses/by/4.0/",
    });
    expect(answer.citation).toContain("Inclusion Atlas (2026). State disability policy records, Nigeria");
    expect(answer.count).toBe(37);
    expect(answer.data).toHaveLength(rawStates.length);
    for (const [index, state] of rawStates.entries()) {
      expect(answer.data[index], state.state).toMatchObject({
        id: state.id,
        state: state.state,
        code: state.code,
        law_status: state.status || null,
        law_title: state.law.name || null,
        law_year: state.law.year,
        agency: state.agency || null,
        ranking: state.ranking || null,
        score: state.score,
        key_findings: state.key_findings,
        sources: state.sources,
        as_of: state.as_of,
      });
    }
  });

  it("serves the same states as CSV: a header row, one row per state, lists joined with '; '", async () => {
    const response = await get("states.csv");

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="inclusion-atlas-states-2026-11.csv"',
    );
    expect(response.body.split("\r\n")[0]).toMatch(
      /^id,slug,state,code,country,zone,law_status,law_title,law_year,/,
    );
    const rows = csvRows(response.body);
    expect(rows).toHaveLength(37);
    for (const [index, state] of rawStates.entries()) {
      expect(rows[index], state.state).toMatchObject({
        id: String(state.id),
        state: state.state,
        law_status: state.status,
        law_year: orEmpty(state.law.year),
        ranking: state.ranking,
        score: orEmpty(state.score),
        key_findings: state.key_findings.join("; "),
        sources: state.sources.join("; "),
      });
    }
    expect(rows.find((row) => row.state === "Lagos")).toMatchObject({
      slug: "lagos",
      ranking: "1st",
      score: "56",
    });
  });

  it("serves every school of the directory as JSON and CSV", async () => {
    const json = (await get("schools.json")).json<{ count: number; data: Record<string, unknown>[] }>();
    const rows = csvRows((await get("schools.csv")).body);

    expect(json.count).toBe(rawSchools.length);
    expect(rows).toHaveLength(rawSchools.length);
    for (const [index, school] of rawSchools.entries()) {
      expect(json.data[index], school.name).toMatchObject({
        id: school.id,
        name: school.name.trim(),
        state: school.state.trim(),
        type: school.type,
        disability_groups: school.disability_groups,
        sources: school.sources,
        as_of: school.as_of,
      });
      expect(rows[index], school.name).toMatchObject({
        id: String(school.id),
        name: school.name.trim(),
        type: school.type.join("; "),
        sources: school.sources.join("; "),
      });
    }
    // Every school is placed in one of the 37 states.
    expect(json.data.filter((school) => typeof school.state_id !== "number")).toEqual([]);
  });

  it("serves the schools as a valid GeoJSON FeatureCollection of those with coordinates (none yet)", async () => {
    const response = await get("schools.geojson");

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/geo+json; charset=utf-8");
    const collection = response.json<{ type: string; features: unknown[]; license: { id: string } }>();
    expect(collection.type).toBe("FeatureCollection");
    const withCoordinates = rawSchools.filter((school) => "latitude" in school && "longitude" in school);
    expect(collection.features).toHaveLength(withCoordinates.length);
    expect(collection.license.id).toBe("CC-BY-4.0");
  });

  it("serves the national estimates with their sources, nulls kept as nulls", async () => {
    const json = (await get("estimates.json")).json<{
      count: number;
      headline: { estimate_id: string };
      data: Record<string, unknown>[];
    }>();
    const rows = csvRows((await get("estimates.csv")).body);

    expect(json.count).toBe(rawEstimates.estimates.length);
    expect(json.headline.estimate_id).toBe("ndhs-2018");
    for (const [index, estimate] of rawEstimates.estimates.entries()) {
      expect(json.data[index]).toMatchObject({
        id: estimate.id,
        share_percent: estimate.share_percent,
        persons: estimate.persons,
        thresholds: estimate.thresholds,
      });
      expect(rows[index]).toMatchObject({
        id: estimate.id,
        share_percent: orEmpty(estimate.share_percent),
        persons: orEmpty(estimate.persons),
      });
      // Nested values travel as JSON text in a CSV cell.
      expect(JSON.parse(rows[index]?.thresholds || "null")).toEqual(estimate.thresholds);
    }
  });

  it("serves one state's rows with ?state=, by slug or id, as a state page's Download data link does", async () => {
    const lagos = await get("states.csv?state=lagos");
    expect(lagos.statusCode).toBe(200);
    expect(lagos.headers["content-disposition"]).toBe(
      'attachment; filename="inclusion-atlas-states-lagos-2026-11.csv"',
    );
    expect(csvRows(lagos.body).map((row) => row.state)).toEqual(["Lagos"]);
    expect((await get("states.csv?state=25")).body).toBe(lagos.body);
    expect((await get("states.json?state=akwa-ibom")).json<{ data: { state: string }[] }>().data).toEqual([
      expect.objectContaining({ state: "Akwa Ibom" }),
    ]);

    const lagosSchools = rawSchools.filter((school) => school.state.trim().toLowerCase() === "lagos");
    const schoolRows = csvRows((await get("schools.csv?state=lagos&hxl=1")).body).slice(1);
    expect(schoolRows.map((row) => Number(row.id))).toEqual(lagosSchools.map((school) => school.id));
    expect(schoolRows.length).toBeGreaterThan(0);

    const unknown = await get("states.csv?state=atlantis");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(
      /^The parameter state must be one of the 37 states/,
    );
    const geojson = await get("schools.geojson?state=lagos");
    expect(geojson.statusCode).toBe(404);
    expect(geojson.json<{ message: string }>().message).toBe(
      "The schools dataset comes by state as JSON and CSV only, not as .geojson: .geojson holds the whole dataset.",
    );
  });

  it("carries each state's geopolitical zone, as /states shows it", async () => {
    const rows = csvRows((await get("states.csv")).body);
    for (const [index, state] of rawStates.entries()) {
      expect(rows[index]?.zone, state.state).toBe(zoneOf(state.state));
    }
    expect(rows.find((row) => row.state === "FCT")?.zone).toBe("North Central");
    const json = (await get("states.json")).json<{ data: { state: string; zone: string }[] }>();
    expect(json.data.find((state) => state.state === "Lagos")?.zone).toBe("South West");
  });

  // The rows the /states table shows for the same filters, in the downloads' order (by id).
  const shownOnStatesPage = (zone: string | null, status: string | null) =>
    comparisonRows(stateRows(rawStates as unknown as StateRecord[], rawSchools), {
      ...defaultView,
      zone: zones.find((known) => known === zone) ?? null,
      status: lawStatusCategories.filter((category) => category.key === status).map(({ key }) => key),
    })
      .map((row) => row.name)
      .sort((a, b) => rawStates.findIndex((s) => s.state === a) - rawStates.findIndex((s) => s.state === b));

  it("limits the states to a zone and a law status, as /states filters them, in CSV and JSON", async () => {
    const filters = [
      ...zones.map((zone) => ({ zone, status: null })),
      ...lawStatusCategories.map((category) => ({ zone: null, status: category.key })),
      ...zones.flatMap((zone) => lawStatusCategories.map((category) => ({ zone, status: category.key }))),
    ];
    for (const { zone, status } of filters) {
      const query = new URLSearchParams();
      if (zone) query.set("zone", zone);
      if (status) query.set("status", status);
      const expected = shownOnStatesPage(zone, status);
      const csv = await get(`states.csv?${query}`);
      expect(csv.statusCode, String(query)).toBe(200);
      expect(
        csvRows(csv.body).map((row) => row.state),
        String(query),
      ).toEqual(expected);
      const json = (await get(`states.json?${query}`)).json<{
        count: number;
        zone?: string;
        status?: string;
        data: { state: string }[];
      }>();
      expect(
        json.data.map((state) => state.state),
        String(query),
      ).toEqual(expected);
      expect(json.count).toBe(expected.length);
      expect(json.zone).toBe(zone ?? undefined);
      expect(json.status).toBe(status ?? undefined);
    }
    // Some filters match states, some none: a valid file with its header and no row.
    expect(shownOnStatesPage("South West", "passed").length).toBeGreaterThan(0);
    const none = filters.find(({ zone, status }) => shownOnStatesPage(zone, status).length === 0);
    expect(none).toBeDefined();
  });

  it("keeps several law statuses, as /states' ticked statuses and its download link write them", async () => {
    // "No law yet" with "Second reading" (the rows /states shows with both ticked), in any order, once each.
    const shown = (zone: string | null, statuses: string[]) =>
      comparisonRows(stateRows(rawStates as unknown as StateRecord[], rawSchools), {
        ...defaultView,
        zone: zones.find((known) => known === zone) ?? null,
        status: lawStatusCategories
          .filter((category) => statuses.includes(category.key))
          .map(({ key }) => key),
      })
        .map((row) => row.name)
        .sort(
          (a, b) => rawStates.findIndex((s) => s.state === a) - rawStates.findIndex((s) => s.state === b),
        );
    const expected = shown(null, ["second-reading", "pending"]);
    expect(expected.length).toBeGreaterThan(shown(null, ["pending"]).length);
    const csv = await get("states.csv?status=second-reading&status=pending");
    expect(csv.statusCode).toBe(200);
    expect(csvRows(csv.body).map((row) => row.state)).toEqual(expected);
    expect(csv.headers["content-disposition"]).toBe(
      'attachment; filename="inclusion-atlas-states-second-reading-pending-2026-11.csv"',
    );
    for (const same of [
      "status=pending&status=second-reading",
      "status=pending&status=second-reading&status=PENDING",
      "status=pending&status=&status=second-reading",
    ]) {
      expect((await get(`states.csv?${same}`)).body, same).toBe(csv.body);
    }
    const json = (await get("states.json?status=passed&status=pending")).json<{
      status: string[];
      data: { state: string }[];
    }>();
    expect(json.status).toEqual(["passed", "pending"]);
    expect(json.data.map((state) => state.state)).toEqual(shown(null, ["passed", "pending"]));
    // With a zone too.
    const southSouth = await get("states.csv?zone=South+South&status=awaiting-assent&status=pending");
    expect(csvRows(southSouth.body).map((row) => row.state)).toEqual(
      shown("South South", ["awaiting-assent", "pending"]),
    );
    // "No law yet" stands for the three statuses short of a law in force, as the /states form sends it.
    const noLaw = await get("states.csv?status=no-law-yet");
    expect(csvRows(noLaw.body).map((row) => row.state)).toEqual(
      shown(null, ["awaiting-assent", "second-reading", "pending"]),
    );
    expect(noLaw.headers["content-disposition"]).toBe(
      'attachment; filename="inclusion-atlas-states-awaiting-assent-second-reading-pending-2026-11.csv"',
    );
    // One unknown status among known ones is refused, naming the parameter.
    const bad = await get("states.csv?status=passed&status=repealed");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: "status" });
  });

  it("takes the zone as /states writes it in its address, and names the filter in the file name", async () => {
    const expected = shownOnStatesPage("South West", "passed");
    // URLSearchParams writes a space as "+", as the /states form does.
    const response = await get("states.csv?zone=South+West&status=passed");
    expect(csvRows(response.body).map((row) => row.state)).toEqual(expected);
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="inclusion-atlas-states-south-west-passed-2026-11.csv"',
    );
    expect((await get("states.csv?zone=South%20West&status=passed")).body).toBe(response.body);
    expect((await get("states.csv?zone=south-west&status=PASSED")).body).toBe(response.body);
    // An empty value is no filter, as the form's "All zones" sends it.
    expect((await get("states.csv?zone=&status=")).body).toBe((await get("states.csv")).body);

    const hxl = parse((await get("states.csv?zone=South+West&hxl=1")).body) as string[][];
    expect(hxl[1]?.[0]).toBe("#meta+id");
    expect(hxl.slice(2).map((row) => row[2])).toEqual(shownOnStatesPage("South West", null));

    const withState = await get("states.csv?state=lagos&zone=South+West");
    expect(csvRows(withState.body).map((row) => row.state)).toEqual(["Lagos"]);
    expect(csvRows((await get("states.csv?state=lagos&zone=North+East")).body)).toEqual([]);
    expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(
      (
        await get("states.csv?zone=South+West&status=passed", {
          "if-none-match": String(response.headers.etag),
        })
      ).statusCode,
    ).toBe(304);
  });

  it("refuses a zone or status it does not know, naming the parameter", async () => {
    const zone = await get("states.csv?zone=Middle+Belt");
    expect(zone.statusCode).toBe(400);
    expect(zone.headers["access-control-allow-origin"]).toBe("*");
    expect(zone.json()).toEqual({
      success: false,
      code: "VALIDATION_FAILED",
      field: "zone",
      message:
        "The parameter zone must be one of the six zones: North Central, North East, North West, South East, South South, South West (for example zone=South+West).",
      problem: { key: "code.VALIDATION_FAILED", params: {} },
    });
    const status = await get("states.json?status=Passed%2Fawaiting+Gov+assent");
    expect(status.statusCode).toBe(400);
    expect(status.json<{ message: string }>().message).toBe(
      "The parameter status must be one of: passed (Passed), awaiting-assent (Passed, awaiting the Governor's assent), second-reading (Second reading), pending (Pending / no law), or no-law-yet (the last three); repeat it for several (status=passed&status=pending).",
    );
    const repeated = await get("states.csv?zone=South+West&zone=North+East");
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toEqual({
      success: false,
      code: "VALIDATION_FAILED",
      field: "zone",
      message: "The parameter zone may be given only once.",
      problem: { key: "code.VALIDATION_FAILED", params: {} },
    });
    const schools = await get("schools.csv?zone=South+West");
    expect(schools.statusCode).toBe(400);
    expect(schools.json<{ message: string }>().message).toBe(
      "The parameter zone filters the states dataset only.",
    );
    expect((await get("estimates.json?status=passed")).json<{ message: string }>().message).toBe(
      "The parameter status filters the states dataset only.",
    );
    // Another dataset's filter is refused as such whatever its value, not by what the value should be.
    expect((await get("schools.csv?zone=Middle+Belt")).json()).toMatchObject({
      field: "zone",
      message: "The parameter zone filters the states dataset only.",
    });
  });

  it("refuses a state that is none of the 37 for every dataset, and lets a type the states do not take by", async () => {
    for (const file of ["states.json", "schools.csv", "estimates.json", "reports.json"]) {
      const refused = await get(`${file}?state=atlantis`);
      expect(refused.statusCode, file).toBe(400);
      expect(refused.headers["access-control-allow-origin"], file).toBe("*");
      expect(refused.json(), file).toMatchObject({ field: "state", code: "VALIDATION_FAILED" });
    }
    // The query's list of states is the data's, in the order of their ids.
    expect(rawStates.map((state) => [state.id, stateSlug(state.state)])).toEqual(
      stateSlugs.map((slug, index) => [index + 1, slug]),
    );
    expect((await get("states.json?state=Lagos")).body).toBe((await get("states.json?state=25")).body);
    expect((await get("states.csv?type=primary")).body).toBe((await get("states.csv")).body);
  });

  it("sends the catalogue with an ETag and Last-Modified, and answers 304 when the copy is current", async () => {
    const first = await get("");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers["last-modified"]);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();
    expect(first.headers["cache-control"]).toBe("public, no-cache");

    const matching = await get("", { "if-none-match": etag });
    expect(matching.statusCode).toBe(304);
    expect(matching.body).toBe("");
    expect(matching.headers.etag).toBe(etag);
    expect(matching.headers["access-control-allow-origin"]).toBe("*");
    expect((await get("", { "if-modified-since": lastModified })).statusCode).toBe(304);
    expect((await get("", { "if-none-match": '"stale"' })).statusCode).toBe(200);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get("", { "if-modified-since": earlier })).statusCode).toBe(200);

    const brotli = await get("", { "accept-encoding": "br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString("utf8"))).toEqual(first.json());
    expect(
      (await get("", { "accept-encoding": "br", "if-none-match": String(brotli.headers.etag) })).statusCode,
    ).toBe(304);
  });

  it("adds a row of HXL hashtags under the header with ?hxl=1", async () => {
    for (const file of ["states.csv", "schools.csv", "estimates.csv"]) {
      const plain = parse((await get(file)).body) as string[][];
      const tagged = parse((await get(`${file}?hxl=1`)).body) as string[][];

      expect(tagged[0], file).toEqual(plain[0]);
      const tags = tagged[1] ?? [];
      expect(tags, file).toHaveLength(plain[0]?.length ?? -1);
      for (const tag of tags) expect(tag, file).toMatch(hxlTag);
      expect(tagged.slice(2), file).toEqual(plain.slice(1));
      expect(plain[1]?.[0], file).not.toMatch(/^#/);
    }
    const states = parse((await get("states.csv?hxl=1")).body, { columns: true }) as Row[];
    expect(states[0]).toMatchObject({ state: "#adm1+name", agency: "#org+name", code: "#adm1+code" });
  });

  it("sends validators, caching, CORS and the licence link with every download", async () => {
    for (const file of staticDownloads) {
      const response = await get(file);
      expect(response.statusCode, file).toBe(200);
      expect(response.headers.etag, file).toMatch(/^"[\w-]{27}"$/);
      expect(Date.parse(String(response.headers["last-modified"])), file).not.toBeNaN();
      expect(response.headers["cache-control"], file).toBe("public, no-cache");
      expect(response.headers["access-control-allow-origin"], file).toBe("*");
      expect(response.headers.link, file).toBe(
        `<https://creativecommons.org/licenses/by/4.0/>; rel="license", <${PUBLIC_URL}/data>; rel="describedby"`,
      );
    }
  });

  it("answers 304 to a matching If-None-Match or If-Modified-Since, and 200 otherwise", async () => {
    const first = await get("schools.csv");
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers["last-modified"]);

    const matching = await get("schools.csv", { "if-none-match": etag });
    expect(matching.statusCode).toBe(304);
    expect(matching.body).toBe("");
    expect(matching.headers.etag).toBe(etag);
    expect(matching.headers["access-control-allow-origin"]).toBe("*");

    expect((await get("schools.csv", { "if-none-match": `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get("schools.csv", { "if-none-match": '"stale"' })).statusCode).toBe(200);
    expect((await get("schools.csv", { "if-modified-since": lastModified })).statusCode).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get("schools.csv", { "if-modified-since": earlier })).statusCode).toBe(200);
    // If-None-Match wins: a stale tag gets the content whatever the date says.
    expect(
      (await get("schools.csv", { "if-none-match": '"stale"', "if-modified-since": lastModified }))
        .statusCode,
    ).toBe(200);
    // Each download has its own tag.
    expect((await get("states.csv", { "if-none-match": etag })).statusCode).toBe(200);
  });

  it("compresses for clients that accept it, with a tag of its own that still revalidates", async () => {
    const identity = await get("schools.json");
    const gzipped = await get("schools.json", { "accept-encoding": "gzip" });
    const brotli = await get("schools.json", { "accept-encoding": "gzip, deflate, br" });

    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString("utf8")).toBe(identity.body);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.rawPayload).toString("utf8")).toBe(identity.body);
    expect(brotli.rawPayload.length).toBeLessThan(identity.rawPayload.length / 4);
    expect(new Set([identity.headers.etag, gzipped.headers.etag, brotli.headers.etag]).size).toBe(3);
    expect(identity.headers.vary).toBe("accept-encoding");

    const revalidated = await get("schools.json", {
      "accept-encoding": "br",
      "if-none-match": String(brotli.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it("never puts an e-mail address in a download, not even a school's published one", async () => {
    const published = rawSchools.filter((school) => school.email).map((school) => school.email);
    expect(published.length).toBeGreaterThan(0);
    for (const file of [
      ...staticDownloads,
      "states.csv?hxl=1",
      "schools.csv?hxl=1",
      "estimates.csv?hxl=1",
      "",
    ]) {
      const response: LightMyRequestResponse = await get(file);
      expect(response.statusCode, file).toBe(200);
      expect(response.body, file).not.toMatch(emailAddress);
      for (const address of published) expect(response.body, file).not.toContain(address);
    }
  });

  it("answers an unknown format with 404 and the formats there are", async () => {
    const response = await get("states.xlsx");

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: "NOT_FOUND",
      message:
        "The states dataset does not come as .xlsx. Its formats are: states.json, states.csv, states.geojson.",
      formats: ["/api/v1/open/states.json", "/api/v1/open/states.csv", "/api/v1/open/states.geojson"],
      problem: { key: "code.NOT_FOUND", params: {} },
    });
    expect((await get("estimates.geojson")).json<{ formats: string[] }>().formats).toEqual([
      "/api/v1/open/estimates.json",
      "/api/v1/open/estimates.csv",
    ]);
    const bare = await get("schools");
    expect(bare.statusCode).toBe(404);
    expect(bare.json<{ message: string }>().message).toBe(
      "Add a format to schools. Its formats are: schools.json, schools.csv, schools.geojson.",
    );
    const unknown = await get("hospitals.csv");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(
      'There is no open dataset "hospitals". The datasets are: states, schools, estimates, reports.',
    );
  });

  it("refuses an hxl value it does not know, naming the parameter", async () => {
    const response = await get("states.csv?hxl=yes");
    expect(response.statusCode).toBe(400);
    // A script on another site can read why.
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.json()).toEqual({
      success: false,
      code: "VALIDATION_FAILED",
      field: "hxl",
      message: "The parameter hxl must be 1 (add a row of HXL hashtags under the header) or 0.",
      problem: { key: "code.VALIDATION_FAILED", params: {} },
    });
  });

  it("lets browsers on other sites read the data, and lists every dataset", async () => {
    const preflight = await app.inject({
      method: "OPTIONS",
      url: "/api/v1/open/states.json",
      headers: { origin: "https://research.example", "access-control-request-method": "GET" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-methods"]).toBe("GET, HEAD");

    const head = await app.inject({ method: "HEAD", url: "/api/v1/open/schools.csv" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");

    const catalogue = (await get("")).json<{
      license: { id: string };
      datasets: { id: string; downloads: { url: string; rows?: number }[] }[];
    }>();
    expect(catalogue.license.id).toBe("CC-BY-4.0");
    expect(catalogue.datasets.map((dataset) => dataset.id)).toEqual([
      "states",
      "schools",
      "estimates",
      "reports",
    ]);
    expect(catalogue.datasets[0]?.downloads).toEqual([
      expect.objectContaining({ url: `${PUBLIC_URL}/api/v1/open/states.json`, rows: 37 }),
      expect.objectContaining({ url: `${PUBLIC_URL}/api/v1/open/states.csv`, rows: 37 }),
      expect.objectContaining({ url: `${PUBLIC_URL}/api/v1/open/states.geojson`, rows: 37 }),
    ]);
  });
});
