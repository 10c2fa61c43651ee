import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isBuildStale, writeBuildStamp } from "./build-if-stale";

const root = mkdtempSync(path.join(tmpdir(), "atlas-build-stamp-"));

function fileAt(file: string, seconds: number, write = () => writeFileSync(file, "x")): string {
  mkdirSync(path.dirname(file), { recursive: true });
  write();
  // Folders count too (a deleted file changes its folder), so age them with the file.
  for (let target = file; target.length > root.length; target = path.dirname(target)) {
    utimesSync(target, seconds, seconds);
  }
  return file;
}

describe("starting without rebuilding", () => {
  const source = path.join(root, "src");
  const stamp = path.join(root, "build", ".build-complete");

  it("builds when no complete build exists", () => {
    fileAt(path.join(source, "a.ts"), 1_000);
    expect(isBuildStale(path.join(root, "missing"), [source])).toBe(true);
  });

  it("does not build when the build is newer than every source", () => {
    fileAt(path.join(source, "deep", "b.ts"), 2_000);
    fileAt(stamp, 3_000, () => writeBuildStamp(stamp));
    expect(isBuildStale(stamp, [source])).toBe(false);
  });

  it("builds again when a source file deep in a folder changes after the build", () => {
    fileAt(path.join(source, "deep", "b.ts"), 4_000);
    expect(isBuildStale(stamp, [source])).toBe(true);
  });

  it("builds again after a build whose stamp is not readable, or of the format that stamped settings", () => {
    fileAt(stamp, 6_000);
    expect(isBuildStale(stamp, [source])).toBe(true);
    fileAt(stamp, 7_000, () =>
      writeFileSync(stamp, JSON.stringify({ completedAt: "2026-11-01T00:00:00Z", environment: {} })),
    );
    expect(isBuildStale(stamp, [source])).toBe(true);
  });
});
