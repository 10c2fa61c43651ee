import { errorCodeForStatus } from "../../domain/api/shared";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { reportMessages, reportServerMessages } from "../../domain/reports/report-rules";
import { alice, bearer, emptyTables, signedInUser } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { auditLog, eyewitnessReports, reportMedia } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  buildReportsTestApp,
  emptyUploads,
  fieldParts,
  filesIn,
  hasGpsBlock,
  jpegWithGps,
  mediaPart,
  readStored,
  mp4Video,
  multipart,
  noisyPng,
  reportFields,
  smallGif,
  smallJpeg,
  smallPng,
  submitReport,
  type ReportsTestApp,
  type SubmittedAnswer,
} from "../../test/server/reports";
import { revealingVideo } from "../../test/server/videos";

// POST /api/v1/eyewitness: what is accepted, what is refused and why, and that a refusal leaves nothing.

describe.each(testDatabaseKinds())("submitting an eyewitness report on %s", (kind) => {
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
    media: await t.db.select().from(reportMedia).orderBy(reportMedia.position),
  });

  /** A refusal: the status, the sentence, and nothing stored. */
  async function expectRefused(
    response: Awaited<ReturnType<typeof submitReport>>,
    status: number,
    message: string,
    // The code's own problem unless the refusal has a more precise one.
    problem: object = { key: `code.${errorCodeForStatus(status)}`, params: {} },
  ) {
    // A refusal of a field names it; the rest of the answer is exactly this.
    const { field, ...answer } = response.json<{ field?: unknown }>();
    expect(answer).toEqual({
      success: false,
      message,
      code: errorCodeForStatus(status),
      problem,
    });
    if (field !== undefined) expect(field).toBeTypeOf("string");
    expect(response.statusCode).toBe(status);
    expect(await rows()).toEqual({ reports: [], media: [] });
    expect(await filesIn(t)).toEqual([]);
  }

  describe("accepted", () => {
    it("stores a report without media as pending and answers with it", async () => {
      const response = await submitReport(t.app, token, fieldParts());

      expect(response.statusCode).toBe(201);
      const body = response.json<SubmittedAnswer>();
      expect(body).toEqual({
        success: true,
        message: "Your eyewitness report has been submitted successfully!",
        report: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          commentType: "barrier",
          comment: reportFields.comment,
          status: "pending",
          createdAt: expect.any(String),
          videoUrl: null,
          media: [],
          showFirstName: false,
          reviewNote: null,
          reviewedAt: null,
          // Everything the reporter gave; published at the default precision, the state alone.
          place: {
            stateId: 25,
            state: "Lagos",
            lga: "Lagos Mainland",
            place: null,
            occurredOn: "2026-02-27",
            precision: "state",
          },
          peopleConsent: true,
          withdrawnAt: null,
          // Sent without an Idempotency-Key.
          idempotencyKey: null,
          // Not public: nothing a moderator changed to tell.
          publicChanges: null,
        },
      });
      const [saved] = (await rows()).reports;
      expect(saved).toMatchObject({
        id: body.report.id,
        firstName: "Amina",
        lastName: "Bello",
        email: "amina.bello@example.org",
        status: "pending",
        showFirstName: false,
        reviewedBy: null,
      });
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "report.submitted"));
      expect(audit).toEqual([
        expect.objectContaining({ subjectId: body.report.id, details: { photos: 0, video: false } }),
      ]);
    });

    it("removes the GPS position and all other metadata from a photo, turned upright", async () => {
      const original = await jpegWithGps();
      const before = await sharp(original).metadata();
      expect(hasGpsBlock(before.exif)).toBe(true);
      expect([before.width, before.height, before.orientation]).toEqual([64, 48, 6]);

      const response = await submitReport(t.app, token, [
        ...fieldParts(),
        mediaPart("market.jpg", "image/jpeg", original),
      ]);

      expect(response.statusCode).toBe(201);
      const [media] = (await rows()).media;
      expect(media).toMatchObject({ kind: "photo", contentType: "image/jpeg", position: 0 });
      const stored = await readStored(t, media!.storageKey);
      const after = await sharp(stored).metadata();
      expect(after.format).toBe("jpeg");
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect([after.width, after.height]).toEqual([48, 64]);
      expect(stored.includes(Buffer.from("PhoneCo"))).toBe(false);
      expect(media!.bytes).toBe(stored.length);
      expect(media!.sha256).toBe(createHash("sha256").update(stored).digest("hex"));
      expect(await filesIn(t)).toEqual([media!.storageKey]);
      expect(response.json<SubmittedAnswer>().report.media).toEqual([
        {
          id: media!.id,
          kind: "photo",
          contentType: "image/jpeg",
          bytes: stored.length,
          url: expect.stringMatching(new RegExp(`^/media/${media!.id}\\?u=\\d+&exp=\\d+&sig=[\\w-]{43}$`)),
          description: null,
          width: 48,
          height: 64,
          // Smaller than the smallest variant: none is made.
          variants: [],
        },
      ]);
    });

    it("accepts ten photos and keeps their order; PNG stays PNG and GIF stays GIF", async () => {
      const [jpeg, png, gif] = await Promise.all([smallJpeg(), smallPng(), smallGif()]);
      const photos = Array.from({ length: 10 }, (_, index) =>
        index === 1
          ? mediaPart("sign.png", "image/png", png)
          : index === 2
            ? mediaPart("wave.gif", "image/gif", gif)
            : mediaPart(`photo-${index}.jpg`, "image/jpeg", jpeg),
      );

      const response = await submitReport(t.app, token, [...fieldParts(), ...photos]);

      expect(response.statusCode).toBe(201);
      const { media } = await rows();
      expect(media.map((file) => file.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(media.slice(0, 3).map((file) => file.contentType)).toEqual([
        "image/jpeg",
        "image/png",
        "image/gif",
      ]);
      expect((await sharp(await readStored(t, media[2]!.storageKey)).metadata()).format).toBe("gif");
      expect(response.json<SubmittedAnswer>().report.media.map((file) => file.id)).toEqual(
        media.map((file) => file.id),
      );
      expect(await filesIn(t)).toHaveLength(10);
    });

    it("keeps each photo's description, paired by position, folded to one line; none for the rest", async () => {
      const jpeg = await smallJpeg();
      const response = await submitReport(t.app, token, [
        ...fieldParts(),
        { name: "photoDescription", value: "  The ramp ends\r\nin a 30 cm step\t " },
        { name: "photoDescription", value: "   " },
        mediaPart("ramp.jpg", "image/jpeg", jpeg),
        mediaPart("step.jpg", "image/jpeg", jpeg),
        mediaPart("gate.jpg", "image/jpeg", jpeg),
        // A description after the files still belongs to the third photo.
        { name: "photoDescription", value: "The locked side gate" },
      ]);

      expect(response.statusCode).toBe(201);
      const expected = ["The ramp ends in a 30 cm step", null, "The locked side gate"];
      expect((await rows()).media.map((file) => file.description)).toEqual(expected);
      expect(response.json<SubmittedAnswer>().report.media.map((file) => file.description)).toEqual(expected);
    });

    it("takes a description of exactly 300 characters", async () => {
      const description = "d".repeat(300);
      const response = await submitReport(t.app, token, [
        ...fieldParts(),
        { name: "photoDescription", value: description },
        mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
      ]);
      expect(response.statusCode).toBe(201);
      expect(response.json<SubmittedAnswer>().report.media[0]?.description).toBe(description);
    });

    it("decides a photo's type by its content, whatever its name and declared type", async () => {
      const response = await submitReport(t.app, token, [
        ...fieldParts(),
        mediaPart("scan.gif", "application/octet-stream", await smallPng()),
      ]);

      expect(response.statusCode).toBe(201);
      expect((await rows()).media[0]).toMatchObject({ contentType: "image/png" });
    });

    it("stores a video file remuxed, with its size and fingerprint", async () => {
      const video = await revealingVideo("mp4");

      const response = await submitReport(t.app, token, [
        ...fieldParts(),
        mediaPart("ramp.mp4", "video/mp4", video),
      ]);

      expect(response.statusCode).toBe(201);
      const [media] = (await rows()).media;
      const stored = await readStored(t, media!.storageKey);
      expect(media).toMatchObject({ kind: "video", contentType: "video/mp4", bytes: stored.length });
      expect(media!.sha256).toBe(createHash("sha256").update(stored).digest("hex"));
      // Remuxed (video/metadata tests check what was taken out), never stored as it came.
      expect(stored.equals(video)).toBe(false);
    });

    it("recognises a QuickTime (MOV) video", async () => {
      const response = await submitReport(t.app, token, [
        ...fieldParts(),
        mediaPart("clip.mov", "video/quicktime", await revealingVideo("mov")),
      ]);

      expect(response.statusCode).toBe(201);
      expect((await rows()).media[0]).toMatchObject({ kind: "video", contentType: "video/quicktime" });
    });

    it("accepts a video link instead of a file", async () => {
      const videoUrl = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

      const response = await submitReport(t.app, token, fieldParts({ videoUrl }));

      expect(response.statusCode).toBe(201);
      expect(response.json<SubmittedAnswer>().report).toMatchObject({ videoUrl, media: [] });
      expect((await rows()).reports[0]).toMatchObject({ videoUrl });
    });

    it("accepts the text fields after the files, and a comment type in any case", async () => {
      const response = await submitReport(t.app, token, [
        mediaPart("market.jpg", "image/jpeg", await smallJpeg()),
        ...fieldParts({ commentType: "Experience" }),
      ]);

      expect(response.statusCode).toBe(201);
      expect(response.json<SubmittedAnswer>().report.commentType).toBe("experience");
    });

    it("publishes anonymously unless the reporter ticks the box to show their first name", async () => {
      const sent = async (value: string | null) => {
        const extra = value === null ? [] : [{ name: "showFirstName", value }];
        const response = await submitReport(t.app, token, [...fieldParts(), ...extra]);
        expect(response.statusCode).toBe(201);
        return response.json<SubmittedAnswer>().report.showFirstName;
      };

      // A browser's ticked checkbox sends "on"; other clients may send "true" or "1".
      expect([await sent("on"), await sent("true"), await sent("1"), await sent(" TRUE ")]).toEqual([
        true,
        true,
        true,
        true,
      ]);
      // An unticked checkbox sends nothing; anything else is not a yes.
      expect([
        await sent(null),
        await sent(""),
        await sent("false"),
        await sent("0"),
        await sent("yes"),
      ]).toEqual([false, false, false, false, false]);
      const stored = (await rows()).reports.map((report) => report.showFirstName);
      expect(stored.filter(Boolean)).toHaveLength(4);
      expect(stored).toHaveLength(9);
    });

    it("ignores an empty file input and unknown fields", async () => {
      const response = await submitReport(t.app, token, [
        ...fieldParts(),
        { name: "status", value: "verified" },
        mediaPart("", "application/octet-stream", Buffer.alloc(0)),
      ]);

      expect(response.statusCode).toBe(201);
      expect(response.json<SubmittedAnswer>().report).toMatchObject({ status: "pending", media: [] });
    });
  });

  describe("refused", () => {
    it("asks to sign in first", async () => {
      await expectRefused(await submitReport(t.app, null, fieldParts()), 401, "Please sign in to continue.", {
        key: "account.signInRequired",
        params: {},
      });
    });

    it("needs every required field", async () => {
      for (const missing of ["firstName", "lastName", "email", "commentType", "comment"] as const) {
        await expectRefused(
          await submitReport(t.app, token, fieldParts({ [missing]: null })),
          400,
          "Please fill in all required fields",
        );
      }
      await expectRefused(
        await submitReport(t.app, token, fieldParts({ comment: "   " })),
        400,
        "Please fill in all required fields",
      );
    });

    it("checks the e-mail, the comment type, the comment's length and the video link", async () => {
      const cases = [
        [{ email: "amina@" }, reportMessages.invalidEmail],
        [{ commentType: "complaint" }, reportMessages.unknownCommentType],
        [{ comment: "a".repeat(5001) }, "Your comment can be at most 5,000 characters long."],
        [{ videoUrl: "javascript:alert(1)" }, reportMessages.invalidVideoUrl],
        [{ videoUrl: "ftp://example.org/clip.mp4" }, reportMessages.invalidVideoUrl],
      ] as const;
      for (const [change, message] of cases) {
        await expectRefused(await submitReport(t.app, token, fieldParts(change)), 400, message);
      }
      expect((await submitReport(t.app, token, fieldParts({ comment: "a".repeat(5000) }))).statusCode).toBe(
        201,
      );
    });

    it("refuses an eleventh photo, naming the limit", async () => {
      const jpeg = await smallJpeg();
      const photos = Array.from({ length: 11 }, (_, index) => mediaPart(`p${index}.jpg`, "image/jpeg", jpeg));

      await expectRefused(
        await submitReport(t.app, token, [...fieldParts(), ...photos]),
        400,
        "You can attach at most 10 photographs.",
      );
    });

    it("refuses a description over 300 characters, or more descriptions than photos", async () => {
      const jpeg = await smallJpeg();
      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts(),
          { name: "photoDescription", value: "" },
          { name: "photoDescription", value: "d".repeat(301) },
          mediaPart("ramp.jpg", "image/jpeg", jpeg),
          mediaPart("step.jpg", "image/jpeg", jpeg),
        ]),
        400,
        "The description of photo 2 can be at most 300 characters long.",
      );
      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts(),
          { name: "photoDescription", value: "A ramp" },
          { name: "photoDescription", value: "A step" },
          mediaPart("ramp.jpg", "image/jpeg", jpeg),
        ]),
        400,
        "There are more photo descriptions than photographs.",
      );
      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts({ videoUrl: "https://youtu.be/abc" }),
          { name: "photoDescription", value: "A ramp" },
        ]),
        400,
        "There are more photo descriptions than photographs.",
      );
    });

    it("refuses a photo over 5 MB with 413, naming the file", async () => {
      const large = await noisyPng(6 * 1024 * 1024);

      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts(),
          mediaPart("crowd.jpg", "image/jpeg", await smallJpeg()),
          mediaPart("big-crowd.png", "image/png", large),
        ]),
        413,
        'The photograph "big-crowd.png" is larger than 5 MB.',
      );
    });

    it("refuses a text file named .jpg with 415, naming the file", async () => {
      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts(),
          mediaPart(
            "evidence.jpg",
            "image/jpeg",
            Buffer.from("This is not a photograph at all.\n".repeat(20)),
          ),
        ]),
        415,
        'The file "evidence.jpg" is not a JPG, PNG or GIF photograph.',
      );
    });

    it("refuses a file meant as a video that is not one, naming the file", async () => {
      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts(),
          mediaPart("clip.mp4", "video/mp4", Buffer.from("<html><script>alert(1)</script></html>")),
        ]),
        415,
        'The file "clip.mp4" is not an MP4, MOV or AVI video.',
      );
    });

    it("refuses a file that looks like a JPEG but cannot be read", async () => {
      const broken = Buffer.concat([(await smallJpeg()).subarray(0, 20), Buffer.alloc(4000, 7)]);

      await expectRefused(
        await submitReport(t.app, token, [...fieldParts(), mediaPart("half.jpg", "image/jpeg", broken)]),
        415,
        reportServerMessages.photoUnreadable("half.jpg"),
      );
    });

    it("never takes photos and a video together, in either order", async () => {
      const [jpeg, video] = [await smallJpeg(), await revealingVideo("mp4")];
      const message = "Please attach either photographs or a video, not both.";

      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts(),
          mediaPart("a.jpg", "image/jpeg", jpeg),
          mediaPart("b.mp4", "video/mp4", video),
        ]),
        400,
        message,
      );
      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts(),
          mediaPart("b.mp4", "video/mp4", video),
          mediaPart("a.jpg", "image/jpeg", jpeg),
        ]),
        400,
        message,
      );
      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts({ videoUrl: "https://vimeo.com/1" }),
          mediaPart("a.jpg", "image/jpeg", jpeg),
        ]),
        400,
        message,
      );
    });

    it("takes one video, and never a video file and a video link together", async () => {
      const video = await revealingVideo("mp4");
      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts(),
          mediaPart("one.mp4", "video/mp4", video),
          mediaPart("two.mp4", "video/mp4", video),
        ]),
        400,
        "You can attach one video.",
      );
      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts({ videoUrl: "https://vimeo.com/1" }),
          mediaPart("one.mp4", "video/mp4", video),
        ]),
        400,
        "Please give either a video file or a video link, not both.",
      );
    });

    it("refuses files in another field than media", async () => {
      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts(),
          { ...mediaPart("a.jpg", "image/jpeg", await smallJpeg()), name: "photo" },
        ]),
        400,
        reportServerMessages.unexpectedFile,
      );
    });

    it("checks the text fields sent first before storing any file", async () => {
      await expectRefused(
        await submitReport(t.app, token, [
          ...fieldParts({ email: "not-an-address" }),
          mediaPart("a.mp4", "video/mp4", mp4Video()),
        ]),
        400,
        reportMessages.invalidEmail,
      );
    });

    it("answers a request that is not a form, or not a well-formed one, with a sentence", async () => {
      const json = await t.app.inject({
        method: "POST",
        url: "/api/v1/eyewitness",
        payload: reportFields,
        headers: bearer(token),
      });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({
        success: false,
        message: reportServerMessages.notMultipart,
        code: "UNSUPPORTED_MEDIA_TYPE",
        problem: { key: "code.UNSUPPORTED_MEDIA_TYPE", params: {} },
      });

      const body = multipart(fieldParts());
      const broken = await t.app.inject({
        method: "POST",
        url: "/api/v1/eyewitness",
        payload: body.payload.subarray(0, body.payload.length - 40),
        headers: { ...body.headers, ...bearer(token) },
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({
        success: false,
        message: reportServerMessages.formUnreadable,
        code: "VALIDATION_FAILED",
        problem: { key: "code.VALIDATION_FAILED", params: {} },
      });
    });

    it("refuses a request larger than any report before reading it", async () => {
      const body = multipart(fieldParts());
      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/eyewitness",
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token), "content-length": String(200 * 1024 * 1024) },
      });

      expect(response.statusCode).toBe(413);
      expect(response.json<{ message: string }>().message).toMatch(/^This upload is too large/);
    });
  });

  it("keeps what each user sent apart", async () => {
    const other = await signedInUser(t.app, t.db, { ...alice, email: "bola@example.org" });
    await submitReport(t.app, token, fieldParts());
    await submitReport(t.app, other, fieldParts({ comment: "Bola's report" }));

    const reports = await t.db.select().from(eyewitnessReports);
    expect(new Set(reports.map((report) => report.reporterId)).size).toBe(2);
  });
});

describe("upload settings", () => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    t = await buildReportsTestApp(database, {
      reportVideoMaxBytes: 100_000,
      reportPhotoMaxBytes: 3000,
      reportRateLimitMax: 2,
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it("refuses a video over the configured size with 413, naming the file", async () => {
    const token = await signedInUser(t.app, t.db);

    const response = await submitReport(t.app, token, [
      ...fieldParts(),
      mediaPart("long-clip.mp4", "video/mp4", mp4Video(150_000)),
    ]);

    expect(response.json()).toEqual({
      success: false,
      code: "TOO_LARGE",
      message: 'The video "long-clip.mp4" is larger than 0.1 MB.',
      problem: { key: "code.TOO_LARGE", params: {} },
    });
    expect(response.statusCode).toBe(413);
    expect(await filesIn(t)).toEqual([]);
    const photo = await submitReport(t.app, token, [
      ...fieldParts(),
      mediaPart("wide.png", "image/png", await noisyPng(4000)),
    ]);
    expect(photo.statusCode).toBe(413);
  });

  it("limits submissions per user per hour, with a sentence and Retry-After", async () => {
    // The in-memory rate-limit counters read the system time: only Date is faked, timers stay real.
    vi.setSystemTime(new Date("2026-03-02T09:00:00.000Z"));
    onTestFinished(() => void vi.useRealTimers());
    const token = await signedInUser(t.app, t.db, { ...alice, email: "chidi@example.org" });
    expect((await submitReport(t.app, token, fieldParts())).statusCode).toBe(201);
    expect((await submitReport(t.app, token, fieldParts())).statusCode).toBe(201);

    const third = await submitReport(t.app, token, fieldParts());

    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      success: false,
      message: reportServerMessages.tooManySubmissions(60),
      code: "RATE_LIMITED",
      problem: { key: "report.tooManySubmissions", params: { minutes: 60 } },
    });
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(3500);
    t.clock.advance(60 * 60 * 1000);
    vi.setSystemTime(new Date("2026-03-02T10:00:00.000Z"));
    expect((await submitReport(t.app, token, fieldParts())).statusCode).toBe(201);
  });
});
