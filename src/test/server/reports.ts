import type { PublishedDataSource } from "../../server/datadesk/published-data";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { UserRole } from "../../domain/accounts/user";
import type { OwnReportView } from "../../domain/reports/report-rules";
import { bearer, buildTestApp, signedInUser, type AccountsTestApp } from "./accounts";
import type { Config } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/database";
import { reportMedia, users } from "../../server/db/schema";
import type { MediaStore } from "../../server/media/media-store";
import { openMediaStore } from "../../server/media/open-store";
import { waitUntil } from "./processes";
import { startTestS3Server, type TestS3Server } from "./s3-server";

// Shared by the report and media tests: an app with its own media store, multipart bodies built by
// hand (so a test controls every byte, as a hostile client would), and real media files made with sharp.
// The store is a temporary uploads folder, or with TEST_MEDIA_STORE=s3 an S3 bucket on a real
// S3-protocol server (s3rver on loopback), files being received then staying in the uploads folder.

export interface ReportsTestApp extends AccountsTestApp {
  uploadsDir: string;
  /** The S3-protocol server holding the media, when the app stores them in S3. */
  s3: TestS3Server | undefined;
  /** Opens the app's media store a second time, as another instance would. */
  openStore(): Promise<MediaStore>;
}

/** The store the report and media tests run on: TEST_MEDIA_STORE=s3, or the uploads folder. */
export const testMediaStore = process.env.TEST_MEDIA_STORE === "s3" ? "s3" : "local";

export async function buildReportsTestApp(
  database: DatabaseHandle,
  /** `s3: undefined` keeps a test on the uploads folder whatever the run's store (a full disk, say). */
  config: Partial<Config> = {},
  logStream?: { write(line: string): void },
  publishedData?: PublishedDataSource,
): Promise<ReportsTestApp> {
  const uploadsDir = await mkdtemp(path.join(tmpdir(), "ia-uploads-"));
  const s3 = testMediaStore === "s3" && !("s3" in config) ? await startTestS3Server() : undefined;
  const storeConfig = { uploadsDir, s3: s3?.settings, ...config };
  const built = await buildTestApp(database, {
    config: { reportRateLimitMax: 1000, ...storeConfig },
    logStream,
    publishedData,
  });
  built.app.addHook("onClose", async () => {
    await s3?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });
  return { ...built, uploadsDir, s3, openStore: () => openMediaStore(storeConfig) };
}

type MediaPlace = Pick<ReportsTestApp, "uploadsDir" | "s3">;

/**
 * Every file of the app's media: stored ones by key, and unfinished ones (in `.incoming/`) as paths
 * relative to the uploads folder.
 */
export async function filesIn(t: MediaPlace): Promise<string[]> {
  const entries = await readdir(t.uploadsDir, { recursive: true, withFileTypes: true });
  const local = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(t.uploadsDir, path.join(entry.parentPath, entry.name)));
  return [...local, ...((await t.s3?.keys()) ?? [])].sort();
}

/** A stored file's bytes, from whichever store holds it. */
export async function readStored(t: MediaPlace, storageKey: string): Promise<Buffer> {
  return t.s3 ? t.s3.read(storageKey) : readFile(path.join(t.uploadsDir, storageKey));
}

export async function emptyUploads(t: MediaPlace): Promise<void> {
  for (const entry of await readdir(t.uploadsDir))
    await rm(path.join(t.uploadsDir, entry), { recursive: true });
  await t.s3?.empty();
}

export type Part =
  { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

export interface MultipartBody {
  payload: Buffer;
  headers: { "content-type": string };
}

export function multipart(parts: Part[]): MultipartBody {
  const boundary = `----atlas-test-${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      "value" in part
        ? `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}`));
    chunks.push("value" in part ? Buffer.from(part.value) : part.data);
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A valid report's text fields: a place in Lagos published at the default precision (the state), a date
 * before the test clock's start (2026-03-02), and the people-shown confirmation, so media may be added.
 */
export const reportFields = {
  firstName: "Amina",
  lastName: "Bello",
  email: "amina.bello@example.org",
  commentType: "barrier",
  comment: "The ramp at the Yaba bus terminal ends in a step of 30 centimetres.",
  stateId: "25",
  lga: "Lagos Mainland",
  occurredOn: "2026-02-27",
  peopleConsent: "on",
};

export type ReportFieldChanges = Partial<
  Record<keyof typeof reportFields | "videoUrl" | "showFirstName" | "place" | "placePrecision", string | null>
>;

/** The report's text fields as parts, first as the web app sends them; `changes` replace or drop some. */
export function fieldParts(changes: ReportFieldChanges = {}) {
  const values: Record<string, string | null> = { ...reportFields, ...changes };
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => ({ name, value }));
}

export const mediaPart = (filename: string, contentType: string, data: Buffer): Part => ({
  name: "media",
  filename,
  contentType,
  data,
});

export function submitReport(
  app: FastifyInstance,
  token: string | null,
  parts: Part[],
  headers: Record<string, string> = {},
) {
  const body = multipart(parts);
  return app.inject({
    method: "POST",
    url: "/api/v1/eyewitness",
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}), ...headers },
  });
}

export type SubmittedAnswer = { success: boolean; message: string; report: OwnReportView };

/** A signed-in user with the given role (set in the database, as an admin would). */
export async function signedInAs(
  t: AccountsTestApp,
  role: UserRole,
  person: { email: string; firstname: string; lastname: string },
): Promise<string> {
  const token = await signedInUser(t.app, t.db, { ...person, password: "Kettle-Drum-42" });
  if (role !== "user") await t.db.update(users).set({ role }).where(eq(users.email, person.email));
  return token;
}

// Media files, made for real.

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 190, g: 90, b: 40 } } });

export const smallJpeg = (width = 64, height = 48) => solid(width, height).jpeg().toBuffer();
export const smallPng = () => solid(40, 30).png().toBuffer();
export const smallGif = () => solid(40, 30).gif().toBuffer();

/** A phone photo: landscape pixels with "turn 90°" in EXIF, the camera's make and a GPS position. */
export function jpegWithGps(): Promise<Buffer> {
  return solid(64, 48)
    .jpeg()
    .withMetadata({ orientation: 6 })
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

/** True when EXIF holds a GPS block (tag 0x8825, either byte order). */
export function hasGpsBlock(exif: Buffer | undefined): boolean {
  return Boolean(
    exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))),
  );
}

/** A real PNG of at least `bytes` bytes: noise does not compress. */
export async function noisyPng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 16;
  const png = await sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  if (png.length < bytes) throw new Error(`noisy PNG came out at ${png.length} bytes`);
  return png;
}

/** The start of an MP4 file: an ftyp box (which is what identifies the type), then media data. */
export function mp4Video(dataBytes = 2048, brand = "isom"): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftyp", 4, "latin1");
  ftyp.write(brand, 8, "latin1");
  ftyp.writeUInt32BE(512, 12);
  ftyp.write("isomiso2", 16, "latin1");
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(8 + dataBytes, 0);
  mdat.write("mdat", 4, "latin1");
  return Buffer.concat([ftyp, mdat, randomBytes(dataBytes)]);
}

// Review and publication.

export function decide(
  app: FastifyInstance,
  token: string | null,
  reportId: string,
  body: Partial<Record<"status" | "fromStatus" | "note" | "acknowledgedFindings", unknown>>,
) {
  return app.inject({
    method: "PATCH",
    url: `/api/v1/eyewitness/${reportId}/review`,
    payload: body,
    headers: token ? bearer(token) : {},
  });
}

export function reviewList(app: FastifyInstance, token: string, query = "") {
  return app.inject({ method: "GET", url: `/api/v1/eyewitness/reviews${query}`, headers: bearer(token) });
}

export function publishedList(app: FastifyInstance, query = "", headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url: `/api/v1/eyewitness/published${query}`, headers });
}

/** Submits a report and answers its id; `changes` replace some of the text fields. */
export async function reportOf(
  app: FastifyInstance,
  token: string,
  changes: Parameters<typeof fieldParts>[0] = {},
  extra: Part[] = [],
): Promise<SubmittedAnswer["report"]> {
  const response = await submitReport(app, token, [...fieldParts(changes), ...extra]);
  if (response.statusCode !== 201) throw new Error(`submit answered ${response.statusCode}`);
  return response.json<SubmittedAnswer>().report;
}

/**
 * Waits until every stored photo's WebP variants are made (the server makes them after its answer), and
 * the app's maker is idle, so a test may then change the rows without racing it.
 */
export async function variantsMade({
  app,
  db,
}: {
  app: FastifyInstance;
  db: DatabaseHandle["db"];
}): Promise<void> {
  await waitUntil(
    "every photo's variants are made",
    async () =>
      (await db.select({ id: reportMedia.id }).from(reportMedia).where(isNotNull(reportMedia.variantsDueAt)))
        .length === 0,
  );
  await app.variantMaker.settled();
}
