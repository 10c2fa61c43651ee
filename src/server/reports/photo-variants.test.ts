import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ReportMediaView } from "../../domain/reports/report-rules";
import { bearer, emptyTables } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { eyewitnessReports, reportMedia, reportMediaVariants } from "../db/schema";
import { sweepOrphanMedia } from "../media/orphan-sweep";
import { makeDueVariants } from "../media/photo-variants";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  buildReportsTestApp,
  emptyUploads,
  fieldParts,
  filesIn,
  hasGpsBlock,
  mediaPart,
  readStored,
  publishedList,
  signedInAs,
  smallJpeg,
  submitReport,
  type ReportsTestApp,
  type SubmittedAnswer,
  variantsMade,
} from "../../test/server/reports";

// A photo's smaller WebP copies (320, 640 and 1280 px on the long side, never enlarged): made once, in
// the background after the report is answered (the full photo is shown meanwhile), without metadata,
// listed with the photo, served under the photo's own rules.

const people = {
  reporter: { email: "amina@example.org", firstname: "Amina", lastname: "Bello" },
  stranger: { email: "bola@example.org", firstname: "Bola", lastname: "Ade" },
  moderator: { email: "mod@example.org", firstname: "Ngozi", lastname: "Eze" },
};

/** A large phone photo: a camera's make and a GPS position in its EXIF. */
function photoWithGps(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Pocket 7" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "6/1 27/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "3/1 23/1 0/1",
      },
    })
    .toBuffer();
}

const notFound = {
  success: false,
  message: "This photograph or video does not exist, or you cannot see it.",
  code: "NOT_FOUND",
  problem: { key: "code.NOT_FOUND", params: {} },
};

describe.each(testDatabaseKinds())("photo variants on %s", (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let reporter: string;

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
    reporter = await signedInAs(t, "user", people.reporter);
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  async function submitPhoto(photo: Buffer): Promise<ReportMediaView> {
    const response = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("big.jpg", "image/jpeg", photo),
    ]);
    expect(response.statusCode).toBe(201);
    return response.json<SubmittedAnswer>().report.media[0]!;
  }

  /** The photo's variants as the reporter's own list shows them. */
  async function listedVariants(mediaId: string): Promise<ReportMediaView["variants"]> {
    const mine = await get("/api/v1/eyewitness/mine", bearer(reporter));
    const media = mine.json<{ reports: { media: ReportMediaView[] }[] }>().reports.flatMap((r) => r.media);
    return media.find((item) => item.id === mediaId)!.variants;
  }

  const variantRows = (mediaId: string) =>
    t.db
      .select()
      .from(reportMediaVariants)
      .where(eq(reportMediaVariants.mediaId, mediaId))
      .orderBy(asc(reportMediaVariants.size));

  it("makes 320, 640 and 1280 px WebP copies of a 2000 px photo, without its metadata, and lists them", async () => {
    const original = await photoWithGps(2000, 1500);
    expect(hasGpsBlock((await sharp(original).metadata()).exif)).toBe(true);

    const photo = await submitPhoto(original);
    // Answered before its variants exist: the answer lists the full photo only.
    expect(photo.variants).toEqual([]);
    await variantsMade(t);

    const rows = await variantRows(photo.id);
    expect(rows.map((row) => [row.size, row.width, row.height])).toEqual([
      [320, 320, 240],
      [640, 640, 480],
      [1280, 1280, 960],
    ]);
    for (const row of rows) {
      const stored = await readStored(t, row.storageKey);
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe("webp");
      expect([metadata.width, metadata.height]).toEqual([row.width, row.height]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(stored.includes(Buffer.from("PhoneCo"))).toBe(false);
      expect(row.bytes).toBe(stored.length);
    }
    const [photoRow] = await t.db.select().from(reportMedia);
    expect(await filesIn(t)).toEqual([photoRow!.storageKey, ...rows.map((row) => row.storageKey)].sort());

    expect(photo).toMatchObject({ width: 2000, height: 1500 });
    // The reporter's own list now offers them.
    expect(await listedVariants(photo.id)).toEqual([
      { width: 320, height: 240, url: expect.stringMatching(/&w=320$/) as string },
      { width: 640, height: 480, url: expect.stringMatching(/&w=640$/) as string },
      { width: 1280, height: 960, url: expect.stringMatching(/&w=1280$/) as string },
    ]);
  });

  it("never enlarges: a 500 px photo gets only the 320 px copy, a portrait one bounded by its height", async () => {
    const landscape = await submitPhoto(await smallJpeg(500, 400));
    const portrait = await submitPhoto(await smallJpeg(400, 500));
    const exact = await submitPhoto(await smallJpeg(320, 200));
    await variantsMade(t);

    const sizes = async (id: string) =>
      (await listedVariants(id)).map(({ width, height }) => [width, height]);
    expect(await sizes(landscape.id)).toEqual([[320, 256]]);
    expect(await sizes(portrait.id)).toEqual([[256, 320]]);
    expect(await sizes(exact.id)).toEqual([]);
    expect(await variantRows(exact.id)).toEqual([]);
  });

  it("serves a variant through the photo's signed link, as WebP cached like the photo; 404 for a size it lacks", async () => {
    const photo = await submitPhoto(await smallJpeg(700, 500));
    await variantsMade(t);
    const [row] = await variantRows(photo.id).then((rows) => rows.filter((variant) => variant.size === 640));

    const response = await get((await listedVariants(photo.id))[1]!.url);

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(await readStored(t, row!.storageKey));
    expect(response.headers).toMatchObject({
      "content-type": "image/webp",
      "x-content-type-options": "nosniff",
      "content-disposition": `inline; filename="eyewitness-photo-${photo.id}-640.webp"`,
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
    });
    expect(response.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);

    for (const url of [
      `${photo.url}&w=1280`,
      `${photo.url}&w=100`,
      `${photo.url}&w=abc`,
      `${photo.url}&w=`,
      `${photo.url}&w=0320`,
      `${photo.url}&w=320&w=640`,
    ]) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual({
        success: false,
        code: "NOT_FOUND",
        message: expect.stringMatching(/no copy of that size/),
        problem: { key: "code.NOT_FOUND", params: {} },
      });
    }
    // The signature still guards a variant: a forged one is refused before anything is looked up.
    expect((await get(`${photo.url.replace(/sig=[\w-]+/, `sig=${"A".repeat(43)}`)}&w=320`)).statusCode).toBe(
      403,
    );
  });

  it("keeps a variant of an unpublished report's photo as private as the photo, and public once verified", async () => {
    const photo = await submitPhoto(await smallJpeg(1000, 800));
    await variantsMade(t);
    const plain = `/media/${photo.id}?w=320`;
    const stranger = await signedInAs(t, "user", people.stranger);

    for (const response of [await get(plain), await get(plain, bearer(stranger))]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect((await get(plain, bearer(reporter))).statusCode).toBe(200);

    const moderator = await signedInAs(t, "moderator", people.moderator);
    const [report] = await t.db.select({ id: eyewitnessReports.id }).from(eyewitnessReports);
    const decided = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/eyewitness/${report!.id}/review`,
      payload: { status: "verified", fromStatus: "pending", note: "Reviewed." },
      headers: bearer(moderator),
    });
    expect(decided.statusCode).toBe(200);

    const published = await get(plain);
    expect(published.statusCode).toBe(200);
    expect(published.headers["content-type"]).toBe("image/webp");
    const list = await publishedList(t.app);
    expect(list.json<{ reports: { media: ReportMediaView[] }[] }>().reports[0]!.media[0]).toMatchObject({
      url: `/media/${photo.id}`,
      width: 1000,
      height: 800,
      variants: [
        { width: 320, height: 256, url: `/media/${photo.id}?w=320` },
        { width: 640, height: 512, url: `/media/${photo.id}?w=640` },
      ],
    });
  });

  it("leaves no variant behind when the report is refused after its photo was stored", async () => {
    const response = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("big.jpg", "image/jpeg", await smallJpeg(1500, 1000)),
      mediaPart("notes.jpg", "image/jpeg", Buffer.from("not a photograph at all")),
    ]);

    expect(response.statusCode).toBe(415);
    expect(await filesIn(t)).toEqual([]);
    expect(await t.db.select().from(reportMediaVariants)).toEqual([]);
  });

  it("is never removed by the orphan sweep, which still removes a file no row names", async () => {
    await submitPhoto(await smallJpeg(1500, 1000));
    await variantsMade(t);
    const stored = await filesIn(t);
    expect(stored).toHaveLength(4);
    // Another instance's store, holding a file whose report was never written.
    const storage = await t.openStore();
    await storage
      .startBatch()
      .store("ff1c2d3e-0000-4000-8000-000000000003", Buffer.from("left"), "image/jpeg");

    // Seen from a day later, every file is older than the window (and the mark of the row-less file,
    // never confirmed, is an abandoned incoming file).
    const dayLater = new Date(Date.now() + 24 * 60 * 60 * 1000);
    expect(await sweepOrphanMedia(storage, t.db, dayLater, 60_000)).toEqual({
      abandonedUploads: 1,
      orphanFiles: 1,
    });
    await storage.close();
    expect(await filesIn(t)).toEqual(stored);
  });

  it("shows the full photo while a photo's variants are not made, then makes them in a later pass", async () => {
    const photo = await submitPhoto(await smallJpeg(1500, 1000));
    await variantsMade(t);
    // As if the process had died right after the answer: the photo is stored, its variants are not.
    const made = await variantRows(photo.id);
    await t.db.delete(reportMediaVariants).where(eq(reportMediaVariants.mediaId, photo.id));
    await t.db
      .update(reportMedia)
      .set({ variantsDueAt: new Date(0) })
      .where(eq(reportMedia.id, photo.id));
    const storage = await t.openStore();
    await storage.remove(made.map((row) => row.storageKey));

    // Listed without variants; a size asked for meanwhile (an older page's srcset) is the full photo,
    // not kept by the browser.
    expect(await listedVariants(photo.id)).toEqual([]);
    const meanwhile = await get(`${photo.url}&w=640`);
    expect(meanwhile.statusCode).toBe(200);
    expect(meanwhile.headers).toMatchObject({
      "content-type": "image/jpeg",
      "cache-control": "private, no-cache",
    });
    const [photoRow] = await t.db.select().from(reportMedia).where(eq(reportMedia.id, photo.id));
    expect(meanwhile.rawPayload).toEqual(await readStored(t, photoRow!.storageKey));

    // The pass an instance runs at start-up and periodically finds it.
    const log = { warn: () => undefined, error: () => undefined };
    const pass = { db: t.db, storage, now: () => new Date(), log };
    expect(await makeDueVariants(pass)).toBe(true);
    expect(await makeDueVariants(pass)).toBe(false);
    await storage.close();
    const rows = await variantRows(photo.id);
    expect(rows.map((row) => [row.size, row.width, row.height])).toEqual([
      [320, 320, 213],
      [640, 640, 427],
      [1280, 1280, 853],
    ]);
    expect(await filesIn(t)).toEqual([photoRow!.storageKey, ...rows.map((row) => row.storageKey)].sort());
    expect((await get(`${photo.url}&w=640`)).headers["content-type"]).toBe("image/webp");
  });

  it("retries a photo whose variants fail, a bounded number of times, without a crash", async () => {
    const photo = await submitPhoto(await smallJpeg(1500, 1000));
    await variantsMade(t);
    await t.db.delete(reportMediaVariants).where(eq(reportMediaVariants.mediaId, photo.id));
    const [photoRow] = await t.db
      .update(reportMedia)
      .set({ variantsDueAt: new Date(0), variantAttempts: 0 })
      .where(eq(reportMedia.id, photo.id))
      .returning();
    // Its file is gone, so every attempt fails.
    const storage = await t.openStore();
    await storage.remove([photoRow!.storageKey]);
    const logged: string[] = [];
    const log = {
      warn: (_: object, message: string) => logged.push(`warn: ${message}`),
      error: (_: object, message: string) => logged.push(`error: ${message}`),
    };
    const pass = { db: t.db, storage, now: () => new Date(), log, maxAttempts: 2, retryDelayMs: 0 };

    expect(await makeDueVariants(pass)).toBe(true);
    expect(await makeDueVariants(pass)).toBe(true);
    expect(await makeDueVariants(pass)).toBe(false);
    await storage.close();

    expect(logged).toEqual([
      "warn: the WebP variants of a photo could not be made; will retry",
      "error: the WebP variants of a photo could not be made; giving up, the full photo is shown",
    ]);
    const [after] = await t.db.select().from(reportMedia).where(eq(reportMedia.id, photo.id));
    expect(after).toMatchObject({ variantsDueAt: null, variantAttempts: 2 });
    expect(await variantRows(photo.id)).toEqual([]);
    expect(await listedVariants(photo.id)).toEqual([]);
  });

  it("never makes the same photo's variants twice when two instances run the pass at once", async () => {
    const first = await submitPhoto(await smallJpeg(900, 600));
    const second = await submitPhoto(await smallJpeg(800, 600));
    await variantsMade(t);
    await t.db.delete(reportMediaVariants);
    await t.db.update(reportMedia).set({ variantsDueAt: new Date(0) });
    const stores = [await t.openStore(), await t.openStore()];
    const log = { warn: () => undefined, error: () => undefined };

    const claimed = await Promise.all(
      stores.map((storage) => makeDueVariants({ db: t.db, storage, now: () => new Date(), log })),
    );
    await Promise.all(stores.map((storage) => storage.close()));

    expect(claimed).toEqual([true, true]);
    expect((await variantRows(first.id)).map((row) => row.size)).toEqual([320, 640]);
    expect((await variantRows(second.id)).map((row) => row.size)).toEqual([320, 640]);
  });
});
