import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reportServerMessages } from "../../domain/reports/report-rules";
import { emptyTables } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { reportMedia } from "../db/schema";
import {
  buildReportsTestApp,
  emptyUploads,
  fieldParts,
  filesIn,
  mediaPart,
  readStored,
  mp4Video,
  signedInAs,
  submitReport,
  type ReportsTestApp,
} from "../../test/server/reports";
import { openTestDatabase } from "../../test/server/databases";
import {
  describeVideo,
  ffmpegPath,
  ffprobeBeside,
  revealingTags,
  revealingVideo,
  type TestVideoFormat,
} from "../../test/server/videos";

// Every stored video is remuxed without metadata: a location, a date, a device, a title, chapters or a
// subtitle would tell who filmed it and where, and a verified report's video is public.

const formats: { format: TestVideoFormat; contentType: string }[] = [
  { format: "mp4", contentType: "video/mp4" },
  { format: "mov", contentType: "video/quicktime" },
  { format: "avi", contentType: "video/x-msvideo" },
];

/** Tags the MP4/MOV muxer writes by itself into every file (the brands), which say nothing about anyone. */
const containerTags = new Set(["major_brand", "minor_version", "compatible_brands"]);
/**
 * Fields every MP4/MOV track has, which readers show as tags: the language code (mdhd), left undefined,
 * and the vendor code of the sample description, a fixed value ("FFMP", or zeros).
 */
const structuralStreamTags: Record<string, readonly string[]> = {
  language: ["und"],
  vendor_id: ["[0][0][0][0]", "FFMP"],
};
/** Never in a stored file: who, where, when, with what. */
const forbiddenTags = [
  "creation_time",
  "location",
  "location-eng",
  "com.apple.quicktime.location.ISO6709",
  "make",
  "model",
  "com.apple.quicktime.make",
  "com.apple.quicktime.model",
  "title",
  "comment",
  "handler_name",
  "encoder",
];

describe("videos are stored without their metadata", () => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let reporter: string;
  /** ffprobe reads the stored files when it sits beside ffmpeg (Debian's package); else `ffmpeg -i`. */
  let reader: "ffprobe" | "ffmpeg -i";

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    t = await buildReportsTestApp(database);
    reader = (await ffprobeBeside(await ffmpegPath())) ? "ffprobe" : "ffmpeg -i";
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(async () => {
    await emptyTables(database.db);
    await emptyUploads(t);
    reporter = await signedInAs(t, "user", {
      email: "amina@example.org",
      firstname: "Amina",
      lastname: "Bello",
    });
  });

  it.each(formats)(
    "$format: one video and one audio stream, no tags, chapters or subtitles",
    async ({ format, contentType }) => {
      const original = await revealingVideo(format);
      // The fixture really carries what a phone leaves (checked with ffmpeg's own reading of it).
      const before = await describeVideo(original, format);
      expect(before.text).toContain(
        format === "avi" ? revealingTags.streamTitle : revealingTags.location.slice(0, 8),
      );
      expect(before.streams.length).toBeGreaterThanOrEqual(2);
      if (format !== "avi") {
        expect(before.chapters).toBe(1);
        expect(before.streams.map((stream) => stream.kind)).toContain("subtitle");
        expect(before.globalTags).toHaveProperty("creation_time");
      }

      const response = await submitReport(t.app, reporter, [
        ...fieldParts(),
        mediaPart(`clip.${format}`, contentType, original),
      ]);

      expect(response.statusCode).toBe(201);
      const [row] = await t.db.select().from(reportMedia);
      expect(row).toMatchObject({ kind: "video", contentType });
      const stored = await readStored(t, row!.storageKey);
      expect(row!.bytes).toBe(stored.length);

      const after = await describeVideo(stored, format);
      expect(after.reader).toBe(reader);
      // Exactly one video stream, at most one audio stream (the fixture has one), nothing else.
      const kinds = after.streams.map((stream) => stream.kind);
      expect(kinds.filter((kind) => kind === "video")).toHaveLength(1);
      expect(kinds.filter((kind) => kind === "audio").length).toBeLessThanOrEqual(1);
      expect(kinds).toEqual(["video", "audio"]);
      for (const kind of ["subtitle", "data", "attachment"]) expect(kinds).not.toContain(kind);
      expect(after.chapters).toBe(0);
      for (const key of Object.keys(after.globalTags))
        expect(containerTags, `global tag ${key}`).toContain(key);
      if (format === "avi") expect(after.globalTags).toEqual({});
      for (const stream of after.streams) {
        for (const [key, value] of Object.entries(stream.tags)) {
          expect(Object.keys(structuralStreamTags), `${stream.kind} stream tag ${key}`).toContain(key);
          expect(structuralStreamTags[key], `${stream.kind} stream tag ${key}`).toContain(value);
        }
      }
      for (const tag of forbiddenTags) {
        expect(after.globalTags, `global tag ${tag}`).not.toHaveProperty([tag]);
        for (const stream of after.streams)
          expect(stream.tags, `stream tag ${tag}`).not.toHaveProperty([tag]);
      }
      const bytes = stored.toString("latin1");
      for (const revealing of Object.values(revealingTags)) expect(bytes).not.toContain(revealing);
      expect(bytes).not.toContain("Lavf");
      if (format !== "avi") {
        // faststart: the index (moov) comes before the media data, so playback starts at once.
        expect(bytes.indexOf("moov")).toBeGreaterThan(0);
        expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
      }
      // Nothing of the original is left anywhere in the uploads folder.
      expect(await filesIn(t)).toEqual([row!.storageKey]);
    },
  );

  it("refuses a video that cannot be remuxed with 422, and stores nothing of it", async () => {
    const response = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("broken.mp4", "video/mp4", mp4Video(20_000)),
    ]);

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      code: "UNPROCESSABLE",
      message: reportServerMessages.videoUnreadable("broken.mp4"),
      problem: { key: "code.UNPROCESSABLE", params: {} },
    });
    expect(await t.db.select().from(reportMedia)).toEqual([]);
    expect(await filesIn(t)).toEqual([]);
  });
});

describe("a remux that takes too long", () => {
  // The server, the account and the video are made before the test (under the hooks' longer cap): on a
  // busy machine opening a database and hashing a password can take many seconds, none of them the remux's.
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let reporter: string;
  let video: Buffer;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    t = await buildReportsTestApp(database, { videoRemuxTimeoutMs: 1 });
    reporter = await signedInAs(t, "user", { email: "bola@example.org", firstname: "Bola", lastname: "Ade" });
    video = await revealingVideo("mp4");
  });
  afterAll(async () => {
    // Also when beforeAll failed: its own error is the one to read.
    await t?.app.close();
    await database?.close();
  });

  it("is stopped and the video refused with 422, nothing stored", async () => {
    const response = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("clip.mp4", "video/mp4", video),
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(reportServerMessages.videoUnreadable("clip.mp4"));
    expect(await filesIn(t)).toEqual([]);
  });
});
