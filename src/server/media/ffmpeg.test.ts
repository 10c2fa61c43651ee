import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { locateFfmpeg } from "./ffmpeg";
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
