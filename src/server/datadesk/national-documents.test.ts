import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeAnswer, DataDeskFailure, RecordAnswer, RecordsAnswer } from "../../domain/api/datadesk";
import type { RecordHistoryAnswer } from "../../domain/api/history";
import { bearer, buildTestApp, type AccountsTestApp } from "../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { addDocument } from "../../test/server/publications";
import { idOf, signedInAs } from "../../test/server/roles";
import type { DatabaseHandle } from "../db/database";
import { dataDocuments, dataRecords, users } from "../db/schema";
import { readPublishedData } from "./published-data-db";
import { readSeed, seedDataDesk } from "./seed";
import { addressDetails } from "../../test/server/datadesk";

// The national record's documents: which uploaded PDF is the national policy's text and which
// is the State of Disability Inclusion Report. Proposed with a source and a note like any change, published
// by a second editor, kept in the public history; a field naming a document must name an uploaded PDF.

const amina = { email: "amina.national@example.org", firstname: "Amina", lastname: "Bello" };
const chidi = { email: "chidi.national@example.org", firstname: "Chidi", lastname: "Okeke" };

const source = {
  sourceUrl: "https://ncpwd.gov.ng/sdir-2024",
  ...addressDetails,
  note: "The report as the Commission published it.",
};

describe.each(testDatabaseKinds())("the national record's documents on %s", (databaseKind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let aminaToken: string;
  let chidiToken: string;
  let report: string;
  let policy: string;

  beforeAll(async () => {
    database = await openTestDatabase(databaseKind);
    t = await buildTestApp(database);
    await seedDataDesk(t.db, await readSeed(), t.clock.now());
    aminaToken = await signedInAs(t, "editor", amina);
    chidiToken = await signedInAs(t, "editor", chidi);
    const uploadedBy = await idOf(t.db, amina.email);
    report = await addDocument(t.db, { title: "State of Disability Inclusion Report 2024", uploadedBy });
    policy = await addDocument(t.db, { title: "Disability Act 2018 (Official Gazette)", uploadedBy });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  const get = (token: string | null, url: string) =>
    t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
  const propose = (token: string, fields: object) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/datadesk/changes",
      headers: bearer(token),
      payload: { kind: "country", recordId: "NG", changeKind: "edit", fields, ...source },
    });
  const publish = (token: string, id: string) =>
    t.app.inject({ method: "POST", url: `/api/v1/datadesk/changes/${id}/publish`, headers: bearer(token) });

  async function countryData() {
    const [row] = await t.db
      .select({ data: dataRecords.data, version: dataRecords.version })
      .from(dataRecords)
      .where(and(eq(dataRecords.kind, "country"), eq(dataRecords.id, "NG")));
    if (!row) throw new Error("the country record was not seeded");
    return row;
  }

  it("lists the national record on the desk with its two document fields, empty as seeded", async () => {
    const found = await get(aminaToken, "/api/v1/datadesk/records?kind=country");
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<RecordsAnswer>().records).toMatchObject([
      { kind: "country", id: "NG", name: "Nigeria" },
    ]);

    const opened = await get(aminaToken, "/api/v1/datadesk/records/country/NG");
    expect(opened.statusCode, opened.body).toBe(200);
    const fields = opened.json<RecordAnswer>().record.fields;
    expect(fields.map((field) => [field.path, field.type, field.value, field.label])).toEqual([
      ["policy.document_id", "document", null, "datadesk.field.country.policy.document_id"],
      ["sdir.document_id", "document", null, "datadesk.field.country.sdir.document_id"],
    ]);
  });

  it("refuses a document id that names no uploaded PDF, in the editor's language, and stores nothing", async () => {
    const unknown = "0b7f3c1e-52d4-4c1e-9f57-0d3f0a6c9a11";
    const refused = await propose(aminaToken, { "sdir.document_id": unknown });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<DataDeskFailure>()).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "fields.sdir.document_id",
      message: "Please choose an uploaded document, or leave it empty.",
    });

    const malformed = await propose(aminaToken, { "policy.document_id": "the-act.pdf" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<DataDeskFailure>().problems).toEqual([
      expect.objectContaining({ field: "fields.policy.document_id", key: "document" }),
    ]);

    // Only PDFs are ever stored; a row of another type (none can be uploaded) is no document to link.
    const notPdf = await addDocument(t.db, {
      title: "A web page",
      uploadedBy: await idOf(t.db, amina.email),
    });
    await t.db.update(dataDocuments).set({ contentType: "text/html" }).where(eq(dataDocuments.id, notPdf));
    const html = await propose(aminaToken, { "sdir.document_id": notPdf });
    expect(html.statusCode).toBe(400);
    expect(html.json<DataDeskFailure>().problems).toEqual([
      expect.objectContaining({ field: "fields.sdir.document_id", key: "document" }),
    ]);

    await t.db.update(users).set({ language: "ha" }).where(eq(users.email, chidi.email));
    const inHausa = await propose(chidiToken, { "sdir.document_id": unknown });
    expect(inHausa.json<DataDeskFailure>().message).toBe(
      "Da fatan ka zaɓi takardar da aka ɗora, ko ka bar shi babu komai.",
    );
    await t.db.update(users).set({ language: "en" }).where(eq(users.email, chidi.email));

    const listed = await get(aminaToken, "/api/v1/datadesk/changes?kind=country");
    expect(listed.json<{ changes: unknown[] }>().changes).toEqual([]);
  });

  it("refuses the national record's other facts: only its documents are edited on the desk", async () => {
    const refused = await propose(aminaToken, { "policy.title": "Another Act" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<DataDeskFailure>().problems).toEqual([
      expect.objectContaining({ field: "fields.policy.title", key: "unknownField" }),
    ]);
  });

  it("publishes the SDIR report and the policy's text by a second editor; the pages' data and the history follow", async () => {
    const before = await countryData();
    const response = await propose(aminaToken, { "sdir.document_id": report, "policy.document_id": policy });
    expect(response.statusCode, response.body).toBe(201);
    const change = response.json<ChangeAnswer>().change;
    // In the order fields.ts describes them.
    expect(change.fields).toEqual([
      { field: "policy.document_id", from: null, to: policy },
      { field: "sdir.document_id", from: null, to: report },
    ]);
    expect(change.recordName).toBe("Nigeria");

    // Nobody publishes their own change.
    expect((await publish(aminaToken, change.id)).statusCode).toBe(403);
    const published = await publish(chidiToken, change.id);
    expect(published.statusCode, published.body).toBe(200);

    const after = await countryData();
    expect(after.version).toBe(before.version + 1);
    const data = await readPublishedData(t.db);
    expect(data.country.sdir?.document_id).toBe(report);
    expect(data.country.policy.document_id).toBe(policy);
    // The rest of the record is as it was.
    expect(data.country.policy.title).toBe((before.data as { policy: { title: string } }).policy.title);

    const history = await get(null, "/api/v1/open/history/country/NG");
    expect(history.statusCode, history.body).toBe(200);
    const [entry] = history.json<RecordHistoryAnswer>().data;
    expect(entry).toMatchObject({
      id: change.id,
      kind: "country",
      record_name: "Nigeria",
      note: source.note,
      source: { url: source.sourceUrl, document: null },
      fields: [
        { field: "policy.document_id", label: "National policy document (PDF)", from: null, to: policy },
        {
          field: "sdir.document_id",
          label: "State of Disability Inclusion Report (PDF)",
          from: null,
          to: report,
        },
      ],
    });

    // Setting it back to none is a change like any other.
    const cleared = await propose(aminaToken, { "sdir.document_id": "" });
    expect(cleared.statusCode, cleared.body).toBe(201);
    expect(cleared.json<ChangeAnswer>().change.fields).toEqual([
      { field: "sdir.document_id", from: report, to: "" },
    ]);
  });
});
