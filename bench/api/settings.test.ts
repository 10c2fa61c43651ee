import { describe, expect, it } from "vitest";
import { DEFAULT_POSTGRES_ADMIN_URL, readSettings, SettingsError } from "./settings";

describe("readSettings", () => {
  it("runs 10 s per scenario, 2 s of warm-up and 60 s of memory run by default", () => {
    expect(readSettings({})).toEqual({
      durationSeconds: 10,
      warmupSeconds: 2,
      memoryDurationSeconds: 60,
      requestTimeoutSeconds: 30,
      connections: [10, 100],
      users: 100_000,
      search: "ada",
      postgresAdminUrl: DEFAULT_POSTGRES_ADMIN_URL,
    });
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
