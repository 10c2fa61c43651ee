import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { correctionMessages, type CorrectionListAnswer } from "../../domain/corrections/correction-rules";
import { bearer, buildTestApp, emptyTables, type AccountsTestApp } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { signedInAs } from "../../test/server/roles";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";

// /api/v1/corrections: anyone suggests a correction to a state or school record (rate-limited per IP);
// moderators and admins list them and accept or dismiss each, once.

const people = {
  moderator: { email: "ngozi@example.org", firstname: "Ngozi", lastname: "Eze" },
  admin: { email: "tunde@example.org", firstname: "Tunde", lastname: "Okoro" },
  user: { email: "bola@example.org", firstname: "Bola", lastname: "Ola" },
};

const lagosFix = {
  subject: "state",
  subjectId: 25,
  whatIsWrong: "The Lagos law was passed in 2011, and the agency is LASODA.",
  sourceUrl: "https://lasoda.lagosstate.gov.ng/about",
  email: "reader@example.org",
};

const translationFix = {
  subject: "translation",
  language: "ha",
  page: "/ha/states/25",
  whatIsWrong: "“Jiha” is right, but the heading says “Jihar” without the name after it.",
};

describe.each(testDatabaseKinds())("corrections on %s", (kind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let moderator: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildTestApp(database, { config: { correctionRateLimitMax: 3 } });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  let address = 0;
  beforeEach(async () => {
    await emptyTables(t.db);
    // data_changes refers to corrections (and they to it): this file proposes no change.
    await t.db.execute(sql`truncate table corrections cascade`);
    moderator = await signedInAs(t, "moderator", people.moderator);
    address += 1;
  });

  // Each test sends from an address of its own, so the per-IP limit of one test never reaches another.
  const send = (body: object, headers: Record<string, string> = {}, remoteAddress = `10.0.0.${address}`) =>
    t.app.inject({ method: "POST", url: "/api/v1/corrections", payload: body, headers, remoteAddress });
  const list = async (query = "", token = moderator) => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v1/corrections${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<CorrectionListAnswer>();
  };
  const decide = (id: string, status: string, token = moderator) =>
    t.app.inject({
      method: "PATCH",
      url: `/api/v1/corrections/${id}`,
      payload: { status },
      headers: bearer(token),
    });

  it("stores an anonymous correction and shows it to moderators with the record's name", async () => {
    const sent = await send(lagosFix);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ success: true, message: correctionMessages.sent });

    const answer = await list();
    expect(answer.counts).toEqual({ new: 1, accepted: 0, dismissed: 0 });
    expect(answer.corrections).toHaveLength(1);
    expect(answer.corrections[0]).toMatchObject({
      subject: "state",
      subjectId: 25,
      subjectName: "Lagos",
      whatIsWrong: lagosFix.whatIsWrong,
      sourceUrl: lagosFix.sourceUrl,
      email: lagosFix.email,
      status: "new",
      decidedAt: null,
    });
  });

  it("accepts a correction to a school without a source or e-mail, from a signed-in user too", async () => {
    const user = await signedInAs(t, "user", people.user);
    const sent = await send(
      { subject: "school", subjectId: 1, whatIsWrong: "This school has moved to a new address." },
      bearer(user),
    );
    expect(sent.statusCode).toBe(201);
    const [correction] = (await list()).corrections;
    expect(correction).toMatchObject({ subject: "school", sourceUrl: null, email: null });
    expect(correction?.subjectName).not.toBe("Unknown record");
  });

  it("stores a mistake in a translation with its language and page, and no record", async () => {
    // A record's id or a source sent with it are not kept: a translation has neither.
    const sent = await send({
      ...translationFix,
      subjectId: 25,
      sourceUrl: "https://example.org/dictionary",
      page: "  /ha/states/25  ",
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ success: true, message: correctionMessages.sent });
    const pasted = await send({
      ...translationFix,
      language: "pcm",
      page: "https://atlas.example/pcm/about",
    });
    expect(pasted.statusCode).toBe(201);

    const answer = await list();
    expect(answer.counts.new).toBe(2);
    expect(answer.corrections).toEqual([
      expect.objectContaining({
        subject: "translation",
        subjectId: null,
        subjectName: "Hausa",
        language: "ha",
        page: "/ha/states/25",
        whatIsWrong: translationFix.whatIsWrong,
        sourceUrl: null,
        email: null,
      }),
      expect.objectContaining({ subjectName: "Nigerian Pidgin", page: "https://atlas.example/pcm/about" }),
    ]);
    // An e-mailed link's token never reaches the moderators, in a path or a query, pasted whole or not.
    const token = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    // (From another address: this one has used most of the test's limit of 3.)
    for (const page of [
      `/ha/reset-password/${token}`,
      `https://atlas.example/yo/verify-email?token=${token}`,
    ]) {
      expect((await send({ ...translationFix, page }, {}, `10.2.0.${address}`)).statusCode).toBe(201);
    }
    const pages = (await list("?per_page=100")).corrections.map((correction) => correction.page);
    expect(pages).toContain("/ha/reset-password");
    expect(pages).toContain("https://atlas.example/yo/verify-email");
    expect(JSON.stringify(pages)).not.toContain(token);

    // A state's or school's correction still carries its record and no translation fields.
    await send(lagosFix, {}, `10.3.0.${address}`);
    const lagos = (await list("?per_page=100")).corrections.find(
      (correction) => correction.subject === "state",
    );
    expect(lagos).toMatchObject({ subjectId: 25, language: null, page: null });
  });

  it("refuses what it cannot use with a sentence a person can act on, never a 500", async () => {
    const cases: [body: object, message: string, field: string][] = [
      [{ ...lagosFix, whatIsWrong: "wrong" }, correctionMessages.textMissing, "whatIsWrong"],
      [{ ...lagosFix, whatIsWrong: "x".repeat(2001) }, correctionMessages.textTooLong, "whatIsWrong"],
      [{ ...lagosFix, sourceUrl: "javascript:alert(1)" }, correctionMessages.badUrl, "sourceUrl"],
      [{ ...lagosFix, email: "not-an-address" }, correctionMessages.badEmail, "email"],
      [{ ...lagosFix, subjectId: 99 }, correctionMessages.unknownSubject, "subjectId"],
      [{ ...lagosFix, subject: "country" }, correctionMessages.unknownSubject, "subject"],
      [{ ...lagosFix, subject: "school", subjectId: 999999 }, correctionMessages.unknownSubject, "subjectId"],
      [
        { subject: "state", whatIsWrong: lagosFix.whatIsWrong },
        correctionMessages.unknownSubject,
        "subjectId",
      ],
      [{ ...translationFix, language: undefined }, correctionMessages.badLanguage, "language"],
      [{ ...translationFix, language: "en" }, correctionMessages.badLanguage, "language"],
      [{ ...translationFix, language: "fr" }, correctionMessages.badLanguage, "language"],
      [{ ...translationFix, page: "" }, correctionMessages.pageMissing, "page"],
      [{ ...translationFix, page: "   " }, correctionMessages.pageMissing, "page"],
      [{ ...translationFix, page: "//elsewhere.example/ha" }, correctionMessages.pageMissing, "page"],
      [{ ...translationFix, page: "javascript:alert(1)" }, correctionMessages.pageMissing, "page"],
      [{ ...translationFix, page: "/\\evil.example/ha" }, correctionMessages.pageMissing, "page"],
      [{ ...translationFix, page: "/\t/evil.example/ha" }, correctionMessages.pageMissing, "page"],
      [{ ...translationFix, page: `/ha/${"x".repeat(500)}` }, correctionMessages.pageMissing, "page"],
      [{ ...translationFix, whatIsWrong: "wrong" }, correctionMessages.textMissing, "whatIsWrong"],
    ];
    for (const [index, [body, message, field]] of cases.entries()) {
      const response = await send(body, {}, `10.1.${address}.${index}`);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message,
        code: "VALIDATION_FAILED",
        field,
        problem: { key: "request.fieldInvalid", params: { field } },
      });
    }
    expect((await list()).counts.new).toBe(0);
  });

  it("limits corrections per address, saying when to try again", async () => {
    for (let i = 0; i < 3; i++) expect((await send(lagosFix)).statusCode).toBe(201);
    const refused = await send(lagosFix);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json().message).toMatch(/try again in about 60 minutes/);
    expect((await send(lagosFix, {}, "10.9.9.9")).statusCode).toBe(201);
  });

  it("lets a moderator accept one and an admin dismiss another; a second decision is told it lost", async () => {
    await send(lagosFix);
    await send({ ...lagosFix, subjectId: 1, whatIsWrong: "Abia's agency has a new name since 2024." });
    const [first, second] = (await list()).corrections;
    if (!first || !second) throw new Error("two corrections expected");

    const accepted = await decide(first.id, "accepted");
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: correctionMessages.accepted,
      correction: { status: "accepted" },
    });

    const admin = await signedInAs(t, "admin", people.admin);
    expect((await decide(second.id, "dismissed", admin)).statusCode).toBe(200);
    const again = await decide(first.id, "dismissed", admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(correctionMessages.conflict);

    expect((await list()).counts).toEqual({ new: 0, accepted: 1, dismissed: 1 });
    expect((await list("?status=accepted")).corrections.map((c) => c.id)).toEqual([first.id]);
  });

  it("answers 404 for an unknown correction and 400 for an unknown decision or status", async () => {
    expect((await decide("00000000-0000-4000-8000-000000000000", "accepted")).statusCode).toBe(404);
    expect((await decide("not-an-id", "accepted")).statusCode).toBe(404);
    await send(lagosFix);
    const [correction] = (await list()).corrections;
    expect((await decide(correction!.id, "new")).statusCode).toBe(400);
    const badFilter = await t.app.inject({
      method: "GET",
      url: "/api/v1/corrections?status=maybe",
      headers: bearer(moderator),
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toEqual({
      success: false,
      message: correctionMessages.unknownStatusFilter,
      code: "VALIDATION_FAILED",
      field: "status",
      // A query parameter's refusal is said by its code: the web app offers only the statuses it knows.
      problem: { key: "code.VALIDATION_FAILED", params: {} },
    });
  });

  it("keeps the list from users and visitors", async () => {
    const user = await signedInAs(t, "user", people.user);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/corrections" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/corrections", headers: bearer(user) })).statusCode,
    ).toBe(403);
  });

  it("checks who asks before what they ask: a caller refused never learns what the query gets wrong", async () => {
    const user = await signedInAs(t, "user", people.user);
    for (const url of ["/api/v1/corrections?status=closed", "/api/v1/corrections?per_page=1000"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: "GET", url, headers: bearer(user) })).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: "GET", url, headers: bearer(moderator) })).statusCode, url).toBe(
        400,
      );
    }
  });
});
