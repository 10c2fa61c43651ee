import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// Start-up with bad configuration stops at once, exit code 1, naming the variable (no stack trace).
function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("start-up", () => {
  it("fails fast with a clear message on a bad PORT", () => {
    const result = start({ PORT: "eighty" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toMatch(/PORT: /);
  });

  it("fails fast when DATABASE_URL is not a PostgreSQL URL", () => {
    const result = start({ DATABASE_URL: "mysql://localhost/db" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/DATABASE_URL: /);
  });

  it("fails in one line naming DATA_DIR when it is read-only or cannot be made", () => {
    for (const dataDir of ["/sys/inclusion-atlas-data", "/dev/null/data"]) {
      const result = start({ DATA_DIR: dataDir, PORT: "0" });
      expect(result.status, dataDir).toBe(1);
      const lines = result.stderr.trim().split("\n");
      expect(lines, dataDir).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^DATA_DIR ${dataDir} cannot be used: `));
    }
  });
});
