import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database";
import { buildReportsTestApp } from "../../test/server/reports";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { seedAtStartUp } from "../datadesk/seed";

// Whatever a script or a crawler sends, the open-data API answers it: a download, or a 4xx with a sentence
// that says what is wrong. Never a 500.

const endpoints = [
  "",
  "states.json",
  "states.csv",
  "schools.json",
  "schools.csv",
  "schools.geojson",
  "estimates.json",
  "estimates.csv",
  "reports.json",
  "reports.csv",
];

const long = "x".repeat(8000);

const oddQueries = [
  // empty values, and parameters without one
  "state=&zone=&status=&hxl=&type=&from=&to=&page=&per_page=",
  "state&zone&status&hxl",
  "=",
  "&&&",
  "=lagos",
  "?state=lagos",
  // repeated parameters
  "state=lagos&state=kano",
  "zone=South+West&zone=North+East",
  "status=passed&status=pending",
  "hxl=1&hxl=0",
  "page=1&page=2",
  "from=2026-01-01&from=2026-02-01",
  // NUL and other control characters
  "state=%00",
  "zone=South%00West",
  "%00=1",
  "hxl=%00",
  "type=%0D%0Abarrier",
  "status=%1B",
  // very long values and names
  `state=${long}`,
  `zone=${long}`,
  `status=${long}`,
  `from=${long}`,
  `per_page=${"9".repeat(400)}`,
  `${long}=1`,
  // unknown parameters
  "callback=alert",
  "format=xml&limit=10&offset=5",
  "__proto__=1",
  "constructor=1&prototype=1",
  "__proto__[state]=lagos",
  // arrays and objects, as some clients write them
  "state[]=lagos",
  "state[]=lagos&state[]=kano",
  "state[0]=lagos",
  "zone[]=South+West",
  "status[status]=passed",
  "hxl[]=1",
  // unicode, and broken percent-encoding
  "state=Lag%C3%B3s",
  "zone=%D0%A1%D0%B5%D0%B2%D0%B5%D1%80",
  "status=%F0%9F%98%80",
  "%F0%9F%98%80=1",
  "state=%FF%FE",
  "zone=%E0%A4%A",
  "status=%",
  "type=%C3%BC",
  // numbers and dates out of range
  "state=0",
  "state=-1",
  "state=1e3",
  "page=-1&per_page=0",
  "page=1e999",
  "per_page=NaN",
  "from=2026-02-30",
  "to=9999-99-99",
  "from=2026-12-31&to=2026-01-01",
  "page=2&per_page=5",
];

describe.each(testDatabaseKinds())("odd query strings on %s", (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The published data the downloads are made from: data/*.json, as a first start-up seeds it.
    await seedAtStartUp(database.db, new Date());
    app = (await buildReportsTestApp(database)).app;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(endpoints)("GET /api/v1/open/%s never answers 500, and says why it refuses", async (file) => {
    const statuses = new Set<number>();
    for (const query of oddQueries) {
      const url = `/api/v1/open/${file}?${query}`;
      const response = await app.inject({ method: "GET", url });
      statuses.add(response.statusCode);
      expect(response.statusCode, url.slice(0, 200)).toBeLessThan(500);
      if (response.statusCode >= 400) {
        const answer = response.json<{ success: unknown; message: unknown; code: unknown; field: unknown }>();
        expect(answer.success, url.slice(0, 200)).toBe(false);
        expect(answer.message, url.slice(0, 200)).toEqual(expect.stringMatching(/^[A-Z].{10,}[.)]$/s));
        // A refused parameter is named, for a script to tell which one to fix.
        if (answer.code === "VALIDATION_FAILED") {
          expect(answer.field, url.slice(0, 200)).toEqual(expect.stringMatching(/./));
        }
      }
    }
    // Both kinds of answer occur: the table holds refusals and harmless oddities alike.
    expect([...statuses].some((status) => status < 300)).toBe(true);
    expect([...statuses].some((status) => status >= 400)).toBe(true);
  });
});
