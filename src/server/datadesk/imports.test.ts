import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ChangeAnswer,
  ChangePublishedAnswer,
  ChangesAnswer,
  DataDeskFailure,
  ImportAnswer,
  ImportFailure,
  ImportRowsAnswer,
  RecordAnswer,
  RecordsAnswer,
} from "../../domain/api/datadesk";
import { csvField } from "../../domain/opendata/csv";
import { bearer, buildTestApp, type AccountsTestApp } from "../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { signedInAs } from "../../test/server/roles";
import type { DatabaseHandle } from "../db/database";
import {
  auditLog,
  dataChanges,
  dataGeneration,
  dataRecordVersions,
  dataRecords,
  datasetVersions,
  users,
} from "../db/schema";
import { readSeed, seedDataDesk } from "./seed";
import schools from "../../../data/schools.json" with { type: "json" };
import { addressDetails } from "../../test/server/datadesk";

// POST /api/v1/datadesk/imports: schools from a CSV with schools.csv's columns. A dry run lists
// each row's problems and the additions and changes; without it, one proposed change of kind "import",
// published by another editor in one transaction.

const people = {
  amina: { email: "amina.importer@example.org", firstname: "Amina", lastname: "Bello" },
  chidi: { email: "chidi.importer@example.org", firstname: "Chidi", lastname: "Okeke" },
  halima: { email: "halima.importer@example.org", firstname: "Halima", lastname: "Sani" },
};

const source = {
  sourceUrl: "https://education.kano.gov.ng/special-schools-2026",
  ...addressDetails,
  note: "The state ministry's list of special schools, 2026.",
};

const [first, second] = schools;
if (!first || !second) throw new Error("data/schools.json has fewer than two schools");

describe.each(testDatabaseKinds())("importing schools on %s", (databaseKind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  /** Amina and Chidi are editors; Halima too, reading in Hausa. */
  let amina: string;
  let chidi: string;
  let halima: string;

  beforeAll(async () => {
    database = await openTestDatabase(databaseKind);
    t = await buildTestApp(database);
    await seedDataDesk(t.db, await readSeed(), t.clock.now());
    amina = await signedInAs(t, "editor", people.amina);
    chidi = await signedInAs(t, "editor", people.chidi);
    halima = await signedInAs(t, "editor", people.halima);
    await t.db.update(users).set({ language: "ha" }).where(eq(users.email, people.halima.email));
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  const importing = (token: string, payload: object, query = "") =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/datadesk/imports${query}`,
      headers: bearer(token),
      payload,
    });
  const publish = (token: string, id: string) =>
    t.app.inject({ method: "POST", url: `/api/v1/datadesk/changes/${id}/publish`, headers: bearer(token) });

  async function school(id: string) {
    const [row] = await t.db
      .select()
      .from(dataRecords)
      .where(and(eq(dataRecords.kind, "school"), eq(dataRecords.id, id)));
    return row ?? null;
  }

  const greatestId = () => Math.max(...schools.map((entry) => entry.id));

  it("lists, on a dry run, each row's problems by row and column, in the reader's language", async () => {
    const csv =
      "id,name,state,local_government,type,website\r\n" +
      ",,Kano,,special,\r\n" +
      ",Gwale Special School,Kano,Ikeja,tertiary,ftp://gwale.example\r\n" +
      "abc,Another,Kano,,,\r\n";
    const response = await importing(amina, { csv }, "?dryRun=1");
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ImportAnswer>();
    expect(answer).toMatchObject({
      dryRun: true,
      rows: 3,
      schools: { additions: 0, changes: 0, total: 0, rows: [] },
      change: null,
    });
    expect(answer.problems.map(({ row, column, key }) => `${row} ${column} ${key}`)).toEqual([
      "2 name required",
      "3 local_government lga",
      "3 type choice",
      "3 website url",
      "4 id importId",
    ]);
    expect(answer.problems[1]?.message).toBe("Please choose a local government area of Kano.");
    expect(answer.message).toMatch(/3 rows: 5 problems/);

    const hausa = await importing(halima, { csv }, "?dryRun=1");
    const worded = hausa.json<ImportAnswer>().problems[0]?.message;
    expect(worded).toBeTruthy();
    expect(worded).not.toBe(answer.problems[0]?.message);
    // Nothing is stored by a dry run.
    const [stored] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(dataChanges)
      .where(eq(dataChanges.changeKind, "import"));
    expect(stored?.count).toBe(0);
  });

  it("refuses a file whose header is not schools.csv's with a clear 400, and a body too large with 413", async () => {
    const unknown = await importing(amina, { csv: "id,name,state,colour\r\n,A,Kano,red\r\n" }, "?dryRun=1");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ImportFailure>()).toMatchObject({
      success: false,
      code: "VALIDATION_FAILED",
      refusal: "unknownColumns",
    });
    expect(unknown.json<ImportFailure>().message).toContain("colour");
    expect(unknown.json<ImportFailure>().problem).toMatchObject({
      key: "datadesk.importRefusal.unknownColumns",
      params: { columns: "colour" },
    });
    const missing = await importing(amina, { csv: "id,name\r\n,A\r\n" }, "?dryRun=1");
    expect(missing.json<ImportFailure>()).toMatchObject({ refusal: "missingColumns" });
    expect(missing.json<ImportFailure>().message).toContain("state");
    const empty = await importing(amina, {}, "?dryRun=1");
    expect(empty.json<ImportFailure>()).toMatchObject({ refusal: "empty" });

    const large = await t.app.inject({
      method: "POST",
      url: "/api/v1/datadesk/imports?dryRun=1",
      headers: { ...bearer(amina), "content-type": "text/csv" },
      payload: "id,name,state\r\n" + `,${"x".repeat(100)},Kano\r\n`.repeat(45_000),
    });
    expect(large.statusCode).toBe(413);
  });

  it("takes the file itself as a text/csv body, quotes, BOM and CRLF included, and lists additions and changes", async () => {
    const csv =
      "\uFEFFid,name,state,local_government,type,disability_groups\r\n" +
      `,"Gwale Special School, Kano",kano,gwale,Special,"hearing; visual"\r\n` +
      `${first.id},${csvField(first.name)},${first.state},,${first.type.join("; ")},${[...first.disability_groups, "autism"].join("; ")}\r\n` +
      `${second.id},${csvField(second.name)},${second.state},,${second.type.join("; ")},${second.disability_groups.join("; ")}\r\n`;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/datadesk/imports?dryRun=true",
      headers: { ...bearer(amina), "content-type": "text/csv; charset=utf-8" },
      payload: csv,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ImportAnswer>();
    expect(answer.problems).toEqual([]);
    expect(answer.unchanged).toBe(1);
    expect(answer.schools).toMatchObject({ additions: 1, changes: 1, total: 2, page: 1, last_page: 1 });
    expect(answer.counts).toEqual({ rows: 3, problems: 0, additions: 1, changes: 1 });
    const [addition, change] = answer.schools.rows;
    expect([addition]).toEqual([
      expect.objectContaining({
        row: 2,
        recordId: null,
        name: "Gwale Special School, Kano",
        state: "Kano",
        fields: expect.arrayContaining([
          { field: "local_government", from: null, to: "Gwale" },
          { field: "type", from: null, to: ["special"] },
        ]),
      }),
    ]);
    expect([change]).toEqual([
      expect.objectContaining({
        row: 3,
        recordId: String(first.id),
        fields: [
          {
            field: "disability_groups",
            from: first.disability_groups,
            to: [...first.disability_groups, "autism"],
          },
        ],
      }),
    ]);
  });

  it("refuses a source detail given twice in the query of a text/csv import, saying so in the editor's language", async () => {
    const file = `id,name,state\r\n${first.id},${csvField(first.name)} (renamed),${first.state}\r\n`;
    const sending = (token: string, query: URLSearchParams) =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/datadesk/imports?${query.toString()}`,
        headers: { ...bearer(token), "content-type": "text/csv" },
        payload: file,
      });
    const twice = (name: keyof typeof source) => {
      const query = new URLSearchParams(source);
      query.append(name, source[name]);
      return query;
    };
    for (const name of ["sourceUrl", "sourceTitle", "sourcePublisher", "sourceRead", "note"] as const) {
      const response = await sending(amina, twice(name));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ImportFailure>()).toMatchObject({
        code: "VALIDATION_FAILED",
        message: `The parameter ${name} was given more than once. Please give it once.`,
        problem: { key: "datadesk.message.repeatedParameter", params: { name } },
        field: name,
      });
    }
    const inHausa = await sending(halima, twice("sourceTitle"));
    expect(inHausa.json<ImportFailure>().message).toBe(
      "An ba da sigar (parameter) sourceTitle fiye da sau ɗaya. Da fatan ka ba da ita sau ɗaya kawai.",
    );
    // Nothing was proposed.
    expect(await t.db.select().from(dataChanges).where(eq(dataChanges.note, source.note))).toEqual([]);
  });

  it("proposes one change holding every row, which the queue shows; needs a source and a note; refuses rows with problems", async () => {
    const csv = `id,name,state\r\n,Dala Inclusive School,Kano\r\n${first.id},${csvField(first.name)} (renamed),${first.state}\r\n`;
    const noNote = await importing(amina, { csv, sourceUrl: source.sourceUrl, ...addressDetails });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json<DataDeskFailure>().problems?.map((problem) => problem.field)).toEqual(["note"]);

    const withProblems = await importing(amina, { csv: "id,name,state\r\n,,Kano\r\n", ...source });
    expect(withProblems.statusCode).toBe(400);
    const refused = withProblems.json<ImportFailure>();
    expect(refused.plan?.problems).toHaveLength(1);
    expect(refused.plan?.problems[0]).toMatchObject({ key: "required", params: expect.any(Object) });
    expect(refused.problem).toEqual({ key: "datadesk.import.hasProblems", params: { count: 1 } });

    const response = await importing(amina, { csv, ...source });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<ImportAnswer>();
    expect(answer.change).toMatchObject({
      kind: "school",
      changeKind: "import",
      recordId: null,
      status: "proposed",
      sourceUrl: source.sourceUrl,
      note: source.note,
      mine: true,
    });
    expect(answer.change?.import).toEqual({ additions: 1, changes: 1 });
    const queue = await t.app.inject({
      method: "GET",
      url: "/api/v1/datadesk/changes",
      headers: bearer(chidi),
    });
    const listed = queue.json<ChangesAnswer>().changes.find((change) => change.id === answer.change?.id);
    expect(listed?.import).toEqual({ additions: 1, changes: 1 });
    // Its schools, read a page at a time in the file's order.
    const rows = await t.app.inject({
      method: "GET",
      url: `/api/v1/datadesk/changes/${answer.change?.id}/import-rows`,
      headers: bearer(chidi),
    });
    expect(rows.statusCode, rows.body).toBe(200);
    expect(rows.json<ImportRowsAnswer>().import).toMatchObject({
      additions: 1,
      changes: 1,
      total: 2,
      page: 1,
      per_page: 50,
      last_page: 1,
      rows: [
        { row: 2, recordId: null, name: "Dala Inclusive School" },
        {
          row: 3,
          recordId: String(first.id),
          baseVersion: 1,
          fields: [{ field: "name", from: first.name, to: `${first.name} (renamed)` }],
        },
      ],
    });

    // Its author cannot publish it.
    const own = await publish(amina, answer.change?.id ?? "");
    expect(own.statusCode).toBe(403);
    expect(own.json<DataDeskFailure>().code).toBe("OWN_CHANGE");

    // Another editor publishes it: every school, one dataset version, history and audit for each.
    const [versionsBefore] = await t.db
      .select({ max: sql<number>`max(version)::int` })
      .from(datasetVersions)
      .where(eq(datasetVersions.dataset, "schools"));
    const [generationBefore] = await t.db.select().from(dataGeneration);
    const published = await publish(chidi, answer.change?.id ?? "");
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<ChangePublishedAnswer>()).toMatchObject({
      change: { status: "published" },
      record: null,
      datasetVersion: (versionsBefore?.max ?? 0) + 1,
    });
    const [versionsAfter] = await t.db
      .select({ count: sql<number>`count(*)::int`, max: sql<number>`max(version)::int` })
      .from(datasetVersions)
      .where(eq(datasetVersions.dataset, "schools"));
    expect(versionsAfter?.max).toBe((versionsBefore?.max ?? 0) + 1);
    const [generationAfter] = await t.db.select().from(dataGeneration);
    expect(generationAfter?.generation).toBe((generationBefore?.generation ?? 0) + 1);

    const added = await school(String(greatestId() + 1));
    expect(added).toMatchObject({ version: 1, status: "open" });
    expect(added?.data).toMatchObject({
      id: greatestId() + 1,
      name: "Dala Inclusive School",
      state: "Kano",
      sources: [
        {
          url: source.sourceUrl,
          title: source.sourceTitle,
          publisher: source.sourcePublisher,
          read: source.sourceRead,
        },
      ],
    });
    const renamed = await school(String(first.id));
    expect(renamed).toMatchObject({ version: 2 });
    expect(renamed?.data).toMatchObject({ name: `${first.name} (renamed)`, state: first.state });

    const versions = await t.db
      .select()
      .from(dataRecordVersions)
      .where(and(eq(dataRecordVersions.kind, "school"), eq(dataRecordVersions.recordId, String(first.id))));
    expect(versions.map((version) => version.version).sort()).toEqual([1, 2]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details}->>'importId' = ${answer.change?.id ?? ""}`);
    expect(audits.map((entry) => (entry.details as { recordId: string }).recordId).sort()).toEqual(
      [String(first.id), String(greatestId() + 1)].sort(),
    );

    // The public history of the school names the import, its fields, source and note.
    const history = await t.app.inject({
      method: "GET",
      url: `/api/v1/open/history/school/${first.id}`,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).toContain("(renamed)");
    expect(history.body).toContain(source.note);

    // The queue and "my changes" list the import once, not each school's part.
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/v1/datadesk/changes?mine=true",
      headers: bearer(amina),
    });
    expect(
      mine.json<ChangesAnswer>().changes.filter((change) => change.changeKind === "import"),
    ).toHaveLength(1);
  });

  it("refuses (409, nothing written) to publish an import whose field another publication changed since", async () => {
    const csv = `id,name,state,location\r\n${second.id},${csvField(second.name)},${second.state},Umuahia North\r\n`;
    const answer = (await importing(amina, { csv, ...source })).json<ImportAnswer>();
    expect(answer.change?.import?.changes).toBe(1);
    // Meanwhile Halima's edit of the same field is published by Chidi.
    const edit = await t.app.inject({
      method: "POST",
      url: "/api/v1/datadesk/changes",
      headers: bearer(halima),
      payload: {
        kind: "school",
        recordId: String(second.id),
        changeKind: "edit",
        fields: { location: "Aba" },
        ...source,
      },
    });
    expect(edit.statusCode, edit.body).toBe(201);
    expect((await publish(chidi, edit.json<ChangeAnswer>().change.id)).statusCode).toBe(200);
    const before = await school(String(second.id));

    const refused = await publish(chidi, answer.change?.id ?? "");
    expect(refused.statusCode).toBe(409);
    expect(refused.json<DataDeskFailure>()).toMatchObject({
      code: "CHANGE_CONFLICT",
      conflicts: [
        {
          field: "location",
          from: second.location,
          now: "Aba",
          to: "Umuahia North",
          recordId: String(second.id),
        },
      ],
    });
    expect(await school(String(second.id))).toEqual(before);
    const queue = await t.app.inject({
      method: "GET",
      url: "/api/v1/datadesk/changes",
      headers: bearer(chidi),
    });
    expect(
      queue.json<ChangesAnswer>().changes.find((change) => change.id === answer.change?.id)?.status,
    ).toBe("proposed");
  });

  it("refuses an import that changes nothing", async () => {
    const csv = `id,name,state\r\n${first.id},${csvField(`${first.name} (renamed)`)},${first.state}\r\n`;
    const response = await importing(amina, { csv, ...source });
    expect(response.statusCode).toBe(400);
    expect(response.json<ImportFailure>()).toMatchObject({ refusal: "nothingToImport" });
  });

  it("pages an import's schools, in the dry run and in the review, and refuses a page out of range with a clear 400", async () => {
    const names = Array.from({ length: 120 }, (_, index) => `Paged Inclusive School ${index + 1}`);
    const csv = `id,name,state,local_government\r\n${names.map((name) => `,${name},Kano,Gwale`).join("\r\n")}\r\n`;

    // The dry run answers the page asked for, with the whole file's counts.
    const dry = await importing(amina, { csv }, "?dryRun=1&page=3&per_page=50");
    expect(dry.statusCode, dry.body).toBe(200);
    const checked = dry.json<ImportAnswer>();
    expect(checked.schools).toMatchObject({ additions: 120, changes: 0, total: 120, page: 3, per_page: 50 });
    expect(checked.schools.last_page).toBe(3);
    // The sentence's counts are the whole file's, not the page's.
    expect(checked.counts).toEqual({ rows: 120, problems: 0, additions: 120, changes: 0 });
    expect(checked.schools.rows.map((row) => row.name)).toEqual(names.slice(100));
    // A first page by default, of 50.
    expect((await importing(amina, { csv }, "?dryRun=1")).json<ImportAnswer>().schools.rows).toHaveLength(50);

    const proposed = await importing(amina, { csv, ...source });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const id = proposed.json<ImportAnswer>().change?.id ?? "";
    expect(proposed.json<ImportAnswer>().change?.import).toEqual({ additions: 120, changes: 0 });
    const rowsOf = (query: string, token = chidi) =>
      t.app.inject({
        method: "GET",
        url: `/api/v1/datadesk/changes/${id}/import-rows${query}`,
        headers: bearer(token),
      });

    // The queue's answer holds the counts, never the schools themselves.
    const queue = await t.app.inject({
      method: "GET",
      url: "/api/v1/datadesk/changes",
      headers: bearer(chidi),
    });
    expect(queue.body).not.toContain("Paged Inclusive School 1");

    const second = await rowsOf("?page=2&per_page=25");
    expect(second.statusCode, second.body).toBe(200);
    const page = second.json<ImportRowsAnswer>().import;
    expect(page).toMatchObject({
      additions: 120,
      changes: 0,
      total: 120,
      page: 2,
      per_page: 25,
      last_page: 5,
    });
    expect(page.rows.map((row) => row.name)).toEqual(names.slice(25, 50));
    expect(page.rows.map((row) => row.row)).toEqual(Array.from({ length: 25 }, (_, index) => index + 27));
    const last = (await rowsOf("?page=3")).json<ImportRowsAnswer>().import;
    expect(last.rows.map((row) => row.name)).toEqual(names.slice(100));

    // Bad values: a 400 with a sentence, in the reader's language.
    for (const query of [
      "?page=0",
      "?page=two",
      "?page=1&page=2",
      "?per_page=0",
      "?per_page=201",
      "?per_page=-5",
    ]) {
      const refused = await rowsOf(query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json<DataDeskFailure>().code, query).toBe("VALIDATION_FAILED");
    }
    expect((await rowsOf("?per_page=201")).json<DataDeskFailure>()).toMatchObject({
      message: "The number of schools per page must be a whole number from 1 to 200.",
      problem: { key: "datadesk.message.badPerPage", params: { max: 200 } },
    });
    expect((await rowsOf("?page=two")).json<DataDeskFailure>()).toMatchObject({
      message: "The page must be a whole number, 1 or more.",
      problem: { key: "datadesk.message.badPage" },
    });
    // Spaces aside, and the default size when empty.
    expect((await rowsOf("?page=+2+&per_page=")).json<ImportRowsAnswer>().import).toMatchObject({
      page: 2,
      per_page: 50,
    });
    // Refused after the editor check: a visitor learns nothing of the query.
    const anonymous = await t.app.inject({
      method: "GET",
      url: `/api/v1/datadesk/changes/${id}/import-rows?page=0`,
    });
    expect(anonymous.statusCode).toBe(401);
    const tooFar = await rowsOf("?page=4");
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json<DataDeskFailure>().message).toBe("There are only 3 pages of schools.");
    const hausa = await rowsOf("?page=4", halima);
    expect(hausa.json<DataDeskFailure>().message).not.toBe("There are only 3 pages of schools.");
    expect((await importing(amina, { csv }, "?dryRun=1&page=9")).statusCode).toBe(400);

    // No such import: 404, whether the id is unknown, malformed or another kind of change's.
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/v1/datadesk/changes/00000000-0000-4000-8000-000000000000/import-rows",
      headers: bearer(chidi),
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: "GET",
      url: "/api/v1/datadesk/changes/not-a-uuid/import-rows",
      headers: bearer(chidi),
    });
    expect(malformed.statusCode).toBe(404);

    const withdrawn = await t.app.inject({
      method: "POST",
      url: `/api/v1/datadesk/changes/${id}/withdraw`,
      headers: bearer(amina),
    });
    expect(withdrawn.statusCode).toBe(200);
  });

  it("counts a proposed import as a proposed change of each school it changes, and lists the schools it adds as pending", async () => {
    const found = async (q: string) => {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/v1/datadesk/records?kind=school&q=${encodeURIComponent(q)}`,
        headers: bearer(chidi),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RecordsAnswer>();
    };
    const record = async (id: number) =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/v1/datadesk/records/school/${id}`,
          headers: bearer(chidi),
        })
      ).json<RecordAnswer>();
    const proposedOf = async (id: number) =>
      (await found(first.name)).records.find((school) => school.id === String(id))?.proposedChanges ?? -1;

    const countBefore = await proposedOf(first.id);
    expect(countBefore).toBeGreaterThanOrEqual(0);
    const pendingBefore = (await found("Pending Count School")).pending;
    expect(pendingBefore).toEqual({ total: 0, schools: [] });

    const csv = `id,name,state,website\r\n${first.id},${csvField(first.name)},${first.state},https://pending.example.org\r\n,Pending Count School,Kano,\r\n`;
    const proposed = await importing(amina, { csv, ...source });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const id = proposed.json<ImportAnswer>().change?.id;

    // The desk's list and the school's own page count it, and the school's page lists the import.
    expect(await proposedOf(first.id)).toBe(countBefore + 1);
    const page = await record(first.id);
    expect(page.record.proposedChanges).toBe(countBefore + 1);
    expect(page.changes.filter((change) => change.id === id)).toEqual([
      expect.objectContaining({ changeKind: "import", import: { additions: 1, changes: 1 } }),
    ]);
    // A school it does not touch is not counted.
    expect((await record(second.id)).changes.some((change) => change.id === id)).toBe(false);

    // The school it adds has no record yet: it is listed as pending, found by its name.
    expect((await found("Pending Count")).pending).toEqual({
      total: 1,
      schools: [{ changeId: id, name: "Pending Count School", state: "Kano" }],
    });
    expect((await found("no such school anywhere")).pending.total).toBe(0);
    // States have no pending additions.
    const states = await t.app.inject({
      method: "GET",
      url: "/api/v1/datadesk/records?kind=state",
      headers: bearer(chidi),
    });
    expect(states.json<RecordsAnswer>().pending).toEqual({ total: 0, schools: [] });

    // Withdrawn, it counts no more.
    await t.app.inject({
      method: "POST",
      url: `/api/v1/datadesk/changes/${id}/withdraw`,
      headers: bearer(amina),
    });
    expect(await proposedOf(first.id)).toBe(countBefore);
    expect((await found("Pending Count School")).pending.total).toBe(0);
  });
});
