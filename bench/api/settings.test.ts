import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_POSTGRES_ADMIN_URL,
  isServableWebBuild,
  readSettings,
  selectableRuns,
  SettingsError,
} from "./settings";

describe("readSettings", () => {
  it("runs 10 s per scenario, 2 s of warm-up and 60 s of memory run by default", () => {
    expect(readSettings({})).toEqual({
      cpuProfileDir: null,
      durationSeconds: 10,
      warmupSeconds: 2,
      memoryDurationSeconds: 60,
      instanceCpuQuota: 0.3,
      scaleOutRounds: 5,
      webBuildDir: path.resolve("build/client"),
      requestTimeoutSeconds: 30,
      connections: [10, 100],
      users: 100_000,
      search: "ada",
      postgresAdminUrl: DEFAULT_POSTGRES_ADMIN_URL,
      selection: {
        runs: selectableRuns,
        databases: ["pglite", "postgres"],
        baseline: null,
        rounds: 1,
        partial: false,
      },
    });
  });

  it("selects scenarios, databases and connection levels, in the bench's own order, as a partial run", () => {
    const settings = readSettings({
      BENCH_SCENARIOS: "users-search, health",
      BENCH_DATABASES: "postgres",
      BENCH_API_CONNECTIONS: "10",
      BENCH_API_BASELINE: "HEAD~1",
      BENCH_API_ROUNDS: "3",
    });
    expect(settings.connections).toEqual([10]);
    expect(settings.selection).toEqual({
      runs: ["health", "users-search"],
      databases: ["postgres"],
      baseline: "HEAD~1",
      rounds: 3,
      partial: true,
    });
    expect(readSettings({ BENCH_DATABASES: "pglite" }).selection.partial).toBe(true);
    const profiled = readSettings({ BENCH_API_CPU_PROFILE: "profiles" });
    expect(profiled.cpuProfileDir).toBe(path.resolve("profiles"));
    expect(profiled.selection.partial).toBe(true);
  });

  it("takes the scale-out instances' CPU quota, rounds and web build from the environment", () => {
    const settings = readSettings({ BENCH_INSTANCE_CPU_QUOTA: "0.25", BENCH_WEB_BUILD_DIR: "/srv/web" });
    expect(settings.instanceCpuQuota).toBe(0.25);
    expect(settings.webBuildDir).toBe("/srv/web");
    expect(settings.selection.partial).toBe(true);
    expect(readSettings({ BENCH_INSTANCE_CPU_QUOTA: "none" }).instanceCpuQuota).toBeNull();
    const oneRound = readSettings({ BENCH_SCALE_OUT_ROUNDS: "1" });
    expect(oneRound.scaleOutRounds).toBe(1);
    expect(oneRound.selection.partial).toBe(true);
    expect(() => readSettings({ BENCH_SCALE_OUT_ROUNDS: "2.5" })).toThrow(
      'BENCH_SCALE_OUT_ROUNDS must be a whole number from 1 to 9 (got "2.5").',
    );
    expect(() => readSettings({ BENCH_INSTANCE_CPU_QUOTA: "half" })).toThrow(
      'BENCH_INSTANCE_CPU_QUOTA must be a share of a core from 0.1 to 64, or "none" (got "half").',
    );
  });

  it("refuses an unknown scenario, database, connection level or baseline, naming what is known", () => {
    expect(() => readSettings({ BENCH_SCENARIOS: "health,heath" })).toThrow(
      /^BENCH_SCENARIOS must list some of bare, health, .*scale-out, separated by commas \(got "health,heath"\)\.$/,
    );
    expect(() => readSettings({ BENCH_DATABASES: "mysql" })).toThrow(SettingsError);
    expect(() => readSettings({ BENCH_API_CONNECTIONS: "10,0" })).toThrow(
      'BENCH_API_CONNECTIONS must list whole numbers from 1 to 1000, separated by commas (got "10,0").',
    );
    expect(() => readSettings({ BENCH_API_BASELINE: "main; rm -rf /" })).toThrow(SettingsError);
    expect(() => readSettings({ BENCH_API_ROUNDS: "0" })).toThrow(SettingsError);
  });

  it("takes shorter runs from the environment, for development", () => {
    const settings = readSettings({
      BENCH_API_DURATION: "3",
      BENCH_API_WARMUP: "0",
      BENCH_API_MEMORY_DURATION: "35",
    });
    expect(settings).toMatchObject({ durationSeconds: 3, warmupSeconds: 0, memoryDurationSeconds: 35 });
  });

  it("uses BENCH_DATABASE_URL, else TEST_DATABASE_URL, for PostgreSQL", () => {
    expect(readSettings({ TEST_DATABASE_URL: "postgres://tests@db/test" }).postgresAdminUrl).toBe(
      "postgres://tests@db/test",
    );
    expect(
      readSettings({
        BENCH_DATABASE_URL: "postgres://bench@db/postgres",
        TEST_DATABASE_URL: "postgres://x@y/z",
      }).postgresAdminUrl,
    ).toBe("postgres://bench@db/postgres");
  });

  it("refuses a duration that is not a number of seconds, naming the variable", () => {
    expect(() => readSettings({ BENCH_API_DURATION: "ten" })).toThrow(SettingsError);
    expect(() => readSettings({ BENCH_API_DURATION: "0" })).toThrow(
      'BENCH_API_DURATION must be a number of seconds, at least 1 (got "0").',
    );
  });
});

describe("isServableWebBuild", () => {
  it("takes a browser build with the server's renderer beside it, and nothing less", async () => {
    const { mkdtemp, mkdir, writeFile, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const root = await mkdtemp(path.join(tmpdir(), "bench-web-build-"));
    try {
      const client = path.join(root, "client");
      expect(isServableWebBuild(client)).toBe(false);
      await mkdir(path.join(client, "assets"), { recursive: true });
      expect(isServableWebBuild(client)).toBe(false);
      await mkdir(path.join(root, "server"));
      await writeFile(path.join(root, "server", "index.js"), "export {};\n");
      expect(isServableWebBuild(client)).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
