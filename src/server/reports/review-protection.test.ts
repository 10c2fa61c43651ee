import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PublishedReportAnswer, ReviewReportView } from "../../domain/reports/review-rules";
import type { OwnReportView } from "../../domain/reports/report-rules";
import { publicTextMessages } from "../../domain/reports/review-rules";
import { bearer, emptyTables } from "../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { seedAtStartUp } from "../datadesk/seed";
import {
  buildReportsTestApp,
  decide,
  emptyUploads,
  mediaPart,
  reportOf,
  signedInAs,
  variantsMade,
  type ReportsTestApp,
} from "../../test/server/reports";
import type { DatabaseHandle } from "../db/database";
import { auditLog, reportMedia } from "../db/schema";

// What goes public is what a moderator saw and confirmed: the findings of the public text, redaction and
// edits of a public text kept apart from the reporter's original (with the history of each change), the
// confirmation publishing needs, blurred and hidden photos (the unblurred photo never served to the
// public), and the reporter's withdrawal.

const people = {
  reporter: { email: "hauwa@example.org", firstname: "Hauwa", lastname: "Danjuma" },
  moderator: { email: "ngozi.eze@example.org", firstname: "Ngozi", lastname: "Eze" },
};

/** The report: Kaduna, published by state only, naming a clinic, a phone and her own surname. */
const kawoReport = {
  firstName: "Hauwa",
  lastName: "Danjuma",
  comment: "No ramp at General Hospital Kawo. Call Mrs Danjuma on 0803 123 4567 to see it.",
  stateId: "19",
  lga: "Kaduna North",
  occurredOn: "2026-02-27",
};

type ReviewAnswer = { success: true; report: ReviewReportView; preview: PublishedReportAnswer["report"] };

/** Two halves: red on the left, blue on the right, so a blur of the left half shows in its pixels. */
function twoColourPhoto(): Promise<Buffer> {
  const half = { width: 200, height: 200, channels: 3 as const };
  return sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([
      {
        input: {
          create: { ...half, background: { r: 255, g: 0, b: 0 } },
        },
        left: 0,
        top: 0,
      },
      // A sharp-edged white square in the red half: blurred, its edge must be gone.
      { input: { create: { width: 40, height: 40, channels: 3, background: "#ffffff" } }, left: 80, top: 80 },
    ])
    .png()
    .toBuffer();
}

async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.round(y * info.height) * info.width + Math.round(x * info.width)) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

/**
 * The mean difference per channel between `copy` and the original scaled to its size, inside and
 * outside a rectangle given as fractions.
 */
async function differenceFrom(
  original: Buffer,
  copy: Buffer,
  box: { x: number; y: number; w: number; h: number },
): Promise<{ inside: number; outside: number }> {
  const seen = await sharp(copy).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = seen.info;
  const expected = await sharp(original)
    .resize(width, height, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer();
  const sums = { inside: 0, insideCount: 0, outside: 0, outsideCount: 0 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const fx = x / width;
      const fy = y / height;
      // A margin of 5% around the rectangle's edge, where scaling mixes both.
      const inside =
        fx > box.x + 0.02 && fx < box.x + box.w - 0.02 && fy > box.y + 0.02 && fy < box.y + box.h - 0.02;
      const outside =
        fx < box.x - 0.05 || fx > box.x + box.w + 0.05 || fy < box.y - 0.05 || fy > box.y + box.h + 0.05;
      if (!inside && !outside) continue;
      let difference = 0;
      for (let channel = 0; channel < 3; channel++) {
        const at = (y * width + x) * 3 + channel;
        difference += Math.abs(seen.data[at]! - expected[at]!);
      }
      if (inside) {
        sums.inside += difference / 3;
        sums.insideCount++;
      } else {
        sums.outside += difference / 3;
        sums.outsideCount++;
      }
    }
  }
  return { inside: sums.inside / sums.insideCount, outside: sums.outside / sums.outsideCount };
}

describe.each(testDatabaseKinds())("review that protects on %s", (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let reporter: string;
  let moderator: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Open data is made from the published data, as a first start-up seeds it.
    await seedAtStartUp(database.db, new Date());
    t = await buildReportsTestApp(database);
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(async () => {
    await emptyTables(database.db);
    await emptyUploads(t);
    reporter = await signedInAs(t, "user", people.reporter);
    moderator = await signedInAs(t, "moderator", people.moderator);
  });

  const review = async (id: string) => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v1/eyewitness/${id}/review`,
      headers: bearer(moderator),
    });
    expect(response.statusCode).toBe(200);
    return response.json<ReviewAnswer>();
  };
  const changeText = (id: string, body: object) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${id}/public-text`,
      headers: bearer(moderator),
      payload: body,
    });
  const publicPage = (id: string) =>
    t.app.inject({ method: "GET", url: `/api/v1/eyewitness/published/${id}` });
  /** The report as its reporter reads it in My reports. */
  const ownView = async (id: string) => {
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/v1/eyewitness/mine",
      headers: bearer(reporter),
    });
    expect(mine.statusCode).toBe(200);
    return mine.json<{ reports: OwnReportView[] }>().reports.find((own) => own.id === id);
  };

  it("finds the facility, the phone number and the surname, and previews the public page", async () => {
    const report = await reportOf(t.app, reporter, kawoReport);
    const { report: reviewed, preview } = await review(report.id);

    expect(reviewed.comment).toBe(kawoReport.comment);
    expect(reviewed.publicComment).toBe(kawoReport.comment);
    expect(reviewed.findings.map(({ kind: found, text }) => [found, text])).toEqual([
      ["facility", "General Hospital Kawo"],
      ["name", "Danjuma"],
      ["phone", "0803 123 4567"],
    ]);
    // The place as published (the state only), the name as chosen (anonymous by default).
    expect(preview).toMatchObject({
      comment: kawoReport.comment,
      reporterName: "Anonymous reporter",
      place: { state: "Kaduna", lga: null, place: null },
    });
  });

  it("publishes only once each finding is removed or confirmed, and only the public text", async () => {
    const report = await reportOf(t.app, reporter, kawoReport);
    const { report: reviewed } = await review(report.id);

    const refused = await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: "FINDINGS_UNCONFIRMED" });
    expect(refused.json<{ message: string }>().message).toContain('Phone number "0803 123 4567"');

    // Redact the phone, then the facility (offsets in the text as it is after the first redaction).
    const phone = reviewed.findings.find((finding) => finding.kind === "phone")!;
    const first = await changeText(report.id, {
      basedOn: reviewed.publicComment,
      redact: { start: phone.start, end: phone.end },
    });
    expect(first.statusCode).toBe(200);
    const afterPhone = first.json<ReviewAnswer>().report;
    const facility = afterPhone.findings.find((finding) => finding.kind === "facility")!;
    const second = await changeText(report.id, {
      basedOn: afterPhone.publicComment,
      redact: { start: facility.start, end: facility.end },
    });
    const redacted = second.json<ReviewAnswer>();
    expect(redacted.report.publicComment).toBe(
      "No ramp at [removed]. Call Mrs Danjuma on [removed] to see it.",
    );
    expect(redacted.report.comment).toBe(kawoReport.comment);
    expect(redacted.preview.comment).toBe(redacted.report.publicComment);

    // A change based on a text that is no longer the public one is refused.
    const stale = await changeText(report.id, { basedOn: kawoReport.comment, text: "Something else." });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: publicTextMessages.stale });

    // The surname is left: publishing needs it confirmed.
    const stillRefused = await decide(t.app, moderator, report.id, {
      status: "verified",
      fromStatus: "pending",
      acknowledgedFindings: ["phone:0803 123 4567"],
    });
    expect(stillRefused.statusCode).toBe(409);
    const published = await decide(t.app, moderator, report.id, {
      status: "verified",
      fromStatus: "pending",
      acknowledgedFindings: ["name:danjuma"],
    });
    expect(published.statusCode).toBe(200);

    const page = (await publicPage(report.id)).json<PublishedReportAnswer>();
    expect(page.report.comment).toBe("No ramp at [removed]. Call Mrs Danjuma on [removed] to see it.");
    const list = await t.app.inject({ method: "GET", url: "/api/v1/eyewitness/published" });
    expect(list.body).not.toContain("0803");
    expect(list.body).not.toContain("Kawo");
    for (const file of ["reports.json", "reports.csv"]) {
      const openData = await t.app.inject({ method: "GET", url: `/api/v1/open/${file}` });
      expect(openData.statusCode).toBe(200);
      expect(openData.body).toContain("[removed]");
      expect(openData.body).not.toContain("0803");
      expect(openData.body).not.toContain("Kawo");
    }

    // The reporter reads in My reports what the public reads, as the e-mail says.
    expect(await ownView(report.id)).toMatchObject({
      comment: kawoReport.comment,
      publicChanges: {
        text: "No ramp at [removed]. Call Mrs Danjuma on [removed] to see it.",
        blurredPhotos: 0,
        hiddenMedia: 0,
      },
    });

    // A published report's public text is changed only after unpublishing it.
    const whilePublished = await changeText(report.id, { basedOn: page.report.comment, text: "Changed." });
    expect(whilePublished.statusCode).toBe(409);
    expect(whilePublished.json()).toMatchObject({ message: publicTextMessages.published });

    // The history: who changed what, when.
    const history = await t.app.inject({
      method: "GET",
      url: `/api/v1/eyewitness/${report.id}/history`,
      headers: bearer(moderator),
    });
    const entries = history.json<{
      history: { action: string; by: { firstname: string } | null; details: object }[];
    }>().history;
    expect(entries.map((entry) => entry.action)).toEqual([
      "report.submitted",
      "report.public-text-changed",
      "report.public-text-changed",
      "report.reviewed",
    ]);
    expect(entries[1]).toMatchObject({
      by: { firstname: "Ngozi" },
      details: { change: "redaction", removed: "0803 123 4567" },
    });
    expect(entries[3]!.details).toMatchObject({ to: "verified", confirmed: ["name:danjuma"] });
  });

  it("edits the public text; an empty text or a span outside it is refused", async () => {
    const report = await reportOf(t.app, reporter, kawoReport);
    const edited = await changeText(report.id, {
      basedOn: kawoReport.comment,
      text: "  No ramp at the hospital.  ",
    });
    expect(edited.statusCode).toBe(200);
    const answer = edited.json<ReviewAnswer>();
    expect(answer.report.publicComment).toBe("No ramp at the hospital.");
    expect(answer.report.findings).toEqual([]);
    const empty = await changeText(report.id, { basedOn: "No ramp at the hospital.", text: "   " });
    expect(empty.statusCode).toBe(400);
    const outside = await changeText(report.id, {
      basedOn: "No ramp at the hospital.",
      redact: { start: 3, end: 500 },
    });
    expect(outside.statusCode).toBe(409);
    expect(
      await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" }),
    ).toHaveProperty("statusCode", 200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "report.public-text-changed"));
    expect(audit[0]!.details).toMatchObject({ change: "edit", from: kawoReport.comment });
    // Only moderators change it.
    const byReporter = await t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${report.id}/public-text`,
      headers: bearer(reporter),
      payload: { basedOn: "x", text: "y" },
    });
    expect(byReporter.statusCode).toBe(403);
  });

  it("blurs a photo: the public copies differ in the blurred area, the original is refused to the public", async () => {
    const photo = await twoColourPhoto();
    const report = await reportOf(t.app, reporter, { comment: "The steps at the market entrance." }, [
      mediaPart("steps.png", "image/png", photo),
    ]);
    await variantsMade(t);
    const mediaId = report.media[0]!.id;
    const [before] = await t.db.select().from(reportMedia).where(eq(reportMedia.id, mediaId));

    const blurred = await t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${report.id}/media/${mediaId}/blur`,
      headers: bearer(moderator),
      payload: { rectangles: [{ x: 0.1, y: 0.2, w: 0.3, h: 0.6 }] },
    });
    expect(blurred.statusCode).toBe(200);
    expect(blurred.json<ReviewAnswer>().report.mediaModeration).toEqual([
      { id: mediaId, hidden: false, blurs: [{ x: 0.1, y: 0.2, w: 0.3, h: 0.6 }] },
    ]);
    const [after] = await t.db.select().from(reportMedia).where(eq(reportMedia.id, mediaId));
    expect(after!.publicStorageKey).not.toBeNull();
    expect(after!.storageKey).toBe(before!.storageKey);

    expect(
      (await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" })).statusCode,
    ).toBe(200);
    const published = (await publicPage(report.id)).json<PublishedReportAnswer>().report;
    const media = published.media[0]!;
    const full = await t.app.inject({ method: "GET", url: media.url });
    expect(full.statusCode).toBe(200);
    // The public's full photo is not the original, and differs at the white square's edge.
    expect(full.rawPayload.equals(photo)).toBe(false);
    const box = { x: 0.1, y: 0.2, w: 0.3, h: 0.6 };
    const ofFull = await differenceFrom(photo, full.rawPayload, box);
    expect(ofFull.inside).toBeGreaterThan(8);
    expect(ofFull.outside).toBeLessThan(2);
    expect(media.variants.length).toBeGreaterThan(0);
    for (const variant of media.variants) {
      const copy = await t.app.inject({ method: "GET", url: variant.url });
      expect(copy.statusCode).toBe(200);
      const ofCopy = await differenceFrom(photo, copy.rawPayload, box);
      expect(ofCopy.inside).toBeGreaterThan(8);
      expect(ofCopy.outside).toBeLessThan(8);
    }
    // The rows name none of the copies made from the unblurred photo, and their files are gone.
    const [stored] = await t.db.select().from(reportMedia).where(eq(reportMedia.id, mediaId));
    expect(stored!.variantsDueAt).toBeNull();
    // Moderators and the reporter still get the photo as sent.
    const asSent = await t.app.inject({
      method: "GET",
      url: `/media/${mediaId}`,
      headers: bearer(moderator),
    });
    expect(
      asSent.rawPayload.equals(photo) ||
        (await pixelAt(asSent.rawPayload, 0.25, 0.5)).join() === "255,255,255",
    ).toBe(true);
  });

  it("hides a photo from the public, and the reporter withdraws a published report", async () => {
    const photo = await twoColourPhoto();
    const report = await reportOf(t.app, reporter, { comment: "The steps at the entrance." }, [
      mediaPart("steps.png", "image/png", photo),
    ]);
    await variantsMade(t);
    const mediaId = report.media[0]!.id;
    const hidden = await t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${report.id}/media/${mediaId}/hidden`,
      headers: bearer(moderator),
      payload: { hidden: true },
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<ReviewAnswer>().preview.media).toEqual([]);
    expect(
      (await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" })).statusCode,
    ).toBe(200);
    expect((await publicPage(report.id)).json<PublishedReportAnswer>().report.media).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: `/media/${mediaId}` })).statusCode).toBe(404);
    expect((await ownView(report.id))?.publicChanges).toEqual({
      text: null,
      blurredPhotos: 0,
      hiddenMedia: 1,
    });

    // Nobody else may withdraw it.
    const byModerator = await t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${report.id}/withdraw`,
      headers: bearer(moderator),
    });
    expect(byModerator.statusCode).toBe(404);
    const withdrawn = await t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${report.id}/withdraw`,
      headers: bearer(reporter),
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ message: publicTextMessages.reportWithdrawn });
    expect((await publicPage(report.id)).statusCode).toBe(404);
    const list = await t.app.inject({ method: "GET", url: "/api/v1/eyewitness/published" });
    expect(list.body).not.toContain(report.id);
    const openData = await t.app.inject({ method: "GET", url: "/api/v1/open/reports.json" });
    expect(openData.statusCode).toBe(200);
    expect(openData.body).not.toContain(report.id);
    // Withdrawn, nothing is public any more: nothing to tell of what the public is shown.
    expect(await ownView(report.id)).toMatchObject({ publicChanges: null, withdrawnAt: expect.any(String) });
    const again = await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "rejected" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "REPORT_WITHDRAWN" });
  });
});
