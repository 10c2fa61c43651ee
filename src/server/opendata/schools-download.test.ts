import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { seedAtStartUp } from "../datadesk/seed";
import { schoolFields } from "../../domain/datadesk/fields";
import { schoolFilterParameterOf } from "../../domain/school-results-query";

// GET /api/v1/open/schools.{csv,json} with the school results page's filters: "Download these schools"
// gives the rows the page shows, with the open-data columns. Expectations are read from data/schools.json.

interface RawSchool {
  id: number;
  name: string;
  state: string;
  local_government: string;
  type: string[];
  disability_groups: string[];
  boarding: string;
  ownership: string;
}
const rawSchools = JSON.parse(await readFile("data/schools.json", "utf8")) as RawSchool[];
type Row = Record<string, string>;
const csvRows = (body: string): Row[] => parse(body, { columns: true }) as Row[];
const idsOf = (rows: Row[]) => rows.map((row) => Number(row.id)).sort((a, b) => a - b);
const expectedIds = (keep: (school: RawSchool) => boolean) =>
  rawSchools
    .filter(keep)
    .map((school) => school.id)
    .sort((a, b) => a - b);

describe.each(testDatabaseKinds())("the schools download of the results page's filters on %s", (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedAtStartUp(database.db, new Date());
    app = (await buildTestApp(database)).app;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = (file: string) => app.inject({ method: "GET", url: `/api/v1/open/${file}` });

  it("gives only the rows the page shows for a state and a disability group, with the open-data columns", async () => {
    const whole = await get("schools.csv");
    const response = await get("schools.csv?state=kano&group=hearing");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="inclusion-atlas-schools-kano-filtered-\d{4}-\d{2}\.csv"$/,
    );
    // The same columns as the whole dataset's file.
    expect(response.body.split("\r\n")[0]).toBe(whole.body.split("\r\n")[0]);
    const expected = expectedIds(
      (school) => school.state.trim() === "Kano" && school.disability_groups.includes("hearing"),
    );
    expect(expected.length).toBeGreaterThan(3);
    expect(idsOf(csvRows(response.body))).toEqual(expected);
  });

  it("narrows to an LGA of the state, and to boarding, ownership, type and a name", async () => {
    const dala = csvRows((await get("schools.csv?state=kano&lga=dala")).body);
    expect(idsOf(dala)).toEqual(
      expectedIds((school) => school.state.trim() === "Kano" && school.local_government === "Dala"),
    );
    expect(dala.length).toBeGreaterThan(0);

    const boarding = csvRows((await get("schools.csv?boarding=boarding&ownership=public&type=special")).body);
    expect(idsOf(boarding)).toEqual(
      expectedIds(
        (school) =>
          school.boarding === "boarding" && school.ownership === "public" && school.type.includes("special"),
      ),
    );

    const named = csvRows((await get("schools.csv?name=blind")).body);
    expect(named.length).toBeGreaterThan(0);
    for (const row of named)
      expect(`${row.name} ${row.disability_groups}`.toLowerCase()).toMatch(/blind|visual/);

    // An empty value is no filter, as the page's "All" and "Any" choices send it.
    expect((await get("schools.csv?state=kano&lga=&group=&boarding=&ownership=&type=&name=")).body).toBe(
      (await get("schools.csv?state=kano")).body,
    );
  });

  it("has a column for every school field the data desk gives one, in the CSV, the JSON and the data package, and filters on every field described as filtering", async () => {
    const header = (await get("schools.csv")).body.split("\r\n")[0]?.split(",");
    const json = (await get("schools.json")).json<{ fields: { name: string }[]; data: Row[] }>();
    const table = (await get("datapackage.json"))
      .json<{ resources: { name: string; schema?: { fields: { name: string; description: string }[] } }[] }>()
      .resources.find((resource) => resource.name === "schools")?.schema?.fields;
    const described = schoolFields.flatMap((field) => (field.column === null ? [] : [field.column]));
    expect(described.length).toBeGreaterThan(5);
    for (const column of described) {
      expect(header, `schools.csv has ${column}`).toContain(column);
      expect(
        json.fields.map((field) => field.name),
        `schools.json describes ${column}`,
      ).toContain(column);
      expect(Object.keys(json.data[0] ?? {}), `schools.json's records have ${column}`).toContain(column);
      const inTable = table?.find((field) => field.name === column);
      expect(inTable?.description, `the data package describes ${column} in words`).toMatch(/\w{3}/);
    }
    // The download knows each filter: another dataset refuses it as the schools' (the state is every
    // dataset's filter, the type the reports' too).
    for (const field of schoolFields.filter((candidate) => candidate.filters)) {
      const parameter = schoolFilterParameterOf[field.path] ?? field.path;
      if (parameter === "state" || parameter === "type") continue;
      const refused = await get(`states.csv?${parameter}=x`);
      expect(refused.json<{ message?: string }>().message, `${field.path} filters the download`).toBe(
        `The parameter ${parameter} filters the schools dataset only.`,
      );
    }
  });

  it("names the filters in the JSON download", async () => {
    const answer = (await get("schools.json?state=kano&lga=kano-municipal&group=hearing")).json<{
      count: number;
      lga: string;
      group: string;
      state: string;
    }>();
    expect(answer).toMatchObject({ state: "kano", lga: "kano-municipal", group: "hearing" });
  });

  it("refuses a filter it does not know, naming the parameter in words a person understands", async () => {
    const group = await get("schools.csv?group=deafness");
    expect(group.statusCode).toBe(400);
    expect(group.json()).toMatchObject({
      success: false,
      field: "group",
      message:
        "The parameter group must be one of: hearing, visual, physical, intellectual, autism, multiple.",
    });
    const lgaAlone = await get("schools.csv?lga=dala");
    expect(lgaAlone.statusCode).toBe(400);
    expect(lgaAlone.json<{ field: string }>().field).toBe("lga");
    const otherState = await get("schools.csv?state=lagos&lga=dala");
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json<{ message: string }>().message).toContain("local government areas of Lagos");
    const onStates = await get("states.csv?group=hearing");
    expect(onStates.statusCode).toBe(400);
    expect(onStates.json<{ message: string }>().message).toBe(
      "The parameter group filters the schools dataset only.",
    );
    // A comment type is a type the query takes (the reports'), but not a school's.
    const commentType = await get("schools.csv?type=barrier");
    expect(commentType.statusCode).toBe(400);
    expect(commentType.json()).toMatchObject({
      field: "type",
      message: "The parameter type must be one of: primary, nursery, secondary, special.",
    });
    const badName = await get(`schools.csv?name=${encodeURIComponent("<script>")}`);
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({
      field: "name",
      message: "The parameter name must be at most 60 letters, digits, spaces or the punctuation of a name.",
    });
    expect((await get("schools.csv?group=hearing&group=visual")).json()).toMatchObject({
      field: "group",
      message: "The parameter group may be given only once.",
    });
  });

  it("reads a filter as the results page writes it, in any case, spaces aside", async () => {
    const asWritten = await get("schools.csv?state=kano&group=hearing&boarding=day+and+boarding");
    expect(asWritten.statusCode).toBe(200);
    const otherwise = await get("schools.csv?state=KANO&group=Hearing&boarding=Day++and+BOARDING");
    expect(otherwise.statusCode).toBe(200);
    expect(otherwise.body).toBe(asWritten.body);
  });
});
