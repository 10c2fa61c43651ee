import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase } from "../../test/server/databases";
import { bundledFfmpegWarning, locateFfmpeg } from "./ffmpeg";
import { remuxArguments } from "./videos";

// Which ffmpeg runs: FFMPEG_PATH, else the system's, else the bundled fallback.

describe("finding ffmpeg", () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "ia-ffmpeg-"));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const fakeFfmpeg = async (name = "ffmpeg") => {
    const file = path.join(folder, name);
    await writeFile(file, "#!/bin/sh\nexit 0\n");
    await chmod(file, 0o755);
    return file;
  };

  it("takes FFMPEG_PATH first, and refuses one that cannot run", async () => {
    const configured = await fakeFfmpeg("my-ffmpeg");
    expect(await locateFfmpeg(configured, "/usr/bin")).toEqual({ path: configured, source: "FFMPEG_PATH" });
    await expect(locateFfmpeg(path.join(folder, "missing"))).rejects.toThrow(/FFMPEG_PATH/);
  });

  it("then the system's ffmpeg found on PATH", async () => {
    const system = await fakeFfmpeg();
    expect(await locateFfmpeg(undefined, `/nonexistent${path.delimiter}${folder}`)).toEqual({
      path: system,
      source: "system",
    });
  });

  it("falls back to the binary shipped in @ffmpeg-installer/ffmpeg when there is no other", async () => {
    const found = await locateFfmpeg(undefined, "");
    expect(found.source).toBe("bundled");
    expect(found.path).toMatch(/@ffmpeg-installer/);
  });
});

describe("the remux command", () => {
  it("reads local files only, in the sniffed format, and copies the streams without metadata", () => {
    const args = remuxArguments("/in.part", "/out.part", "video/mp4");
    const joined = args.join(" ");
    expect(joined).toContain("-protocol_whitelist file -f mov -i /in.part");
    expect(joined).toContain("-map 0:V:0 -map 0:a:0? -c copy");
    expect(joined).toContain("-map_metadata -1 -map_metadata:s -1 -map_chapters -1");
    expect(joined).toContain("-empty_hdlr_name 1 -movflags +faststart -f mp4 /out.part");
    expect(remuxArguments("/in", "/out", "video/x-msvideo")).not.toContain("-movflags");
    expect(remuxArguments("/in", "/out", "video/x-msvideo")).not.toContain("-empty_hdlr_name");
  });
});

describe("the warning about the bundled ffmpeg", () => {
  // One database for the file: opening PGlite is the slow part, and the apps built here only start up.
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(() => database.close());
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** The warnings an app logs while it is built, with PATH as given (no FFMPEG_PATH). */
  async function warningsOfAnAppWith(searchPath: string): Promise<string[]> {
    const uploadsDir = await mkdtemp(path.join(tmpdir(), "ia-uploads-"));
    const lines: string[] = [];
    try {
      // No ffmpeg on PATH: the only one left is the binary bundled in @ffmpeg-installer/ffmpeg.
      vi.stubEnv("PATH", searchPath);
      const t = await buildTestApp(database, {
        config: { logLevel: "warn", ffmpegPath: undefined, uploadsDir },
        logStream: { write: (line) => lines.push(line) },
      });
      vi.unstubAllEnvs();
      await t.app.close();
    } finally {
      await rm(uploadsDir, { recursive: true, force: true });
    }
    return lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 40)
      .map((line) => line.msg);
  }

  it("is logged when the app falls back to the bundled binary", async () => {
    expect(await warningsOfAnAppWith("")).toContain(bundledFfmpegWarning);
    expect(bundledFfmpegWarning).toMatch(/no security fixes.*apt-get install ffmpeg.*FFMPEG_PATH/);
  });

  it("is not logged when the system's ffmpeg is found", async () => {
    const system = await mkdtemp(path.join(tmpdir(), "ia-system-ffmpeg-"));
    try {
      await writeFile(path.join(system, "ffmpeg"), "#!/bin/sh\nexit 0\n");
      await chmod(path.join(system, "ffmpeg"), 0o755);
      expect(await warningsOfAnAppWith(system)).not.toContain(bundledFfmpegWarning);
    } finally {
      await rm(system, { recursive: true, force: true });
    }
  });
});
