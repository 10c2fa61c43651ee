import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ChangeAnswer,
  ChangePublishedAnswer,
  ChangesAnswer,
  DataDeskFailure,
  RecordAnswer,
  RecordsAnswer,
} from "../../domain/api/datadesk";
import { bearer, buildTestApp, type AccountsTestApp } from "../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { idOf, signedInAs } from "../../test/server/roles";
import { addDocument } from "../../test/server/publications";
import type { DatabaseHandle } from "../db/database";
import {
  auditLog,
  corrections,
  dataGeneration,
  dataRecordVersions,
  dataRecords,
  datasetVersions,
  users,
} from "../db/schema";
import { readSeed, seedDataDesk } from "./seed";
import schools from "../../../data/schools.json" with { type: "json" };
import { addressDetails } from "../../test/server/datadesk";

// /api/v1/datadesk: editors propose changes with a source and a note, each field checked by
// its rule; another editor or an admin publishes (one transaction) or rejects them.

const people = {
  amina: { email: "amina.editor@example.org", firstname: "Amina", lastname: "Bello" },
  chidi: { email: "chidi.editor@example.org", firstname: "Chidi", lastname: "Okeke" },
  halima: { email: "halima.editor@example.org", firstname: "Halima", lastname: "Sani" },
  admin: { email: "tunde.admin@example.org", firstname: "Tunde", lastname: "Okoro" },
  reader: { email: "bola.reader@example.org", firstname: "Bola", lastname: "Ola" },
  searcher: { email: "ify.searcher@example.org", firstname: "Ify", lastname: "Nwosu" },
};

const source = {
  sourceUrl: "https://lagosstate.gov.ng/disability-law",
  ...addressDetails,
  note: "Checked the state's gazette.",
};

/** The change's source as a record keeps it once the change is published. */
const sourceAsKept = {
  url: source.sourceUrl,
  title: source.sourceTitle,
  publisher: source.sourcePublisher,
  read: source.sourceRead,
};

describe.each(testDatabaseKinds())("the data desk on %s", (databaseKind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  /** Amina and Chidi are editors; Halima too, reading in Hausa; Tunde is an admin. */
  let amina: string;
  let chidi: string;
  let halima: string;
  let admin: string;

  beforeAll(async () => {
    database = await openTestDatabase(databaseKind);
    t = await buildTestApp(database);
    await seedDataDesk(t.db, await readSeed(), t.clock.now());
    amina = await signedInAs(t, "editor", people.amina);
    chidi = await signedInAs(t, "editor", people.chidi);
    halima = await signedInAs(t, "editor", people.halima);
    await t.db.update(users).set({ language: "ha" }).where(eq(users.email, people.halima.email));
    admin = await signedInAs(t, "admin", people.admin);
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  const propose = (token: string, body: object) =>
    t.app.inject({ method: "POST", url: "/api/v1/datadesk/changes", headers: bearer(token), payload: body });
  const publish = (token: string, id: string) =>
    t.app.inject({ method: "POST", url: `/api/v1/datadesk/changes/${id}/publish`, headers: bearer(token) });
  const reject = (token: string, id: string, payload: object) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/datadesk/changes/${id}/reject`,
      headers: bearer(token),
      payload,
    });
  const get = (token: string, url: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });

  async function proposed(token: string, body: object): Promise<ChangeAnswer["change"]> {
    const response = await propose(token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ChangeAnswer>().change;
  }

  const edit = (recordId: string, fields: object, kind = "state") => ({
    kind,
    recordId,
    changeKind: "edit",
    fields,
    ...source,
  });

  async function record(kind: string, id: string) {
    const [row] = await t.db
      .select()
      .from(dataRecords)
      .where(and(eq(dataRecords.kind, kind as "state"), eq(dataRecords.id, id)));
    if (!row) throw new Error(`no ${kind} ${id}`);
    return row;
  }

  /** Everything a publication writes, to show that a refused one wrote nothing. */
  async function written() {
    const [generation] = await t.db.select().from(dataGeneration);
    const [versions] = await t.db.select({ count: sql<number>`count(*)::int` }).from(dataRecordVersions);
    const [datasets] = await t.db.select({ count: sql<number>`count(*)::int` }).from(datasetVersions);
    const [audits] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.subjectType, "data_change"));
    return {
      generation: generation?.generation,
      versions: versions?.count,
      datasets: datasets?.count,
      audits: audits?.count,
    };
  }

  it("finds records by name with their version, last check and proposed changes", async () => {
    const response = await get(amina, "/api/v1/datadesk/records?kind=state&q=lag");
    expect(response.statusCode).toBe(200);
    const { records, total } = response.json<RecordsAnswer>();
    expect(total).toBe(1);
    expect(records[0]).toMatchObject({
      kind: "state",
      id: "25",
      name: "Lagos",
      version: 1,
      proposedChanges: 0,
    });
    const schoolsFound = (
      await get(amina, "/api/v1/datadesk/records?kind=school&q=BLIND")
    ).json<RecordsAnswer>();
    expect(schoolsFound.records.length).toBeGreaterThan(0);
    expect(schoolsFound.records.every((school) => /blind/i.test(school.name))).toBe(true);
    const all = (await get(amina, "/api/v1/datadesk/records?kind=state&limit=500")).json<RecordsAnswer>();
    expect(all.total).toBe(37);
    expect(all.records.map((state) => state.id).slice(0, 3)).toEqual(["1", "2", "3"]);
    expect((await get(amina, "/api/v1/datadesk/records?kind=lga")).statusCode).toBe(400);
    // Its defaults, and spaces aside, as the form sends them.
    const states = (
      await get(amina, "/api/v1/datadesk/records?kind=+state+&limit=+2+&q=")
    ).json<RecordsAnswer>();
    expect(states.records.map((state) => state.id)).toEqual(["1", "2"]);
    expect((await get(amina, "/api/v1/datadesk/records")).json<RecordsAnswer>().records).toHaveLength(37);
  });

  it("refuses a search of records it cannot read after the editor check, in the editor's language", async () => {
    const url = "/api/v1/datadesk/records?kind=lga";
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await get(await signedInAs(t, "user", people.searcher), url)).statusCode).toBe(403);
    const kind = await get(amina, url);
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Please choose state, school, estimate or the national record.",
      problem: { key: "datadesk.message.badKind" },
    });
    expect((await get(amina, "/api/v1/datadesk/records?kind=state&kind=school")).json()).toMatchObject({
      problem: { key: "datadesk.message.badKind" },
    });
    for (const limit of ["0", "501", "ten", "1.5"]) {
      const refused = await get(amina, `/api/v1/datadesk/records?limit=${limit}`);
      expect(refused.statusCode, limit).toBe(400);
      expect(refused.json(), limit).toMatchObject({
        message: "The limit must be a whole number from 1 to 500.",
        problem: { key: "datadesk.message.badLimit", params: { max: 500 } },
      });
    }
    const hausa = await get(halima, "/api/v1/datadesk/records?limit=501");
    expect(hausa.json()).toMatchObject({
      problem: { key: "datadesk.message.badLimit", params: { max: 500 } },
    });
    expect(hausa.json<{ message: string }>().message).not.toBe(
      "The limit must be a whole number from 1 to 500.",
    );
    expect(hausa.json<{ message: string }>().message).toContain("500");
  });

  it("reads a record with its fields as the form shows them", async () => {
    const response = await get(amina, "/api/v1/datadesk/records/state/25");
    expect(response.statusCode).toBe(200);
    const { record: lagos } = response.json<RecordAnswer>();
    expect(lagos.name).toBe("Lagos");
    expect(lagos.fields.find((field) => field.path === "law.year")).toMatchObject({
      type: "year",
      value: 2011,
      label: "datadesk.field.state.law.year",
      column: "law_year",
    });
    expect(lagos.fields.find((field) => field.path === "status")?.filters).toBe(true);
    expect(lagos.fields.find((field) => field.path === "translations.ha.desc")).toMatchObject({
      language: "ha",
      value: null,
    });
    expect((await get(amina, "/api/v1/datadesk/records/state/99")).statusCode).toBe(404);
    expect((await get(amina, "/api/v1/datadesk/records/planet/1")).statusCode).toBe(404);
  });

  it("refuses each value its rule refuses, with a message per field", async () => {
    const response = await propose(
      amina,
      edit("20", {
        status: "Passed by decree",
        "law.year": 1959,
        ranking: 38,
        score: 101,
        website: "ftp://kano.example.org",
        phone: ["+44 20 7946 0958"],
        email: "kano at example",
        desc: "Kano <b>passed</b> it.",
        agency: "A".repeat(301),
      }),
    );
    expect(response.statusCode).toBe(400);
    const failure = response.json<DataDeskFailure>();
    expect(failure.code).toBe("VALIDATION_FAILED");
    const byField = Object.fromEntries((failure.problems ?? []).map((problem) => [problem.field, problem]));
    expect(
      Object.fromEntries(Object.entries(byField).map(([field, problem]) => [field, problem.key])),
    ).toEqual({
      "fields.status": "choice",
      "fields.law.year": "year",
      "fields.ranking": "rank",
      "fields.score": "score",
      "fields.website": "url",
      "fields.phone": "phone",
      "fields.email": "email",
      "fields.desc": "html",
      "fields.agency": "tooLong",
    });
    expect(byField["fields.law.year"]?.message).toBe(
      "Please enter a year from 1960 to 2026, or leave it empty.",
    );
    expect(byField["fields.agency"]?.message).toBe("Please keep this to 300 characters.");
    expect(byField["fields.phone"]?.message).toMatch(/Nigerian phone number/);
    // Each problem carries the values of its sentence, so a page in another language words it alone;
    // the refusal as a whole says its own key.
    expect(byField["fields.law.year"]?.params).toMatchObject({ min: 1960, thisYear: 2026 });
    expect(byField["fields.agency"]?.params).toMatchObject({ max: 300 });
    expect(failure.problem).toEqual({ key: "datadesk.message.problems", params: { max: 0 } });
    const nextYear = await propose(amina, edit("20", { "law.year": 2027 }));
    const refusedYear = nextYear.json<DataDeskFailure>();
    expect(refusedYear.problems?.[0]).toMatchObject({ field: "fields.law.year", key: "year" });
    // One problem: the refusal is that problem, with its values.
    expect(refusedYear.problem).toMatchObject({
      key: "datadesk.problem.year",
      params: { min: 1960, thisYear: 2026 },
    });
  });

  it("words the problems in the editor's language", async () => {
    const response = await propose(halima, edit("20", { "law.year": 1959 }));
    expect(response.statusCode).toBe(400);
    const [problem] = response.json<DataDeskFailure>().problems ?? [];
    expect(problem?.key).toBe("year");
    expect(problem?.message).not.toBe("Please enter a year from 1960 to 2026, or leave it empty.");
    expect(problem?.message).toContain("1960");
  });

  it("refuses a list of changes it cannot read after the editor check, in the editor's language", async () => {
    const url = "/api/v1/datadesk/changes?status=done";
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await get(await signedInAs(t, "user", people.reader), url)).statusCode).toBe(403);
    const refused = await get(halima, url);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Da fatan ka zaɓi proposed, published, rejected ko withdrawn.",
      problem: { key: "datadesk.message.badStatus" },
    });
    const tooMany = await get(amina, "/api/v1/datadesk/changes?limit=201");
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      message: "The limit must be a whole number from 1 to 200.",
      problem: { key: "datadesk.message.badLimit", params: { max: 200 } },
    });
    expect((await get(amina, "/api/v1/datadesk/changes?kind=planet")).json()).toMatchObject({
      problem: { key: "datadesk.message.badKind" },
    });
    const mine = await get(amina, "/api/v1/datadesk/changes?mine=true&limit=5");
    expect(mine.statusCode).toBe(200);
  });

  it("needs a source and a note, and refuses a change that changes nothing", async () => {
    const bare = await propose(amina, {
      kind: "state",
      recordId: "20",
      changeKind: "edit",
      fields: { score: 40 },
      note: " ",
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<DataDeskFailure>().problems?.map((problem) => [problem.field, problem.key])).toEqual([
      ["sourceUrl", "sourceMissing"],
      ["note", "noteMissing"],
    ]);
    const badSource = await propose(amina, {
      ...edit("20", { score: 40 }),
      sourceUrl: "javascript:alert(1)",
    });
    expect(badSource.json<DataDeskFailure>().problems?.[0]).toMatchObject({ field: "sourceUrl", key: "url" });
    const unknownDocument = await propose(amina, {
      ...edit("20", { score: 40 }),
      sourceUrl: null,
      sourceDocumentId: "3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f70",
    });
    expect(unknownDocument.json<DataDeskFailure>().problems?.[0]?.key).toBe("sourceDocumentUnknown");
    const same = await propose(amina, edit("25", { status: "Passed", "law.year": 2011 }));
    expect(same.statusCode).toBe(400);
    expect(same.json<DataDeskFailure>().problems?.[0]).toMatchObject({
      field: "fields",
      key: "nothingChanged",
    });
    const unknownField = await propose(amina, edit("25", { code: "NG-XX" }));
    expect(unknownField.json<DataDeskFailure>().problems?.[0]).toMatchObject({
      field: "fields.code",
      key: "unknownField",
    });
    const checked = await proposed(amina, {
      kind: "state",
      recordId: "25",
      changeKind: "checked",
      ...source,
    });
    expect(checked.fields).toEqual([]);
    await t.app.inject({
      method: "POST",
      url: `/api/v1/datadesk/changes/${checked.id}/withdraw`,
      headers: bearer(amina),
    });
  });

  it("publishes 'checked, nothing changed': the data stays as it was, its source joins the record's, and its last check is the publication's", async () => {
    const before = await record("state", "25");
    const checked = await proposed(amina, {
      kind: "state",
      recordId: "25",
      changeKind: "checked",
      ...source,
    });
    t.clock.advance(30 * 60 * 1000);
    const publishing = t.clock.now().getTime();
    const published = await publish(chidi, checked.id);
    expect(published.statusCode, published.body).toBe(200);
    const after = await record("state", "25");
    const { sources: sourcesBefore, ...restBefore } = before.data as { sources: unknown[] };
    expect(after.data).toEqual({ ...restBefore, sources: [...sourcesBefore, sourceAsKept] });
    expect(after.version).toBe(before.version + 1);
    expect(after.checkedAt.getTime()).not.toBe(before.checkedAt.getTime());
    expect(after.checkedAt.getTime()).toBeGreaterThan(publishing);
    expect(after.checkedAt.getTime()).toBeLessThan(t.clock.now().getTime());
  });

  it("computes old → new, normalises phone numbers, and lists the change for review", async () => {
    const change = await proposed(
      amina,
      edit("37", { phone: ["0803 123 4567", "234-805-555-0101"], "translations.ha.desc": "Jihar Zamfara." }),
    );
    expect(change.fields).toEqual([
      { field: "phone", from: [], to: ["+2348031234567", "+2348055550101"] },
      { field: "translations.ha.desc", from: null, to: "Jihar Zamfara." },
    ]);
    expect(change).toMatchObject({ status: "proposed", mine: true, author: { name: "Amina Bello" } });
    const queue = (await get(chidi, "/api/v1/datadesk/changes")).json<ChangesAnswer>();
    const listed = queue.changes.find((candidate) => candidate.id === change.id);
    expect(listed).toMatchObject({ recordName: "Zamfara", mine: false, author: { name: "Amina Bello" } });
    const found = (await get(chidi, "/api/v1/datadesk/records?kind=state&q=zamfara")).json<RecordsAnswer>();
    expect(found.records[0]?.proposedChanges).toBe(1);
    const published = await publish(chidi, change.id);
    expect(published.statusCode, published.body).toBe(200);
    expect((await record("state", "37")).data).toMatchObject({
      phone: ["+2348031234567", "+2348055550101"],
      translations: { ha: { desc: "Jihar Zamfara." } },
    });
  });

  it("never lets an author publish or reject their own change", async () => {
    const change = await proposed(amina, edit("20", { agency: "Kano State Disability Affairs Board" }));
    const before = await written();
    const own = await publish(amina, change.id);
    expect(own.statusCode).toBe(403);
    expect(own.json<DataDeskFailure>()).toMatchObject({ code: "OWN_CHANGE" });
    expect(own.json<DataDeskFailure>().message).toMatch(/own change/);
    expect((await reject(amina, change.id, { reason: "Mine." })).statusCode).toBe(403);
    expect(await written()).toEqual(before);
    // Another editor can; the author can withdraw it instead.
    const withdrawnByOther = await t.app.inject({
      method: "POST",
      url: `/api/v1/datadesk/changes/${change.id}/withdraw`,
      headers: bearer(chidi),
    });
    expect(withdrawnByOther.statusCode).toBe(403);
    const withdrawn = await t.app.inject({
      method: "POST",
      url: `/api/v1/datadesk/changes/${change.id}/withdraw`,
      headers: bearer(amina),
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<ChangeAnswer>().change.status).toBe("withdrawn");
    expect((await publish(chidi, change.id)).statusCode).toBe(409);
  });

  it("publishes in one transaction: the record's version, the dataset's, the generation and the audit entry", async () => {
    const before = await written();
    const change = await proposed(amina, edit("20", { status: "Pending", "law.year": 2019, ranking: 4 }));
    const response = await publish(chidi, change.id);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ChangePublishedAnswer>();
    expect(answer.change).toMatchObject({ status: "published", decidedBy: { name: "Chidi Okeke" } });
    expect(answer.record).toMatchObject({ id: "20", version: 2 });
    expect(answer.generation).toBe(Number(before.generation) + 1);
    const kano = await record("state", "20");
    expect(kano.data).toMatchObject({ status: "Pending", law: { year: 2019 }, ranking: "4th" });
    expect(kano.version).toBe(2);
    expect(kano.checkedAt.toISOString()).toBe(answer.change.decidedAt);
    const [version] = await t.db
      .select()
      .from(dataRecordVersions)
      .where(and(eq(dataRecordVersions.recordId, "20"), eq(dataRecordVersions.version, 2)));
    expect(version).toMatchObject({
      kind: "state",
      changeId: change.id,
      datasetVersion: answer.datasetVersion,
    });
    const [dataset] = await t.db
      .select()
      .from(datasetVersions)
      .where(and(eq(datasetVersions.dataset, "states"), eq(datasetVersions.version, answer.datasetVersion)));
    expect(dataset?.changeId).toBe(change.id);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, change.id));
    expect(audit).toMatchObject({
      action: "data-change.published",
      actorId: await idOf(t.db, people.chidi.email),
    });
    expect(await written()).toEqual({
      generation: Number(before.generation) + 1,
      versions: Number(before.versions) + 1,
      datasets: Number(before.datasets) + 1,
      audits: Number(before.audits) + 1,
    });
    // Published once only.
    expect((await publish(admin, change.id)).statusCode).toBe(409);
  });

  it("writes nothing when the publication fails after the record was written", async () => {
    const change = await proposed(amina, edit("4", { agency: "Anambra State Disability Commission (2026)" }));
    const before = await written();
    // The audit entry is the transaction's last write: make it fail, as a full disk or a lost connection would.
    await t.db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$`);
    await t.db.execute(sql`create trigger refuse_audit before insert on audit_log
      for each row execute function refuse_audit()`);
    try {
      const failed = await publish(chidi, change.id);
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_audit on audit_log`);
      await t.db.execute(sql`drop function refuse_audit()`);
    }
    expect(await written()).toEqual(before);
    const anambra = await record("state", "4");
    expect(anambra.version).toBe(1);
    const queue = (await get(chidi, "/api/v1/datadesk/changes")).json<ChangesAnswer>();
    expect(queue.changes.find((candidate) => candidate.id === change.id)?.status).toBe("proposed");
    expect((await publish(chidi, change.id)).statusCode).toBe(200);
    expect((await record("state", "4")).version).toBe(2);
  });

  it("answers 409 with both values for a field another publication changed since, and loses nothing", async () => {
    const first = await proposed(
      amina,
      edit("31", { agency: "Oyo State Agency for the Welfare of Persons with Disabilities" }),
    );
    const second = await proposed(
      chidi,
      edit("31", { agency: "Oyo State Disability Commission", score: 61 }),
    );
    expect((await publish(chidi, first.id)).statusCode).toBe(200);
    const before = await written();
    const stale = await publish(amina, second.id);
    expect(stale.statusCode).toBe(409);
    const failure = stale.json<DataDeskFailure>();
    expect(failure.code).toBe("CHANGE_CONFLICT");
    expect(failure.problem).toEqual({ key: "datadesk.message.conflict", params: { max: 0, count: 1 } });
    expect(failure.conflicts).toEqual([
      {
        field: "agency",
        from: second.fields[0]?.from,
        now: "Oyo State Agency for the Welfare of Persons with Disabilities",
        to: "Oyo State Disability Commission",
      },
    ]);
    expect(await written()).toEqual(before);
    const kept = (
      await get(chidi, "/api/v1/datadesk/changes?mine=true&status=proposed")
    ).json<ChangesAnswer>();
    expect(kept.changes.map((change) => change.id)).toContain(second.id);
    expect((await record("state", "31")).data).toMatchObject({
      agency: "Oyo State Agency for the Welfare of Persons with Disabilities",
    });
  });

  it("keeps ranks unique: refused when proposed, and at publication with nothing written", async () => {
    const taken = await propose(amina, edit("1", { ranking: 1 }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json<DataDeskFailure>().problems?.[0]).toMatchObject({
      field: "fields.ranking",
      key: "rankTaken",
      message: "Lagos already has rank 1st. Change that state's rank first.",
    });
    const abia = await proposed(amina, edit("1", { ranking: 7 }));
    const adamawa = await proposed(amina, edit("2", { ranking: "7th" }));
    expect((await publish(chidi, abia.id)).statusCode).toBe(200);
    const before = await written();
    const clash = await publish(chidi, adamawa.id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json<DataDeskFailure>()).toMatchObject({
      code: "RANK_TAKEN",
      message: "Abia already has rank 7th. Change that state's rank first.",
      problem: { key: "datadesk.problem.rankTaken", params: { state: "Abia", rank: "7th" } },
    });
    expect(await written()).toEqual(before);
    expect((await record("state", "2")).version).toBe(1);
    const still = (await get(chidi, "/api/v1/datadesk/records/state/2")).json<RecordAnswer>();
    expect(still.changes.map((change) => change.id)).toEqual([adamawa.id]);
  });

  it("rejects with a reason that its author reads", async () => {
    const change = await proposed(amina, edit("3", { score: 12 }));
    const noReason = await reject(chidi, change.id, { reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<DataDeskFailure>().problems?.[0]).toMatchObject({
      field: "reason",
      key: "reasonMissing",
    });
    const rejected = await reject(admin, change.id, { reason: "The SDIR gives 21, not 12." });
    expect(rejected.statusCode).toBe(200);
    const mine = (
      await get(amina, "/api/v1/datadesk/changes?mine=true&status=rejected")
    ).json<ChangesAnswer>();
    expect(mine.changes.find((candidate) => candidate.id === change.id)).toMatchObject({
      status: "rejected",
      reason: "The SDIR gives 21, not 12.",
      decidedBy: { name: "Tunde Okoro" },
    });
    expect((await reject(chidi, change.id, { reason: "Again." })).statusCode).toBe(409);
  });

  it("adds a school with the next id, checking that its LGA is in its state", async () => {
    const wrongLga = await propose(amina, {
      kind: "school",
      recordId: null,
      changeKind: "add",
      fields: { name: "Kofar Nassarawa Special School", state: "Kano", local_government: "Ikeja" },
      ...source,
    });
    expect(wrongLga.statusCode).toBe(400);
    expect(wrongLga.json<DataDeskFailure>().problems?.[0]).toMatchObject({
      field: "fields.local_government",
      key: "lga",
      message: "Please choose a local government area of Kano.",
    });
    const nameless = await propose(amina, {
      kind: "school",
      recordId: null,
      changeKind: "add",
      fields: { state: "Kano" },
      ...source,
    });
    expect(nameless.json<DataDeskFailure>().problems?.[0]).toMatchObject({
      field: "fields.name",
      key: "required",
    });
    const added = await proposed(amina, {
      kind: "school",
      recordId: null,
      changeKind: "add",
      fields: {
        name: "Kofar Nassarawa Special School",
        state: "kano",
        local_government: "kano municipal",
        type: ["special"],
        phone: "0803 555 0199",
        latitude: 12.0,
        longitude: 8.52,
      },
      ...source,
    });
    expect(added.recordId).toBeNull();
    expect(added.recordName).toBe("Kofar Nassarawa Special School");
    const published = await publish(chidi, added.id);
    expect(published.statusCode, published.body).toBe(200);
    const newId = String(Math.max(...schools.map((school) => school.id)) + 1);
    expect(published.json<ChangePublishedAnswer>().record?.id).toBe(newId);
    expect((await record("school", newId)).data).toMatchObject({
      id: Number(newId),
      name: "Kofar Nassarawa Special School",
      state: "Kano",
      local_government: "Kano Municipal",
      phone: "+2348035550199",
      latitude: 12,
      sources: [sourceAsKept],
    });
  });

  it("asks a source given as an address for its title, publisher and day read, each with its own message", async () => {
    const refused = await propose(amina, {
      ...edit("25", { agency: "LASODA" }),
      sourceTitle: "",
      sourcePublisher: "<b>Punch</b>",
      sourceRead: "2026-02-30",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<DataDeskFailure>().problems).toEqual([
      expect.objectContaining({ field: "sourceTitle", key: "sourceTitleMissing" }),
      expect.objectContaining({ field: "sourcePublisher", key: "html" }),
      expect.objectContaining({
        field: "sourceRead",
        key: "sourceReadInvalid",
        message:
          "Please give the day you read the source as a real date, YYYY-MM-DD (for example 2026-11-30).",
      }),
    ]);
    const tooLate = await propose(amina, {
      ...edit("25", { agency: "LASODA" }),
      sourceTitle: "x".repeat(301),
      sourceRead: new Date(t.clock.now().getTime() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10),
    });
    expect(tooLate.json<DataDeskFailure>().problems).toEqual([
      expect.objectContaining({
        field: "sourceTitle",
        key: "sourceTitleTooLong",
        params: expect.objectContaining({ max: 300 }),
      }),
      expect.objectContaining({ field: "sourceRead", key: "sourceReadFuture" }),
    ]);
    const tooEarly = await propose(amina, { ...edit("25", { agency: "LASODA" }), sourceRead: "1959-12-31" });
    expect(tooEarly.json<DataDeskFailure>().problems).toEqual([
      expect.objectContaining({ field: "sourceRead", key: "sourceReadTooEarly" }),
    ]);
    // In the editor's language: Halima reads Hausa.
    const inHausa = await propose(halima, { ...edit("25", { agency: "LASODA" }), sourcePublisher: " " });
    expect(inHausa.json<DataDeskFailure>().problems?.[0]).toMatchObject({
      field: "sourcePublisher",
      key: "sourcePublisherMissing",
      message: "Da fatan ka faɗi wanda ya wallafa tushen: jarida, ma'aikata, ko ƙungiya.",
    });
  });

  it("publishing adds the change's source to the record's once: the same address gets the newer details", async () => {
    const first = await proposed(amina, edit("25", { agency: "LASODA" }));
    expect(first.sourceTitle).toBe(source.sourceTitle);
    expect((await publish(chidi, first.id)).statusCode).toBe(200);
    const again = await proposed(amina, {
      ...edit("25", { agency: "Lagos State Office for Disability Affairs" }),
      sourceTitle: "Lagos disability law, as amended",
      sourceRead: "2024-07-02",
    });
    expect((await publish(chidi, again.id)).statusCode).toBe(200);
    const sources = ((await record("state", "25")).data as { sources: { url: string }[] }).sources;
    expect(sources.filter((known) => known.url === source.sourceUrl)).toEqual([
      { ...sourceAsKept, title: "Lagos disability law, as amended", read: "2024-07-02" },
    ]);
  });

  it("keeps an uploaded document among a record's sources, and its address list editable, once a change gave it", async () => {
    const gazette = await addDocument(t.db, {
      title: "Ogun State Disability Law (gazette)",
      uploadedBy: await idOf(t.db, people.amina.email),
      publishedOn: "2013-05-02",
    });
    const fromDocument = await proposed(amina, {
      kind: "state",
      recordId: "28",
      changeKind: "edit",
      fields: { agency: "Ogun State Disability Office" },
      sourceDocumentId: gazette,
      note: "The gazette names the office.",
    });
    expect((await publish(chidi, fromDocument.id)).statusCode).toBe(200);
    const stored = async () => ((await record("state", "28")).data as { sources: { url: string }[] }).sources;
    const documentSource = (await stored()).find((known) => known.url.startsWith("/documents/"));
    expect(documentSource).toMatchObject({
      title: "Ogun State Disability Law (gazette)",
      publisher: "Lagos State Government",
      read: "2013-05-02",
    });

    // The form edits the record's addresses: the document is no address to type, nor to refuse.
    const fields = (await get(amina, "/api/v1/datadesk/records/state/28")).json<{
      record: { fields: { path: string; value: unknown }[] };
    }>().record.fields;
    const addresses = fields.find((field) => field.path === "sources")?.value as string[];
    expect(addresses.some((address) => address.startsWith("/documents/"))).toBe(false);
    const added = await propose(
      amina,
      edit("28", { sources: [...addresses, "https://ogunstate.gov.ng/law"] }, "state"),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((await publish(chidi, added.json<ChangeAnswer>().change.id)).statusCode).toBe(200);
    expect(await stored()).toContainEqual(documentSource);

    // Open data lists the record's web addresses, as a download always did, and no path of this site.
    const csv = await t.app.inject({ method: "GET", url: "/api/v1/open/states.json" });
    const ogun = csv
      .json<{ data: { id: number; sources: string[] }[] }>()
      .data.find((state) => state.id === 28);
    expect(ogun?.sources).toContain("https://ogunstate.gov.ng/law");
    expect(ogun?.sources.filter((address) => !/^https?:\/\//.test(address))).toEqual([]);
  });

  it("closes, reopens and merges schools; a merged school says where it went", async () => {
    const close = await proposed(amina, { kind: "school", recordId: "118", changeKind: "close", ...source });
    expect((await publish(chidi, close.id)).statusCode).toBe(200);
    expect((await record("school", "118")).status).toBe("closed");
    const again = await propose(amina, { kind: "school", recordId: "118", changeKind: "close", ...source });
    expect(again.json<DataDeskFailure>().problems?.[0]?.key).toBe("alreadyClosed");
    const reopen = await proposed(amina, {
      kind: "school",
      recordId: "118",
      changeKind: "reopen",
      ...source,
    });
    expect((await publish(chidi, reopen.id)).statusCode).toBe(200);
    expect((await record("school", "118")).status).toBe("open");

    const self = await propose(amina, {
      kind: "school",
      recordId: "119",
      changeKind: "merge",
      mergeInto: "119",
      ...source,
    });
    expect(self.json<DataDeskFailure>().problems?.[0]?.key).toBe("mergeIntoSelf");
    const merge = await proposed(amina, {
      kind: "school",
      recordId: "119",
      changeKind: "merge",
      mergeInto: "120",
      ...source,
    });
    expect(merge.mergeInto).toBe("120");
    expect((await publish(chidi, merge.id)).statusCode).toBe(200);
    const read = (await get(amina, "/api/v1/datadesk/records/school/119")).json<RecordAnswer>();
    expect(read.record).toMatchObject({ status: "merged", mergedInto: "120", version: 2 });
    expect((await propose(amina, edit("119", { name: "Renamed" }, "school"))).statusCode).toBe(400);
    const stateClose = await propose(amina, {
      kind: "state",
      recordId: "20",
      changeKind: "close",
      ...source,
    });
    expect(stateClose.json<DataDeskFailure>().problems?.[0]?.key).toBe("notForKind");
  });

  it("publishes a change made from a correction and accepts the correction in the same transaction", async () => {
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/v1/corrections",
      payload: { subject: "state", subjectId: 12, whatIsWrong: "Edo's agency has a website now." },
    });
    expect(sent.statusCode).toBe(201);
    const [correction] = await t.db.select().from(corrections).where(eq(corrections.subjectId, 12));
    if (!correction) throw new Error("the correction was not stored");
    const change = await proposed(amina, {
      ...edit("12", { website: "https://edostate.gov.ng/disability" }),
      correctionId: correction.id,
    });
    expect(change.correctionId).toBe(correction.id);
    expect((await publish(chidi, change.id)).statusCode).toBe(200);
    const [accepted] = await t.db.select().from(corrections).where(eq(corrections.id, correction.id));
    expect(accepted?.status).toBe("accepted");
  });

  it("edits a national estimate", async () => {
    const change = await proposed(amina, edit("ndhs-2018", { persons: 2_000_000 }, "estimate"));
    expect(change.fields).toEqual([{ field: "persons", from: null, to: 2_000_000 }]);
    expect((await publish(admin, change.id)).statusCode).toBe(200);
    expect((await record("estimate", "ndhs-2018")).data).toMatchObject({ persons: 2_000_000 });
    expect((await get(amina, "/api/v1/datadesk/records/estimate/_dataset")).statusCode).toBe(404);
  });
});
