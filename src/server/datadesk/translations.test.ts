import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChangeAnswer, DataDeskFailure, RecordAnswer } from "../../domain/api/datadesk";
import type { PublishedChangesAnswer } from "../../domain/api/history";
import { readerText, withTranslationsIn } from "../../domain/datasets/reader-text";
import { bearer, buildTestApp, type AccountsTestApp } from "../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { signedInAs } from "../../test/server/roles";
import type { DatabaseHandle } from "../db/database";
import { users } from "../db/schema";
import type { PublishedDataSource } from "./published-data";
import { databasePublishedData } from "./published-data-db";
import { readSeed, seedDataDesk } from "./seed";
import { addressDetails } from "../../test/server/datadesk";

// Translations of the texts readers read: proposed as changes (`translations.<lang>.<field>`),
// held to the English field's rules, published by a second editor, and from then on in the published data
// the public pages are rendered from (a page in that language shows them; the others still English).

const BAUCHI = "5";
// A publication reaches the published data by NOTIFY (within 10 s by the poll otherwise); a busy machine
// may take longer.
const WAIT = { timeout: 30_000, interval: 20 };
const source = {
  sourceUrl: "https://example.org/bauchi-hausa",
  ...addressDetails,
  note: "Translated by Halima, read by Musa.",
};
const overview = "Jihar Bauchi ta zartar da dokar kare haƙƙin masu nakasa a shekarar 2020.";
const findings = [
  "Gine-gine: Yawancin ofisoshin gwamnati ba su da hanyar shiga ga masu keken guragu.",
  "Ilimi: Akwai makarantun musamman kaɗan a jihar.",
  "Lafiya: Asibitoci ba su da masu fassarar yaren kurame.",
  "Aiki: Masu nakasa kaɗan ne ke da aikin gwamnati.",
  "Tallafi: Shirye-shiryen tallafi ba sa kaiwa karkara.",
];

describe.each(testDatabaseKinds())("translations on the data desk on %s", (databaseKind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let published: PublishedDataSource;
  /** Halima proposes (she reads the desk in Hausa); Musa reviews. */
  let halima: string;
  let musa: string;

  beforeAll(async () => {
    database = await openTestDatabase(databaseKind);
    t = await buildTestApp(database);
    await seedDataDesk(t.db, await readSeed(), t.clock.now());
    halima = await signedInAs(t, "editor", {
      email: "halima.translator@example.org",
      firstname: "Halima",
      lastname: "Sani",
    });
    musa = await signedInAs(t, "editor", {
      email: "musa.editor@example.org",
      firstname: "Musa",
      lastname: "Ali",
    });
    await t.db.update(users).set({ language: "ha" }).where(eq(users.email, "halima.translator@example.org"));
    published = databasePublishedData(database, { pollIntervalMs: null });
  });
  afterAll(async () => {
    await published.close();
    await t.app.close();
    await database.close();
  });

  const propose = (token: string, fields: object, recordId = BAUCHI, kind = "state") =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/datadesk/changes",
      headers: bearer(token),
      payload: { kind, recordId, changeKind: "edit", fields, ...source },
    });
  const bauchiNow = async () =>
    (await published.current()).states.find((state) => String(state.id) === BAUCHI)!;

  it("refuses HTML, a text longer than its English field allows, and a language other than ha, yo, ig, pcm", async () => {
    const html = await propose(halima, { "translations.ha.desc": "Duba <a href='x'>nan</a>" });
    expect(html.statusCode).toBe(400);
    expect(html.json<DataDeskFailure>()).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "fields.translations.ha.desc",
      // In Halima's language.
      message: "Da fatan ka cire alamun HTML (rubutu tsakanin < da >): shafuka suna nuna rubutu kawai.",
    });
    const long = await propose(halima, { "translations.ha.desc": "a".repeat(3001) });
    expect(long.json<DataDeskFailure>().problems).toEqual([
      expect.objectContaining({ field: "fields.translations.ha.desc", key: "tooLong" }),
    ]);
    const longFinding = await propose(halima, {
      "translations.ha.key_findings": [...findings.slice(0, 4), "a".repeat(1001)],
    });
    expect(longFinding.statusCode).toBe(400);
    expect(longFinding.json<DataDeskFailure>().problems?.[0]?.key).toBe("tooLong");
    for (const fields of [{ "translations.fr.desc": "Texte." }, { "translations.en.desc": "Text." }]) {
      const refused = await propose(halima, fields);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
      expect(refused.json<DataDeskFailure>().problems?.[0]?.key).toBe("unknownField");
    }
    expect((await propose(halima, { "translations.ha.agency": "Hukuma" })).statusCode).toBe(400);
  });

  it("keeps a proposed translation a draft: on the desk for editors, never in the published data", async () => {
    const sent = await propose(halima, {
      "translations.ha.desc": overview,
      "translations.ha.key_findings": findings,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const change = sent.json<ChangeAnswer>().change;
    expect(change.fields).toEqual([
      { field: "translations.ha.desc", from: null, to: overview },
      { field: "translations.ha.key_findings", from: null, to: findings },
    ]);

    const desk = await t.app.inject({
      method: "GET",
      url: `/api/v1/datadesk/records/state/${BAUCHI}`,
      headers: bearer(musa),
    });
    const record = desk.json<RecordAnswer>();
    expect(record.changes.map((proposed) => proposed.id)).toEqual([change.id]);
    // The form's box is still empty, beside the English it translates.
    const field = record.record.fields.find((one) => one.path === "translations.ha.desc");
    expect(field).toMatchObject({ language: "ha", value: null, maxLength: 3000 });

    const bauchi = await bauchiNow();
    expect(bauchi.translations).toBeUndefined();
    expect(readerText(bauchi, "desc", "ha")).toEqual({ value: bauchi.desc, language: "en" });

    // Musa publishes it; the published data (what pages are rendered from) then holds it.
    const answer = await t.app.inject({
      method: "POST",
      url: `/api/v1/datadesk/changes/${change.id}/publish`,
      headers: bearer(musa),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await vi.waitFor(
      async () =>
        expect((await bauchiNow()).translations).toEqual({ ha: { desc: overview, key_findings: findings } }),
      WAIT,
    );
    const after = await bauchiNow();
    expect(readerText(after, "desc", "ha")).toEqual({ value: overview, language: "ha" });
    expect(readerText(after, "key_findings", "ha")).toEqual({ value: findings, language: "ha" });
    // A Yoruba page still shows the English, marked as English; the English field is untouched.
    expect(readerText(after, "desc", "yo")).toEqual({ value: bauchi.desc, language: "en" });
    expect(after.desc).toBe(bauchi.desc);
    // The Hausa page's data carries the Hausa only, an English page none.
    expect(withTranslationsIn(after, "ha").translations).toEqual({
      ha: { desc: overview, key_findings: findings },
    });
    expect(withTranslationsIn(after, "en").translations).toBeUndefined();

    // The public history lists it, in the record's history, with its language.
    const history = await t.app.inject({ method: "GET", url: `/api/v1/open/history/state/${BAUCHI}` });
    expect(history.statusCode).toBe(200);
    expect(history.json<PublishedChangesAnswer>().data[0]?.fields).toEqual([
      expect.objectContaining({ field: "translations.ha.desc", from: null, to: overview }),
      expect.objectContaining({ field: "translations.ha.key_findings", from: null, to: findings }),
    ]);
  });

  it("publishes a school's description in Pidgin the same way", async () => {
    const description = "Dis school na for pikin wey no fit see well.";
    const sent = await propose(musa, { "translations.pcm.desc": description }, "1", "school");
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json<ChangeAnswer>().change.id;
    const answer = await t.app.inject({
      method: "POST",
      url: `/api/v1/datadesk/changes/${id}/publish`,
      headers: bearer(halima),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const school = async () => (await published.current()).schools.find((one) => one.id === 1)!;
    await vi.waitFor(
      async () =>
        expect(readerText(await school(), "desc", "pcm")).toEqual({ value: description, language: "pcm" }),
      WAIT,
    );
    expect(readerText(await school(), "desc", "ha").language).toBe("en");
  });
});
