import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { reportServerMessages } from "../../domain/reports/report-rules";
import { emptyTables } from "../accounts/test-support";
import type { DatabaseHandle } from "../db/database";
import { eyewitnessReports, reportMedia } from "../db/schema";
import {
  buildReportsTestApp,
  emptyUploads,
  fieldParts,
  filesIn,
  mediaPart,
  signedInAs,
  smallJpeg,
  submitReport,
  type ReportsTestApp,
} from "../reports/test-support";
import { openTestDatabase } from "../test/databases";
import { sweepOrphanMedia } from "./orphan-sweep";
import { ABANDONED_AFTER_MS, MediaStorage, UploadBatch } from "./storage";

// A full disk is the server's problem, said as such (507, logged as an error, health failing), never
// a 400 "upload stopped". The disk-full errors are real: writes go to /dev/full, which answers ENOSPC.

describe("when the disk cannot take files", () => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    t = await buildReportsTestApp(database, { logLevel: "error" }, { write: (line) => logLines.push(line) });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(async () => {
    await emptyTables(database.db);
    await emptyUploads(t.uploadsDir);
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
    vi.spyOn(UploadBatch.prototype, "incomingFile").mockImplementation(async () => {
      const stream = createWriteStream("/dev/full");
      await once(stream, "open");
      return { path: "/dev/full", stream };
    });

    const response = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
    ]);

    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ success: false, message: reportServerMessages.storageUnavailable });
    expect(response.json().message).toBe("The server cannot store files right now. Please try again later.");
    expect(await t.db.select().from(eyewitnessReports)).toEqual([]);
    const errors = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(errors.some((line) => line.level >= 50 && /could not be stored/.test(line.msg))).toBe(true);
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
      status: "unavailable",
      database: "up",
      storage: "down",
      message: "The server cannot store files right now.",
    });
  });
});

describe("the sweep of files left by a process that died mid-upload", () => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    t = await buildReportsTestApp(database);
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
    await MediaStorage.open(t.uploadsDir);
    expect(await filesIn(t.uploadsDir)).toEqual(
      [
        row!.storageKey,
        ".incoming/0b1c2d3e-0000-4000-8000-000000000002.part",
        "ff/ff1c2d3e-0000-4000-8000-000000000003",
      ].sort(),
    );

    // The sweep (at start-up and periodically) removes the stored file without a row, never one with.
    const storage = await MediaStorage.open(t.uploadsDir);
    expect(await sweepOrphanMedia(storage, t.db, new Date())).toEqual({
      abandonedUploads: 0,
      orphanFiles: 1,
    });
    expect(await filesIn(t.uploadsDir)).toEqual(
      [row!.storageKey, ".incoming/0b1c2d3e-0000-4000-8000-000000000002.part"].sort(),
    );
    await rm(recentPart);
  });
});

describe("a process killed with SIGKILL in the middle of an upload", () => {
  it("leaves nothing once the next process starts", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "ia-killed-"));
    try {
      // A real process receiving a file: it writes part of it into its .incoming folder and goes on.
      const storageModule = path.resolve("src/server/media/storage.ts");
      const code = `
        import { MediaStorage } from ${JSON.stringify(storageModule)};
        const storage = await MediaStorage.open(process.env.UPLOADS_ROOT);
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
      expect(await filesIn(root)).toEqual([
        `.incoming/${receiver.pid}/0c1d2e3f-0000-4000-8000-000000000009.part`,
      ]);

      receiver.kill("SIGKILL");
      await once(receiver, "exit");
      // kill -9 ran no clean-up: the half-received file is still there.
      expect(await filesIn(root)).toHaveLength(1);

      await MediaStorage.open(root);

      expect(await filesIn(root)).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
