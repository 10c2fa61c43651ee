// The API bench's settings, from the environment, checked before anything starts.

export interface ApiBenchSettings {
  /** Seconds of measured load per scenario and connection level (BENCH_API_DURATION, default 10). */
  durationSeconds: number;
  /** Seconds of unmeasured load before each measured run (BENCH_API_WARMUP, default 2; 0: none). */
  warmupSeconds: number;
  /** Seconds of the memory run (BENCH_API_MEMORY_DURATION, default 60; at least 30 to judge flatness). */
  memoryDurationSeconds: number;
  /** A request unanswered after this long counts as an error: an upload queued behind 99 others may wait. */
  requestTimeoutSeconds: number;
  connections: number[];
  users: number;
  search: string;
  /**
   * A PostgreSQL server the bench may create and drop a database on (BENCH_DATABASE_URL, else
   * TEST_DATABASE_URL, else the local server the test setup uses).
   */
  postgresAdminUrl: string;
}

export const DEFAULT_POSTGRES_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/test";

export class SettingsError extends Error {}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const text = env[name]?.trim();
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min) {
    throw new SettingsError(`${name} must be a number of seconds, at least ${min} (got "${text}").`);
  }
  return value;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): ApiBenchSettings {
  return {
    durationSeconds: seconds(env, "BENCH_API_DURATION", 10, 1),
    warmupSeconds: seconds(env, "BENCH_API_WARMUP", 2, 0),
    memoryDurationSeconds: seconds(env, "BENCH_API_MEMORY_DURATION", 60, 1),
    requestTimeoutSeconds: 30,
    connections: [10, 100],
    users: 100_000,
    search: "ada",
    postgresAdminUrl:
      env.BENCH_DATABASE_URL?.trim() || env.TEST_DATABASE_URL?.trim() || DEFAULT_POSTGRES_ADMIN_URL,
  };
}
