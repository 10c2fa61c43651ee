import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import type { FastifyBaseLogger } from "fastify";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { reportServerMessages } from "../../domain/reports/report-rules";
import { bearer, buildTestApp, emptyTables, testConfig } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { eyewitnessReports, reportMedia, reportMediaVariants } from "../db/schema";
import {
  buildReportsTestApp,
  emptyUploads,
  fieldParts,
  filesIn,
  mediaPart,
  mp4Video,
  signedInAs,
  smallJpeg,
  submitReport,
  type ReportsTestApp,
} from "../../test/server/reports";
import { openTestDatabase } from "../../test/server/databases";
import { orphanAgeMs, startOrphanSweep, sweepOrphanMedia, type SweepResult } from "./orphan-sweep";
import { ABANDONED_AFTER_MS } from "./media-store";
import { LocalMediaStore, LocalUploadBatch } from "./storage";
import { startTestS3Server } from "../../test/server/s3-server";

// A full disk is the server's problem, said as such (507, logged as an error, health failing), never
// a 400 "upload stopped". The disk-full errors are real: writes go to /dev/full, which answers ENOSPC.
// A read-only folder cannot be made here (the tests may run as root, for whom chmod changes nothing),
// so its error is the one Node gives on a read-only file system, thrown where the first write happens.

describe("when the disk cannot take files", () => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    // Disk failures are the uploads folder's: this suite stays on it whatever the run's media store.
    t = await buildReportsTestApp(
      database,
      { logLevel: "error", s3: undefined },
      { write: (line) => logLines.push(line) },
    );
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(async () => {
    await emptyTables(database.db);
    await emptyUploads(t);
    logLines.length = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers an upload 507 with a sentence, logs an error, and keeps nothing", async () => {
    const reporter = await signedInAs(t, "user", {
      email: "amina@example.org",
      firstname: "Amina",
      lastname: "Bello",
    });
    vi.spyOn(LocalUploadBatch.prototype, "incomingFile").mockImplementation(async () => {
      const stream = createWriteStream("/dev/full");
      await once(stream, "open");
      return { path: "/dev/full", stream };
    });

    const response = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
    ]);

    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({
      success: false,
      message: reportServerMessages.storageUnavailable,
      code: "STORAGE_FULL",
      problem: { key: "code.STORAGE_FULL", params: {} },
    });
    expect(response.json().message).toBe(
      "The server cannot save anything right now. Please try again later.",
    );
    expect(await t.db.select().from(eyewitnessReports)).toEqual([]);
    const errors = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(errors.some((line) => line.level >= 50 && /could not be stored/.test(line.msg))).toBe(true);
  });

  const errorsLogged = () =>
    logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level >= 50)
      .map((line) => line.msg);

  async function expectRefusedAndNothingKept(response: { statusCode: number; json(): unknown }) {
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({
      success: false,
      code: "STORAGE_FULL",
      message: "The server cannot save anything right now. Please try again later.",
      problem: { key: "code.STORAGE_FULL", params: {} },
    });
    expect(await t.db.select().from(eyewitnessReports)).toEqual([]);
    expect(await t.db.select().from(reportMedia)).toEqual([]);
    expect(await filesIn(t)).toEqual([]);
    expect(errorsLogged().some((message) => /could not be stored/.test(message))).toBe(true);
  }

  it("answers 507 when the uploads folder is read-only, logs an error, and keeps nothing", async () => {
    const reporter = await signedInAs(t, "user", {
      email: "chidi@example.org",
      firstname: "Chidi",
      lastname: "Obi",
    });
    vi.spyOn(LocalUploadBatch.prototype, "incomingFile").mockImplementation(async function (
      this: LocalUploadBatch,
    ) {
      const folder = path.join(t.uploadsDir, ".incoming");
      throw Object.assign(new Error(`EROFS: read-only file system, mkdir '${folder}'`), {
        errno: -30,
        code: "EROFS",
        syscall: "mkdir",
        path: folder,
      });
    });

    const response = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
    ]);

    await expectRefusedAndNothingKept(response);
  });

  it("answers a video upload 507 on a full disk, logs an error, and keeps nothing", async () => {
    const reporter = await signedInAs(t, "user", {
      email: "dayo@example.org",
      firstname: "Dayo",
      lastname: "Ojo",
    });
    // The video's bytes are streamed to disk as they arrive: here the disk is /dev/full.
    vi.spyOn(LocalUploadBatch.prototype, "incomingFile").mockImplementation(async () => {
      const stream = createWriteStream("/dev/full");
      await once(stream, "open");
      return { path: "/dev/full", stream };
    });

    const response = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("clip.mp4", "video/mp4", mp4Video(200_000)),
    ]);

    await expectRefusedAndNothingKept(response);
  });

  it("refuses to save a report whose stored file vanished, with 503, and keeps nothing", async () => {
    const reporter = await signedInAs(t, "user", {
      email: "efe@example.org",
      firstname: "Efe",
      lastname: "Ugo",
    });
    // The first photo's file disappears once in place, as an over-eager sweep would remove it.
    const keep = LocalUploadBatch.prototype.keep;
    let kept = 0;
    vi.spyOn(LocalUploadBatch.prototype, "keep").mockImplementation(async function (
      this: LocalUploadBatch,
      incomingPath: string,
      mediaId: string,
    ) {
      const key = await keep.call(this, incomingPath, mediaId);
      if (kept++ === 0) await rm(path.join(t.uploadsDir, key));
      return key;
    });

    const response = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
      mediaPart("door.jpg", "image/jpeg", await smallJpeg()),
    ]);

    expect(kept).toBe(2);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      message: reportServerMessages.mediaLost,
      code: "UNAVAILABLE",
      problem: { key: "code.UNAVAILABLE", params: {} },
    });
    expect(await t.db.select().from(eyewitnessReports)).toEqual([]);
    expect(await t.db.select().from(reportMedia)).toEqual([]);
    expect(await filesIn(t)).toEqual([]);
    expect(errorsLogged().some((message) => /vanished before the report was saved/.test(message))).toBe(true);
  });

  it("reports the storage check as failing in /api/v1/health", async () => {
    // The probe file is written where uploads go; here it leads to /dev/full.
    const incoming = path.join(t.uploadsDir, ".incoming", String(process.pid));
    await mkdir(incoming, { recursive: true });
    await symlink("/dev/full", path.join(incoming, "health.probe"));

    const response = await t.app.inject({ method: "GET", url: "/api/v1/health" });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      code: "UNAVAILABLE",
      status: "unavailable",
      database: "up",
      storage: "down",
      rateLimits: "ok",
      mail: "files",
      warnings: [],
      message: "The server cannot store files right now.",
      problem: { key: "code.UNAVAILABLE", params: {} },
    });
  });
});

describe("the sweep of files left by a process that died mid-upload", () => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    // Files dated by hand: the uploads folder's (the contract tests sweep both stores).
    t = await buildReportsTestApp(database, { s3: undefined });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  const longAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);

  it("removes old .part files and stored files no report names, at start-up and in each sweep", async () => {
    const reporter = await signedInAs(t, "user", {
      email: "bola@example.org",
      firstname: "Bola",
      lastname: "Ade",
    });
    const kept = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
    ]);
    expect(kept.statusCode).toBe(201);
    const [row] = await t.db.select().from(reportMedia);
    const keptFile = path.join(t.uploadsDir, row!.storageKey);

    // What kill -9 leaves: a half-written .part, and a file moved into place before its row was written.
    const incoming = path.join(t.uploadsDir, ".incoming");
    await mkdir(incoming, { recursive: true });
    const part = path.join(incoming, "0b1c2d3e-0000-4000-8000-000000000001.part");
    const recentPart = path.join(incoming, "0b1c2d3e-0000-4000-8000-000000000002.part");
    const orphan = path.join(t.uploadsDir, "ff", "ff1c2d3e-0000-4000-8000-000000000003");
    await mkdir(path.dirname(orphan), { recursive: true });
    for (const file of [part, recentPart, orphan]) await writeFile(file, "left behind");
    for (const file of [part, orphan, keptFile]) await utimes(file, longAgo, longAgo);

    // At start-up: opening the store removes the abandoned .part.
    await LocalMediaStore.open(t.uploadsDir);
    expect(await filesIn(t)).toEqual(
      [
        row!.storageKey,
        ".incoming/0b1c2d3e-0000-4000-8000-000000000002.part",
        "ff/ff1c2d3e-0000-4000-8000-000000000003",
      ].sort(),
    );

    // The sweep (at start-up and periodically) removes the stored file without a row, never one with.
    const storage = await LocalMediaStore.open(t.uploadsDir);
    expect(await sweepOrphanMedia(storage, t.db, new Date(), ABANDONED_AFTER_MS)).toEqual({
      abandonedUploads: 0,
      orphanFiles: 1,
    });
    expect(await filesIn(t)).toEqual(
      [row!.storageKey, ".incoming/0b1c2d3e-0000-4000-8000-000000000002.part"].sort(),
    );
    await rm(recentPart);
  });
});

describe("the sweep never removes a file of an upload still in progress", () => {
  let database: DatabaseHandle;
  let root: string;
  const minute = 60 * 1000;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "ia-sweep-"));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await rm(root, { recursive: true, force: true });
  });

  /** A stored file that no report names, last changed `ageMs` ago. */
  async function rowlessFile(name: string, ageMs: number): Promise<string> {
    const key = `${name.slice(0, 2)}/${name}`;
    await mkdir(path.join(root, name.slice(0, 2)), { recursive: true });
    await writeFile(path.join(root, key), "a photo whose report is still arriving");
    const changed = new Date(Date.now() - ageMs);
    await utimes(path.join(root, key), changed, changed);
    return key;
  }

  it("waits longer than the longest request the timeouts allow, then removes a row-less file", async () => {
    const requestMs = 30 * minute;
    const olderThanMs = orphanAgeMs({ requestMs, videoRemuxTimeoutMs: 2 * minute });
    expect(olderThanMs).toBeGreaterThan(requestMs + 2 * minute);
    // Received in the first minute of a 30-minute upload: older than the request, younger than the limit.
    const young = await rowlessFile("a1c2d3e4-0000-4000-8000-000000000001", olderThanMs - minute);
    const old = await rowlessFile("b1c2d3e4-0000-4000-8000-000000000002", olderThanMs + minute);
    const storage = await LocalMediaStore.open(root);

    expect(await sweepOrphanMedia(storage, database.db, new Date(), olderThanMs)).toEqual({
      abandonedUploads: 0,
      orphanFiles: 1,
    });
    expect(await filesIn({ uploadsDir: root, s3: undefined })).toEqual([young]);
    expect(await filesIn({ uploadsDir: root, s3: undefined })).not.toContain(old);
  });

  it("uses the configured timeouts in the app: a file as old as the whole-request timeout stays", async () => {
    // With the default 30-minute request timeout, a 40-minute-old file may belong to a live upload.
    const live = await rowlessFile("c1c2d3e4-0000-4000-8000-000000000003", 40 * minute);
    const orphan = await rowlessFile("d1c2d3e4-0000-4000-8000-000000000004", 90 * minute);
    expect(testConfig().httpTimeouts.requestMs).toBe(30 * minute);
    const t = await buildTestApp(database, { config: { uploadsDir: root } });
    // Closing the app waits for the sweep it started.
    await t.app.close();

    expect(await filesIn({ uploadsDir: root, s3: undefined })).toEqual([live]);
    expect(orphan).not.toBe(live);
  });

  it("sweeps again after each interval", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const storage = await LocalMediaStore.open(root);
    const sweeps = vi.spyOn(storage, "removeAbandonedUploads");
    let reported: (result: SweepResult) => void = () => undefined;
    const nextReport = () => new Promise<SweepResult>((resolve) => (reported = resolve));
    const log = {
      warn: (result: SweepResult) => reported(result),
      error: vi.fn(),
    } as unknown as FastifyBaseLogger;

    await rowlessFile("e1c2d3e4-0000-4000-8000-000000000005", 2 * minute);
    const first = nextReport();
    const stop = startOrphanSweep(storage, database.db, log, () => new Date(), {
      olderThanMs: minute,
      intervalMs: 10 * minute,
    });
    expect(await first).toEqual({ abandonedUploads: 0, orphanFiles: 1 });
    expect(sweeps).toHaveBeenCalledTimes(1);

    // A file left later is removed by the next sweep, which comes once the interval has passed.
    await rowlessFile("f1c2d3e4-0000-4000-8000-000000000006", 2 * minute);
    vi.advanceTimersByTime(10 * minute - 1);
    expect(sweeps).toHaveBeenCalledTimes(1);
    const second = nextReport();
    vi.advanceTimersByTime(1);
    expect(sweeps).toHaveBeenCalledTimes(2);
    expect(await second).toEqual({ abandonedUploads: 0, orphanFiles: 1 });
    expect(await filesIn({ uploadsDir: root, s3: undefined })).toEqual([]);

    await stop();
    vi.advanceTimersByTime(30 * minute);
    expect(sweeps).toHaveBeenCalledTimes(2);
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe("a process killed with SIGKILL in the middle of an upload", () => {
  it("leaves nothing once the next process starts", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "ia-killed-"));
    try {
      // A real process receiving a file: it writes part of it into its .incoming folder and goes on.
      const storageModule = path.resolve("src/server/media/storage.ts");
      const code = `
        import { LocalMediaStore } from ${JSON.stringify(storageModule)};
        const storage = await LocalMediaStore.open(process.env.UPLOADS_ROOT);
        const file = await storage.startBatch().incomingFile("0c1d2e3f-0000-4000-8000-000000000009");
        file.stream.write(Buffer.alloc(65536, 1), () => console.log("receiving"));
        setInterval(() => {}, 1000);
      `;
      const receiver = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
        env: { ...process.env, UPLOADS_ROOT: root },
        stdio: ["ignore", "pipe", "inherit"],
      });
      const [line] = (await once(receiver.stdout!, "data")) as [Buffer];
      expect(line.toString()).toContain("receiving");
      expect(await filesIn({ uploadsDir: root, s3: undefined })).toEqual([
        `.incoming/${receiver.pid}/0c1d2e3f-0000-4000-8000-000000000009.part`,
      ]);

      receiver.kill("SIGKILL");
      await once(receiver, "exit");
      // kill -9 ran no clean-up: the half-received file is still there.
      expect(await filesIn({ uploadsDir: root, s3: undefined })).toHaveLength(1);

      await LocalMediaStore.open(root);

      expect(await filesIn({ uploadsDir: root, s3: undefined })).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("a process killed with SIGKILL in the middle of a remux or of a photo's variants", () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(() => database.close());

  it("leaves at the next start no file that no row names, and keeps every file a row names", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "ia-killed-"));
    try {
      // A saved report, whose photo's row is committed.
      const t = await buildReportsTestApp(database, { s3: undefined, uploadsDir: root });
      const reporter = await signedInAs(t, "user", {
        email: "femi@example.org",
        firstname: "Femi",
        lastname: "Ade",
      });
      const saved = await submitReport(t.app, reporter, [
        ...fieldParts(),
        mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
      ]);
      expect(saved.statusCode).toBe(201);
      await t.app.variantMaker.settled();
      await t.app.close();
      const named = (await database.db.select().from(reportMedia)).map((row) => row.storageKey);
      const variantsNamed = (await database.db.select().from(reportMediaVariants)).map(
        (row) => row.storageKey,
      );

      // A real process at work: two WebP variants stored, their rows not yet written; a video remuxed
      // and stored, its report not yet written; the report's photo stored again and its row committed,
      // the process killed before it confirmed; and a second video half-way through its remux.
      const storageModule = path.resolve("src/server/media/storage.ts");
      const code = `
        import { once } from "node:events";
        import { LocalMediaStore } from ${JSON.stringify(storageModule)};
        const storage = await LocalMediaStore.open(process.env.UPLOADS_ROOT);
        const batch = storage.startBatch();
        await batch.store("0d1e2f30-0000-4000-8000-000000000320", Buffer.from("variant 320"), "image/webp");
        await batch.store("0d1e2f30-0000-4000-8000-000000000640", Buffer.from("variant 640"), "image/webp");
        const remuxed = await batch.incomingFile("0d1e2f30-0000-4000-8000-0000000000a1");
        remuxed.stream.end(Buffer.alloc(4096, 7));
        await once(remuxed.stream, "close");
        await batch.keep(remuxed.path, "0d1e2f30-0000-4000-8000-0000000000a1", "video/mp4");
        await storage.incoming.markStored(process.env.NAMED_KEY);
        const remuxing = await batch.incomingFile("0d1e2f30-0000-4000-8000-0000000000a2");
        remuxing.stream.write(Buffer.alloc(65536, 1), () => console.log("working"));
        setInterval(() => {}, 1000);
      `;
      const worker = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
        env: { ...process.env, UPLOADS_ROOT: root, NAMED_KEY: named[0] },
        stdio: ["ignore", "pipe", "inherit"],
      });
      const [line] = (await once(worker.stdout!, "data")) as [Buffer];
      expect(line.toString()).toContain("working");
      worker.kill("SIGKILL");
      await once(worker, "exit");
      const left = await filesIn({ uploadsDir: root, s3: undefined });
      expect(left).toEqual(
        expect.arrayContaining([
          "0d/0d1e2f30-0000-4000-8000-000000000320",
          "0d/0d1e2f30-0000-4000-8000-0000000000a1",
          `.incoming/${worker.pid}/0d1e2f30-0000-4000-8000-0000000000a2.part`,
          `.incoming/${worker.pid}/0d1e2f30-0000-4000-8000-000000000320.stored`,
        ]),
      );

      // The next start: the store is opened, and the sweep runs at once with the configured window.
      const storage = await LocalMediaStore.open(root);
      const window = orphanAgeMs({
        requestMs: testConfig().httpTimeouts.requestMs,
        videoRemuxTimeoutMs: testConfig().videoRemuxTimeoutMs,
      });
      expect(await sweepOrphanMedia(storage, database.db, new Date(), window)).toEqual({
        abandonedUploads: 0,
        orphanFiles: 3,
      });

      expect(await filesIn({ uploadsDir: root, s3: undefined })).toEqual([...named, ...variantsNamed].sort());
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("when the S3 store is out of reach", () => {
  let database: DatabaseHandle;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(() => database.close());

  it("answers an upload 503 with a sentence, logs an error, fails the health check and keeps nothing", async () => {
    const s3 = await startTestS3Server();
    const t = await buildReportsTestApp(
      database,
      { logLevel: "error", s3: s3.settings },
      { write: (line) => logLines.push(line) },
    );
    try {
      const reporter = await signedInAs(t, "user", {
        email: "amina@example.org",
        firstname: "Amina",
        lastname: "Bello",
      });
      // The store goes away after the start-up check: its port is closed.
      await s3.close();

      const response = await submitReport(t.app, reporter, [
        ...fieldParts(),
        mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
      ]);

      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("10");
      expect(response.json()).toEqual({
        success: false,
        message: "The service is not available right now. Please try again in a moment.",
        code: "UNAVAILABLE",
        problem: { key: "code.UNAVAILABLE", params: {} },
      });
      expect(await t.db.select().from(eyewitnessReports)).toEqual([]);
      expect(await t.db.select().from(reportMedia)).toEqual([]);
      // Nothing but the mark of the photo whose upload failed: the store could not say whether the
      // object appeared, so the photo's key stays marked for the sweep to remove once it is back.
      expect(await filesIn({ uploadsDir: t.uploadsDir, s3: undefined })).toEqual([
        expect.stringMatching(/^\.incoming\/\d+\/[0-9a-f-]{36}\.stored$/),
      ]);
      const errors = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(
        errors.some(
          (line) => line.level >= 50 && /the S3 bucket "atlas-media" could not be reached/.test(line.msg),
        ),
      ).toBe(true);

      const health = await t.app.inject({ method: "GET", url: "/api/v1/health" });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ storage: "down" });
    } finally {
      await t.app.close();
    }
  });

  it("answers a request for a stored photo 503, not 500, while the store is out of reach", async () => {
    const s3 = await startTestS3Server();
    const t = await buildReportsTestApp(database, { s3: s3.settings });
    try {
      const reporter = await signedInAs(t, "user", {
        email: "bola@example.org",
        firstname: "Bola",
        lastname: "Ade",
      });
      const sent = await submitReport(t.app, reporter, [
        ...fieldParts(),
        mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
      ]);
      expect(sent.statusCode).toBe(201);
      const [photo] = await t.db.select().from(reportMedia);
      // Its variants are made (or given up) before the store goes, so nothing else reads it meanwhile.
      await t.app.variantMaker.settled();
      const url = `/media/${photo!.id}`;
      expect((await t.app.inject({ method: "GET", url, headers: bearer(reporter) })).statusCode).toBe(200);

      await s3.close();

      for (const method of ["GET", "HEAD"] as const) {
        const response = await t.app.inject({ method, url, headers: bearer(reporter) });
        expect(response.statusCode).toBe(503);
        expect(response.headers["retry-after"]).toBe("10");
        if (method === "GET") expect(response.json()).toMatchObject({ success: false, code: "UNAVAILABLE" });
      }
    } finally {
      await t.app.close();
    }
  });

  it("stops the start-up with the reason when the bucket cannot be used", async () => {
    const s3 = await startTestS3Server();
    try {
      await expect(
        buildReportsTestApp(database, { s3: { ...s3.settings, bucket: "no-such-bucket" } }),
      ).rejects.toThrow(
        /The S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used: NotFound/,
      );
    } finally {
      await s3.close();
    }
  });
});
