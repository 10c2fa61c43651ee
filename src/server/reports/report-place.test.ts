import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountMessages } from "../../domain/accounts/messages";
import { placeMessages } from "../../domain/reports/report-place";
import { alice, emptyTables, signedInUser } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { eyewitnessReports, reportMedia } from "../db/schema";
import { revealingVideo } from "../../test/server/videos";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  buildReportsTestApp,
  emptyUploads,
  fieldParts,
  filesIn,
  mediaPart,
  smallJpeg,
  submitReport,
  type ReportFieldChanges,
  type ReportsTestApp,
  type SubmittedAnswer,
} from "../../test/server/reports";

// POST /api/v1/eyewitness: where and when it happened, how much of the place is published, and
// the reporter's word that the people shown agreed. Every rule and sentence is report-place.ts's.

describe.each(testDatabaseKinds())("a report's place, date and consent on %s", (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildReportsTestApp(database);
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(async () => {
    await emptyTables(database.db);
    await emptyUploads(t);
    token = await signedInUser(t.app, t.db);
  });

  const rows = async () => ({
    reports: await t.db.select().from(eyewitnessReports),
    media: await t.db.select().from(reportMedia),
  });

  async function expectRefused(response: Awaited<ReturnType<typeof submitReport>>, message: string) {
    // Every place, date and consent rule names the form field it is about.
    expect(response.json(), message).toEqual({
      success: false,
      message,
      code: "VALIDATION_FAILED",
      field: expect.any(String),
      problem: { key: "code.VALIDATION_FAILED", params: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(await rows()).toEqual({ reports: [], media: [] });
    expect(await filesIn(t)).toEqual([]);
  }

  const submit = (changes: ReportFieldChanges) => submitReport(t.app, token, fieldParts(changes));

  it("refuses each missing or wrong place field with its own sentence, storing nothing", async () => {
    const cases: [ReportFieldChanges, string][] = [
      [{ stateId: null }, placeMessages.chooseState],
      [{ stateId: " " }, placeMessages.chooseState],
      [{ stateId: "0" }, placeMessages.chooseState],
      [{ stateId: "38" }, placeMessages.chooseState],
      [{ stateId: "Lagos" }, placeMessages.chooseState],
      [{ lga: null }, placeMessages.chooseLga],
      [{ lga: "  " }, placeMessages.chooseLga],
      [{ lga: "Atlantis" }, placeMessages.lgaNotInState("Lagos")],
      [{ place: "p".repeat(121) }, placeMessages.placeTooLong],
      [{ place: "Yaba\nmarket" }, placeMessages.placeHasHiddenCharacters],
      [{ place: "Yaba \u202Etekram" }, placeMessages.placeHasHiddenCharacters],
      [{ place: "Yaba\u200Bmarket" }, placeMessages.placeHasHiddenCharacters],
      [{ occurredOn: null }, placeMessages.chooseDate],
      [{ occurredOn: "" }, placeMessages.chooseDate],
      [{ occurredOn: "27/02/2026" }, placeMessages.invalidDate],
      [{ occurredOn: "2026-02-30" }, placeMessages.invalidDate],
      [{ occurredOn: "1959-12-31" }, placeMessages.dateTooEarly],
      [{ placePrecision: "town" }, placeMessages.unknownPrecision],
      [{ placePrecision: "place" }, placeMessages.precisionNeedsPlace],
      [{ placePrecision: "place", place: "   " }, placeMessages.precisionNeedsPlace],
    ];
    for (const [change, message] of cases) await expectRefused(await submit(change), message);
  });

  it("refuses an LGA of another state, naming the state chosen", async () => {
    await expectRefused(await submit({ lga: "Kano Municipal" }), placeMessages.lgaNotInState("Lagos"));
    await expectRefused(await submit({ stateId: "20", lga: "Ikeja" }), placeMessages.lgaNotInState("Kano"));
  });

  it("refuses line breaks, bidi overrides and zero-width characters in the reporter's names", async () => {
    for (const name of ["Amina\nBello", "Ami\u2028na", "Ami\u202Ena", "Am\u200Bina", "Amina\u0007"]) {
      await expectRefused(await submit({ firstName: name }), accountMessages.nameHasControlCharacters);
      await expectRefused(await submit({ lastName: name }), accountMessages.nameHasControlCharacters);
    }
    expect((await submit({ firstName: "Ọlápọ̀", lastName: "D'Souza-Ìbàdàn" })).statusCode).toBe(201);
  });

  it("stores the place as the registry spells it, the place name trimmed, and answers with all of it", async () => {
    const response = await submit({
      stateId: " 25 ",
      lga: "  lagos   MAINLAND ",
      place: "  Yaba bus terminal ",
      placePrecision: " Place ",
      occurredOn: "2026-03-01",
    });

    expect(response.statusCode, response.body).toBe(201);
    const { report } = response.json<SubmittedAnswer>();
    expect(report.place).toEqual({
      stateId: 25,
      state: "Lagos",
      lga: "Lagos Mainland",
      place: "Yaba bus terminal",
      occurredOn: "2026-03-01",
      precision: "place",
    });
    expect((await rows()).reports[0]).toMatchObject({
      stateId: 25,
      lga: "Lagos Mainland",
      placeName: "Yaba bus terminal",
      occurredOn: "2026-03-01",
      placePrecision: "place",
    });
  });

  it("publishes the state alone unless the reporter chooses more, and keeps an empty place as none", async () => {
    const response = await submit({ place: "", placePrecision: null });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SubmittedAnswer>().report.place).toMatchObject({ place: null, precision: "state" });
    expect((await rows()).reports[0]).toMatchObject({ placeName: null, placePrecision: "state" });
  });

  describe("the date it happened, by the day in Nigeria (UTC+1)", () => {
    const moveClockTo = (iso: string) => t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());

    it("refuses tomorrow at 23:59 UTC and accepts it once midnight has passed in Nigeria", async () => {
      // 22:59 UTC on 14 March is 23:59 in Nigeria: the 15th is still the future.
      moveClockTo("2026-03-14T22:59:00.000Z");
      token = await signedInUser(t.app, t.db, { ...alice, email: "late@example.org" });
      await expectRefused(await submit({ occurredOn: "2026-03-15" }), placeMessages.dateInFuture);
      expect((await submit({ occurredOn: "2026-03-14" })).statusCode).toBe(201);

      // 23:30 UTC on 14 March is 00:30 on the 15th in Nigeria, though still the 14th in UTC.
      moveClockTo("2026-03-14T23:30:00.000Z");
      const today = await submit({ occurredOn: "2026-03-15" });
      expect(today.statusCode, today.body).toBe(201);
      expect(today.json<SubmittedAnswer>().report.place?.occurredOn).toBe("2026-03-15");
      const future = await submit({ occurredOn: "2026-03-16" });
      expect(future.json()).toEqual({
        success: false,
        message: placeMessages.dateInFuture,
        code: "VALIDATION_FAILED",
        field: "occurredOn",
        problem: { key: "code.VALIDATION_FAILED", params: {} },
      });
      expect((await rows()).reports).toHaveLength(2);
    });
  });

  describe("the people shown", () => {
    it("needs the reporter's confirmation with a photo, and keeps no file when it is missing", async () => {
      const photo = mediaPart("ramp.jpg", "image/jpeg", await smallJpeg());
      for (const consent of [null, "", "no", "false"]) {
        await expectRefused(
          await submitReport(t.app, token, [...fieldParts({ peopleConsent: consent }), photo]),
          placeMessages.consentRequired,
        );
      }
      // The confirmation may even come after the files: it is checked once every part is known.
      const late = await submitReport(t.app, token, [
        ...fieldParts({ peopleConsent: null }),
        photo,
        { name: "peopleConsent", value: "on" },
      ]);
      expect(late.statusCode, late.body).toBe(201);
      expect(late.json<SubmittedAnswer>().report.peopleConsent).toBe(true);
    });

    it("needs it with a video file, and leaves no file behind without it", async () => {
      const video = mediaPart("ramp.mp4", "video/mp4", await revealingVideo("mp4"));
      await expectRefused(
        await submitReport(t.app, token, [...fieldParts({ peopleConsent: null }), video]),
        placeMessages.consentRequired,
      );
      const response = await submitReport(t.app, token, [...fieldParts({ peopleConsent: "1" }), video]);
      expect(response.statusCode, response.body).toBe(201);
      expect((await rows()).reports[0]).toMatchObject({ peopleConsent: true });
    });

    it("needs it with a video link", async () => {
      const videoUrl = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
      await expectRefused(await submit({ videoUrl, peopleConsent: null }), placeMessages.consentRequired);
      expect((await submit({ videoUrl, peopleConsent: "true" })).statusCode).toBe(201);
    });

    it("is not asked of a report without media, and is stored as given", async () => {
      const without = await submit({ peopleConsent: null });
      expect(without.statusCode, without.body).toBe(201);
      expect(without.json<SubmittedAnswer>().report.peopleConsent).toBe(false);
      const given = await submit({ peopleConsent: "On" });
      expect(given.json<SubmittedAnswer>().report.peopleConsent).toBe(true);
      const stored = await t.db.select().from(eyewitnessReports);
      expect(stored.map((report) => report.peopleConsent).sort()).toEqual([false, true]);
    });
  });
});
