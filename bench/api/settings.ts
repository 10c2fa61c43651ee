import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MIN_QUOTA_CORES } from "./cpu-quota";

// The API bench's settings, from the environment, checked before anything starts.

/** What BENCH_SCENARIOS may name: the scenarios, plus the memory and scale-out runs. */
export const selectableRuns = [
  "bare",
  "health",
  "open-states-json",
  "open-schools-csv",
  "users-page",
  "users-search",
  "login",
  "report",
  "report-photo",
  "health-during-photos",
  "memory",
  "scale-out",
] as const;
export type SelectableRun = (typeof selectableRuns)[number];
export type BenchDatabase = "pglite" | "postgres";
const benchDatabases: readonly BenchDatabase[] = ["pglite", "postgres"];
const DEFAULT_CONNECTIONS = [10, 100];

export interface ApiBenchSettings {
  /**
   * BENCH_API_CPU_PROFILE: a folder; each product server of the run writes a V8 CPU profile there when it
   * stops (node --cpu-prof), to open in Chrome's DevTools. null: none. Profiling slows the server, so such
   * a run is partial.
   */
  cpuProfileDir: string | null;
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
  /**
   * BENCH_INSTANCE_CPU_QUOTA: the share of a core each instance of the scale-out run may use (its own CPU
   * cgroup), default 0.3; null ("none"): no quota.
   */
  instanceCpuQuota: number | null;
  /**
   * BENCH_SCALE_OUT_ROUNDS: how many times the scale-out run measures one, two and three instances in turn
   * (default 5); each count's run of median rate is the one reported and judged.
   */
  scaleOutRounds: number;
  /**
   * BENCH_WEB_BUILD_DIR: the built web app the scale-out instances serve the state page from (default
   * build/client of this checkout, made by `npm run build`).
   */
  webBuildDir: string;
  /** What this run measures; everything by default (a full run). */
  selection: Selection;
}

export interface Selection {
  /** BENCH_SCENARIOS: the runs to make, in the bench's own order; all when unset. */
  runs: readonly SelectableRun[];
  /** BENCH_DATABASES: pglite, postgres or both (the default). */
  databases: readonly BenchDatabase[];
  /**
   * BENCH_API_BASELINE: a commit (any Git revision) to compare with in the same run. Its server is started
   * from that commit's files beside this one's, and each selected scenario runs on both, one after the other.
   */
  baseline: string | null;
  /** BENCH_API_ROUNDS: how many times each scenario alternates between this commit and the baseline. */
  rounds: number;
  /** Anything left out or added: the run's results go to bench/results/selected/, not api-latest. */
  partial: boolean;
}

/**
 * Health's lean run and what is compared with it (the bare route, the open-data downloads) each get their
 * measured time in this many slices, taken in turn (load.ts, runInTurnWithHealth).
 */
export const IN_TURN_SLICES = 5;

export const DEFAULT_POSTGRES_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/test";

const DEFAULT_WEB_BUILD_DIR = fileURLToPath(new URL("../../build/client", import.meta.url));

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

/** A comma-separated list of known names; unset or empty: all of them. */
function list<T extends string>(env: NodeJS.ProcessEnv, name: string, known: readonly T[]): T[] | null {
  const text = env[name]?.trim();
  if (!text) return null;
  const names = text.split(",").map((part) => part.trim());
  const unknown = names.filter((part) => !known.includes(part as T));
  if (unknown.length > 0 || names.length === 0) {
    throw new SettingsError(
      `${name} must list some of ${known.join(", ")}, separated by commas (got "${text}").`,
    );
  }
  // The bench's own order, whatever the order asked.
  return known.filter((each) => names.includes(each));
}

function connectionLevels(env: NodeJS.ProcessEnv): number[] | null {
  const text = env.BENCH_API_CONNECTIONS?.trim();
  if (!text) return null;
  const levels = text.split(",").map((part) => Number(part.trim()));
  if (levels.some((level) => !Number.isInteger(level) || level < 1 || level > 1000)) {
    throw new SettingsError(
      `BENCH_API_CONNECTIONS must list whole numbers from 1 to 1000, separated by commas (got "${text}").`,
    );
  }
  return [...new Set(levels)];
}

/** A whole number from 1 to `max` in `name`, else `fallback`. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new SettingsError(`${name} must be a whole number from 1 to ${max} (got "${text}").`);
  }
  return value;
}

/** Cores per scale-out instance; enough room for three of them, PostgreSQL, HAProxy and autocannon on 2 cores. */
export const DEFAULT_INSTANCE_CPU_QUOTA = 0.3;

function instanceCpuQuota(env: NodeJS.ProcessEnv): number | null {
  const text = env.BENCH_INSTANCE_CPU_QUOTA?.trim();
  if (!text) return DEFAULT_INSTANCE_CPU_QUOTA;
  if (text.toLowerCase() === "none") return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < MIN_QUOTA_CORES || value > 64) {
    throw new SettingsError(
      `BENCH_INSTANCE_CPU_QUOTA must be a share of a core from ${MIN_QUOTA_CORES} to 64, or "none" (got "${text}").`,
    );
  }
  return value;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): ApiBenchSettings {
  const runs = list(env, "BENCH_SCENARIOS", selectableRuns);
  const databases = list(env, "BENCH_DATABASES", benchDatabases);
  const connections = connectionLevels(env);
  const baseline = env.BENCH_API_BASELINE?.trim() || null;
  if (baseline !== null && !/^[\w./^~@{}-]+$/.test(baseline)) {
    throw new SettingsError(`BENCH_API_BASELINE must be a Git revision (got "${baseline}").`);
  }
  const cpuProfileDir = env.BENCH_API_CPU_PROFILE?.trim()
    ? path.resolve(env.BENCH_API_CPU_PROFILE.trim())
    : null;
  return {
    cpuProfileDir,
    durationSeconds: seconds(env, "BENCH_API_DURATION", 10, 1),
    warmupSeconds: seconds(env, "BENCH_API_WARMUP", 2, 0),
    memoryDurationSeconds: seconds(env, "BENCH_API_MEMORY_DURATION", 60, 1),
    instanceCpuQuota: instanceCpuQuota(env),
    scaleOutRounds: wholeNumber(env, "BENCH_SCALE_OUT_ROUNDS", 5, 9),
    webBuildDir: path.resolve(env.BENCH_WEB_BUILD_DIR?.trim() || DEFAULT_WEB_BUILD_DIR),
    requestTimeoutSeconds: 30,
    connections: connections ?? DEFAULT_CONNECTIONS,
    users: 100_000,
    search: "ada",
    postgresAdminUrl:
      env.BENCH_DATABASE_URL?.trim() || env.TEST_DATABASE_URL?.trim() || DEFAULT_POSTGRES_ADMIN_URL,
    selection: {
      runs: runs ?? selectableRuns,
      databases: databases ?? benchDatabases,
      baseline,
      rounds: wholeNumber(env, "BENCH_API_ROUNDS", 1, 10),
      partial:
        runs !== null ||
        databases !== null ||
        connections !== null ||
        baseline !== null ||
        cpuProfileDir !== null ||
        Boolean(env.BENCH_INSTANCE_CPU_QUOTA?.trim()) ||
        Boolean(env.BENCH_SCALE_OUT_ROUNDS?.trim()),
    },
  };
}

/**
 * Whether `webBuildDir` (build/client) is a web build the product can serve: its browser files and, beside
 * them, the server's renderer (build/server/index.js), which renders every page since pages stopped being
 * prerendered files.
 */
export function isServableWebBuild(webBuildDir: string): boolean {
  return (
    existsSync(path.join(webBuildDir, "assets")) &&
    existsSync(path.join(webBuildDir, "..", "server", "index.js"))
  );
}
