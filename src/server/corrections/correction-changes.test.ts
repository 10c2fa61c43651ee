import type { RecordHistoryAnswer } from "../../domain/api/history";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CorrectionView } from "../../domain/corrections/correction-rules";
import type { ChangeAnswer } from "../../domain/api/datadesk";
import { bearer, buildTestApp, PUBLIC_URL, type AccountsTestApp } from "../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { signedInAs } from "../../test/server/roles";
import type { DatabaseHandle } from "../db/database";
import { corrections, dataChanges, mailOutbox, users } from "../db/schema";
import { readSeed, seedDataDesk } from "../datadesk/seed";
import { emailText } from "../mail/compose";
import { addressDetails } from "../../test/server/datadesk";

// Corrections become changes: an editor starts a data desk change from a visitor's correction;
// its publication accepts the correction, links the change from it and queues one e-mail to the sender, in
// their language, when they left an address. Nothing is sent for a rejected change, nor a second time.

const people = {
  amina: { email: "amina.editor@example.org", firstname: "Amina", lastname: "Bello" },
  chidi: { email: "chidi.editor@example.org", firstname: "Chidi", lastname: "Okeke" },
  moderator: { email: "musa.moderator@example.org", firstname: "Musa", lastname: "Ade" },
  visitor: { email: "ngozi.visitor@example.org", firstname: "Ngozi", lastname: "Eze" },
};

const source = {
  sourceUrl: "https://kanostate.gov.ng/disability-law",
  ...addressDetails,
  note: "Checked the gazette.",
};

describe.each(testDatabaseKinds())("corrections become changes on %s", (databaseKind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let amina: string;
  let chidi: string;
  let moderator: string;
  let visitor: string;

  beforeAll(async () => {
    database = await openTestDatabase(databaseKind);
    t = await buildTestApp(database);
    await seedDataDesk(t.db, await readSeed(), t.clock.now());
    amina = await signedInAs(t, "editor", people.amina);
    chidi = await signedInAs(t, "editor", people.chidi);
    moderator = await signedInAs(t, "moderator", people.moderator);
    visitor = await signedInAs(t, "user", people.visitor);
    await t.db.update(users).set({ language: "yo" }).where(eq(users.email, people.visitor.email));
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  /** Sends a correction as a visitor (signed in when `token` is given); returns its id. */
  async function suggested(body: object, token?: string): Promise<string> {
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/v1/corrections",
      payload: body,
      ...(token ? { headers: bearer(token) } : {}),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [row] = await t.db
      .select({ id: corrections.id })
      .from(corrections)
      .orderBy(desc(corrections.createdAt), desc(corrections.id))
      .limit(1);
    if (!row) throw new Error("the correction was not stored");
    return row.id;
  }

  async function proposedFrom(correctionId: string, recordId: string, fields: object): Promise<string> {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/datadesk/changes",
      headers: bearer(amina),
      payload: { kind: "state", recordId, changeKind: "edit", fields, ...source, correctionId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ChangeAnswer>().change.id;
  }

  const publish = (id: string) =>
    t.app.inject({ method: "POST", url: `/api/v1/datadesk/changes/${id}/publish`, headers: bearer(chidi) });

  const mailTo = (address: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

  async function correction(id: string) {
    const [row] = await t.db.select().from(corrections).where(eq(corrections.id, id));
    if (!row) throw new Error(`no correction ${id}`);
    return row;
  }

  it("lets an editor read one correction, without the sender's address", async () => {
    const id = await suggested({
      subject: "state",
      subjectId: 20,
      whatIsWrong: "Kano passed its disability law in 2022.",
      sourceUrl: "https://kanostate.gov.ng/law",
      email: "reader@example.org",
    });
    const read = await t.app.inject({
      method: "GET",
      url: `/api/v1/corrections/${id}`,
      headers: bearer(amina),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ correction: CorrectionView }>().correction).toMatchObject({
      id,
      subject: "state",
      subjectId: 20,
      subjectName: "Kano",
      whatIsWrong: "Kano passed its disability law in 2022.",
      sourceUrl: "https://kanostate.gov.ng/law",
      email: null,
      status: "new",
      changeId: null,
    });
    // The queue too: an editor sees it, without who sent it; a moderator sees the address.
    const queue = (token: string) =>
      t.app.inject({ method: "GET", url: "/api/v1/corrections", headers: bearer(token) });
    const editorQueue = await queue(amina);
    expect(editorQueue.statusCode).toBe(200);
    const editorView = editorQueue
      .json<{ corrections: CorrectionView[] }>()
      .corrections.find((item) => item.id === id);
    expect(editorView?.email).toBeNull();
    const moderatorView = (await queue(moderator))
      .json<{ corrections: CorrectionView[] }>()
      .corrections.find((item) => item.id === id);
    expect(moderatorView?.email).toBe("reader@example.org");
  });

  it("answers 404 for a correction that does not exist, and 403 to a moderator", async () => {
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/v1/corrections/00000000-0000-4000-8000-000000000000",
      headers: bearer(amina),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe("That correction does not exist.");
    const malformed = await t.app.inject({
      method: "GET",
      url: "/api/v1/corrections/not-an-id",
      headers: bearer(amina),
    });
    expect(malformed.statusCode).toBe(404);
    const id = await suggested({ subject: "state", subjectId: 21, whatIsWrong: "Katsina's score is old." });
    const refused = await t.app.inject({
      method: "GET",
      url: `/api/v1/corrections/${id}`,
      headers: bearer(moderator),
    });
    expect(refused.statusCode).toBe(403);
  });

  it("refuses a change that names another record's correction", async () => {
    const id = await suggested({ subject: "state", subjectId: 20, whatIsWrong: "Kano's score is old." });
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/v1/datadesk/changes",
      headers: bearer(amina),
      payload: {
        kind: "state",
        recordId: "21",
        changeKind: "edit",
        fields: { website: "https://katsinastate.gov.ng" },
        ...source,
        correctionId: id,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ problems: { field: string; key: string }[] }>().problems).toEqual([
      expect.objectContaining({ field: "correctionId", key: "correctionOtherRecord" }),
    ]);
  });

  it("accepts the correction, links the change and e-mails a Hausa suggester once, in Hausa", async () => {
    const address = "hauwa@example.org";
    const id = await suggested({
      subject: "state",
      subjectId: 20,
      whatIsWrong: "Kano's agency has a website.",
      sourceUrl: "https://kanostate.gov.ng/agency",
      email: address,
      pageLanguage: "ha",
    });
    expect((await correction(id)).senderLanguage).toBe("ha");
    const changeId = await proposedFrom(id, "20", { website: "https://kanostate.gov.ng/agency" });
    expect(await mailTo(address)).toHaveLength(0);
    const published = await publish(changeId);
    expect(published.statusCode, published.body).toBe(200);

    const accepted = await correction(id);
    expect(accepted.status).toBe("accepted");
    expect(accepted.changeId).toBe(changeId);
    const [change] = await t.db.select().from(dataChanges).where(eq(dataChanges.id, changeId));
    expect(change?.correctionId).toBe(id);
    // The record's public history says the change came from a visitor's correction, naming nobody.
    const history = await t.app.inject({ method: "GET", url: "/api/v1/open/history/state/20" });
    const entry = history.json<RecordHistoryAnswer>().data.find((item) => item.id === changeId);
    expect(entry?.from_correction).toBe(true);
    expect(history.body).not.toContain(address);

    const mails = await mailTo(address);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const hausa = emailText("ha");
    expect(mail?.subject).toBe(hausa("correctionUsed.subject"));
    expect(mail?.textBody).toContain(hausa("correctionUsed.body", { name: "Kano" }));
    expect(mail?.textBody).toContain(`${PUBLIC_URL}/ha/states/20/history`);
    expect(mail?.htmlBody).toContain('<html lang="ha">');

    // A second change from the same correction is published, and nothing more is sent.
    const again = await proposedFrom(id, "20", { website: "https://kanostate.gov.ng/agency/disability" });
    expect((await publish(again)).statusCode).toBe(200);
    expect(await mailTo(address)).toHaveLength(1);
    expect((await correction(id)).changeId).toBe(changeId);
  });

  it("writes in the sender's account language when the page's is not known", async () => {
    const id = await suggested(
      {
        subject: "state",
        subjectId: 24,
        whatIsWrong: "Kwara's agency moved.",
        email: people.visitor.email,
        pageLanguage: "xx",
      },
      visitor,
    );
    expect((await correction(id)).senderLanguage).toBeNull();
    const changeId = await proposedFrom(id, "24", { website: "https://kwarastate.gov.ng/agency" });
    expect((await publish(changeId)).statusCode).toBe(200);
    const mails = (await mailTo(people.visitor.email)).filter(
      (mail) => mail.subject === emailText("yo")("correctionUsed.subject"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(`${PUBLIC_URL}/yo/states/24/history`);
  });

  it("sends nothing when the suggester left no address", async () => {
    const before = await t.db.select({ id: mailOutbox.id }).from(mailOutbox);
    const id = await suggested({
      subject: "state",
      subjectId: 25,
      whatIsWrong: "Lagos' agency has a new website.",
      pageLanguage: "ha",
    });
    const changeId = await proposedFrom(id, "25", { website: "https://lagosstate.gov.ng/lasodp" });
    expect((await publish(changeId)).statusCode).toBe(200);
    expect((await correction(id)).status).toBe("accepted");
    expect(await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).toHaveLength(before.length);
  });

  it("sends nothing and leaves the correction new when the change is rejected", async () => {
    const address = "bola@example.org";
    const id = await suggested({
      subject: "state",
      subjectId: 30,
      whatIsWrong: "Osun's law was amended.",
      email: address,
      pageLanguage: "yo",
    });
    const changeId = await proposedFrom(id, "30", { website: "https://osunstate.gov.ng/disability" });
    const rejected = await t.app.inject({
      method: "POST",
      url: `/api/v1/datadesk/changes/${changeId}/reject`,
      headers: bearer(chidi),
      payload: { reason: "The gazette says otherwise." },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const left = await correction(id);
    expect(left.status).toBe("new");
    expect(left.changeId).toBeNull();
    expect(await mailTo(address)).toHaveLength(0);
    const [change] = await t.db
      .select({ status: dataChanges.status })
      .from(dataChanges)
      .where(and(eq(dataChanges.id, changeId), eq(dataChanges.correctionId, id)));
    expect(change?.status).toBe("rejected");
  });
});
