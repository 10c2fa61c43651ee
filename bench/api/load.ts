import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type AutocannonOptions, type Client } from "autocannon";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import pg from "pg";
import {
  isChildMessage,
  type FullGcMessage,
  type ReadyMessage,
  type SampleMessage,
  type StopMessage,
} from "./messages";
import { busyCores, ceilingOf, processCpuMicros, watchCpuShares, type CpuShares } from "./cpu-shares";
import { leanFigures, runLeanLoad, runLeanLoadOnce, type LeanOptions, type LeanRun } from "./lean-load";
import { benchPhoto, benchReportFields, multipartBody, type BuiltBody } from "./request-bodies";
import {
  IN_TURN_SLICES,
  isServableWebBuild,
  readSettings,
  SettingsError,
  type ApiBenchSettings,
  type SelectableRun,
} from "./settings";
import * as schema from "../../src/server/db/schema";
import { userListQueries } from "../../src/server/roles/routes";
import { formatNumber } from "../../src/domain/format";
import {
  databaseName,
  figuresFrom,
  formatCores,
  formatMs,
  formatRate,
  medianRound,
  renderApiSummary,
  type ApiBenchResult,
  type DatabaseKind,
  type LoadFigures,
  type MemoryRun,
  type MemorySample,
  type QueryPlan,
  type ScaleOutResult,
  type ScaleOutRun,
  type ScaleOutSetup,
  type ScenarioId,
  type ScenarioResult,
} from "./summary";
import { checkTargets, memoryFlatness, SCALE_OUT_CONNECTIONS } from "./targets";
import { createQuotaGroups, type QuotaGroups } from "./cpu-quota";
import { findOrInstallHaproxy, startHaproxy } from "./haproxy";

// `npm run bench:api`: load on the API with autocannon, the servers and the load generator on this
// machine, in one run so the figures are ratios on the same machine. A bare Fastify route (the ceiling),
// then the product on PGlite and on a fresh PostgreSQL database (100,000 users seeded in one statement),
// each scenario at 10 and 100 connections; a 60-second memory run; one, two and three server processes,
// each held to a CPU quota, behind HAProxy (scale-out). Servers are child processes (node --import tsx)
// that report over IPC. Writes bench/results/api-<time>.json, api-latest.json and api-latest.md. A missed
// target is reported, not fatal; a server that cannot start is.

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const resultsDir = fileURLToPath(new URL("../results/", import.meta.url));
const serverScript = fileURLToPath(new URL("./server-process.ts", import.meta.url));
const proxyScript = fileURLToPath(new URL("./proxy-process.ts", import.meta.url));

// Not derived from the e-mail address or a name: the password rules refuse those.
const admin = { email: "bench.admin@example.org", password: "Kettle-Drum-Harmattan-42" };
/** High enough that no limiter answers 429 during the run; the run's own traffic is not abuse. */
const RAISED_LIMIT = "1000000000";
const raisedLimits = {
  AUTH_RATE_LIMIT_MAX: RAISED_LIMIT,
  AUTH_ACCOUNT_RATE_LIMIT_MAX: RAISED_LIMIT,
  REPORT_RATE_LIMIT_MAX: RAISED_LIMIT,
};
/** Request logging off: the figures are the API's, not a log pipe's (see bench/README.md). */
const SERVER_LOG_LEVEL = "warn";
/** Start-up includes the seed (seconds here): generous, for a slow machine busy with other work. */
const START_TIMEOUT_MS = 10 * 60 * 1000;
const MAX_OUTPUT_LINES = 40;
/** A server using less CPU than this (in cores) has finished the previous run's work. */
const IDLE_CORES = 0.15;
// Long enough for a backlog of photo variants (made after each answer, about 10 a second) to drain.
const SETTLE_TIMEOUT_MS = 120_000;
/** A settle longer than this is reported: the server had work left over from the run. */
const SETTLE_REPORT_MS = 3_000;

const serverOutput: string[] = [];
/** BENCH_API_CPU_PROFILE's folder, for the product servers this run starts. */
let cpuProfileDir: string | null = null;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** A child process of the bench (a server or the proxy), with its port, samples and output. */
class Child {
  /** The last hour of samples (one a second): enough for any run. */
  private samples: SampleMessage[] = [];
  private sampleWaiters: (() => void)[] = [];
  private exited: Promise<void>;

  private constructor(
    readonly label: string,
    private readonly child: ChildProcess,
    readonly ready: ReadyMessage,
  ) {
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    child.on("message", (message: unknown) => {
      if (!isChildMessage(message) || message.type !== "sample") return;
      this.samples.push(message);
      if (this.samples.length > 3600) this.samples.shift();
      const waiters = this.sampleWaiters;
      this.sampleWaiters = [];
      for (const wake of waiters) wake();
    });
  }

  get port(): number {
    return this.ready.port;
  }

  static start(label: string, script: string, env: Record<string, string>, cwd = repoRoot): Promise<Child> {
    // --expose-gc: the memory run asks for a full collection before each sample (FullGcMessage).
    const profile =
      cpuProfileDir && env.BENCH_SERVER_KIND === "app"
        ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`]
        : [];
    const child = spawn(process.execPath, ["--expose-gc", ...profile, "--import", "tsx", script], {
      cwd,
      env: { ...baseEnv(), ...env },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    for (const stream of [child.stdout, child.stderr]) {
      let pending = "";
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => {
        const lines = (pending + chunk).split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) {
          if (line.trim() && serverOutput.length < MAX_OUTPUT_LINES) serverOutput.push(`${label}: ${line}`);
        }
      });
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`${label} did not start within ${START_TIMEOUT_MS / 60_000} minutes`));
      }, START_TIMEOUT_MS);
      const onMessage = (message: unknown) => {
        if (!isChildMessage(message)) return;
        if (message.type === "ready") {
          cleanUp();
          resolve(new Child(label, child, message));
        } else if (message.type === "failed") {
          cleanUp();
          reject(new Error(`${label} could not start: ${message.message}`));
        }
      };
      const onExit = (code: number | null) => {
        cleanUp();
        reject(new Error(`${label} exited (code ${code}) before it was ready.\n${serverOutput.join("\n")}`));
      };
      const cleanUp = () => {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
      };
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  }

  /** Resolves at the next sample, or after 3 s (a process that stopped sampling). */
  private nextSample(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, 3000);
      this.sampleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Samples taken from `from` to `to` (milliseconds since the epoch), waiting for the one after `to`. */
  async samplesBetween(from: number, to: number): Promise<SampleMessage[]> {
    // A few tries only: a process that stopped sampling must not hold the bench.
    for (let tries = 0; tries < 3 && (this.samples.at(-1)?.at ?? Infinity) < to; tries++) {
      await this.nextSample();
    }
    const before = this.samples.filter((sample) => sample.at <= from).at(-1);
    const after = this.samples.find((sample) => sample.at >= to);
    return this.samples.filter(
      (sample) => sample.at >= (before?.at ?? from) && sample.at <= (after?.at ?? to),
    );
  }

  /** Cores used from `from` to `to`: CPU time between the samples around them, over their distance. */
  async coresBetween(from: number, to: number): Promise<number | null> {
    const samples = await this.samplesBetween(from, to);
    const first = samples[0];
    const last = samples.at(-1);
    if (!first || !last || last.at <= first.at) return null;
    return (last.cpuMicros - first.cpuMicros) / 1000 / (last.at - first.at);
  }

  /** Waits until the process is idle: the last run's queued work (uploads, hashes) is done. */
  async settle(): Promise<void> {
    const started = Date.now();
    const deadline = started + SETTLE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      await this.nextSample();
      const [previous, latest] = this.samples.slice(-2);
      if (previous && latest && latest.at > previous.at) {
        const cores = (latest.cpuMicros - previous.cpuMicros) / 1000 / (latest.at - previous.at);
        if (cores < IDLE_CORES) {
          const waited = Date.now() - started;
          if (waited > SETTLE_REPORT_MS)
            say(`    (${this.label} idle again after ${(waited / 1000).toFixed(0)} s)`);
          return;
        }
      }
    }
    say(
      `    (${this.label} still busy after ${SETTLE_TIMEOUT_MS / 1000} s: the next figures include its work)`,
    );
  }

  /**
   * The process's CPU time so far (user and system, every thread), in microseconds, read from the kernel at
   * once (its own samples come once a second: too coarse for the few seconds of a slice); null off Linux.
   */
  get pid(): number | undefined {
    return this.child.pid;
  }

  cpuMicrosNow(): number | null {
    return this.child.pid === undefined ? null : processCpuMicros(this.child.pid);
  }

  fullGcBeforeSamples(on: boolean): void {
    const message: FullGcMessage = { type: "full-gc-before-samples", on };
    if (this.child.connected) this.child.send(message);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const message: StopMessage = { type: "stop" };
    if (this.child.connected) this.child.send(message);
    else this.child.kill("SIGTERM");
    const killer = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
    await this.exited;
    clearTimeout(killer);
  }
}

/** Only what a Node process needs: the product's own settings come from the bench, never the shell. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "LANG", "TMPDIR"]) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}

interface Request {
  method: NonNullable<AutocannonOptions["method"]>;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface Scenario extends Request {
  id: ScenarioId;
  name: string;
  /**
   * Measured right after health at each connection level, so their ratio to it shares its conditions; these
   * and that health run use the lean load generator (lean-load.ts), whose cost does not grow with the body.
   */
  besideHealth?: boolean;
}

/** What a browser (or curl --compressed) sends: the open-data downloads are served precompressed. */
const browserEncodings = { "accept-encoding": "gzip, deflate, br" };

/**
 * autocannon appends every response body to a string, which the bench never reads. For the open-data
 * downloads (20 KB of brotli, decoded as UTF-8) that cost the load generator more CPU than the server
 * spent on the request, on the same two cores: the rate measured the load generator. Every scenario drops
 * the bodies alike; the bytes are still received, parsed and counted.
 */
function dropResponseBodies(client: Client): void {
  client.pipelinedRequests.addBody = () => undefined;
}

/** Loads running now, stopped if the bench is interrupted. */
const activeLoads = new Set<{ stop(): void }>();

async function runAutocannon(
  baseUrl: string,
  request: Request,
  connections: number,
  durationSeconds: number,
  timeoutSeconds: number,
  /** Requests per second over all connections; unset: as fast as the server answers. */
  overallRate?: number,
): Promise<LoadFigures> {
  const instance = autocannon({
    url: `${baseUrl}${request.path}`,
    method: request.method,
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(overallRate === undefined ? {} : { overallRate }),
    connections,
    duration: durationSeconds,
    timeout: timeoutSeconds,
    setupClient: dropResponseBodies,
  });
  activeLoads.add(instance);
  try {
    return figuresFrom(await instance);
  } finally {
    activeLoads.delete(instance);
  }
}

interface Measured {
  figures: LoadFigures;
  /** Where the CPU went (the scale-out run's); null elsewhere. */
  cpuShares?: CpuShares | null;
  /** Summed over the servers measured; null when a server sent no samples. */
  serverCpuCores: number | null;
  /** Every sample of the first server during the run. */
  samples: MemorySample[];
}

const leanRequest = (request: Request) => ({
  path: request.path,
  ...(request.headers ? { headers: request.headers } : {}),
});

function leanOptions(
  baseUrl: string,
  connections: number,
  seconds: number,
  timeoutSeconds: number,
): LeanOptions {
  const url = new URL(baseUrl);
  return {
    port: Number(url.port),
    host: url.hostname,
    connections,
    durationSeconds: seconds,
    timeoutSeconds,
  };
}

/** A run of load on `request` (GET only) from the lean generator. */
function leanLoad(
  baseUrl: string,
  request: Request,
  connections: number,
  seconds: number,
  timeoutSeconds: number,
): Promise<LoadFigures> {
  return runLeanLoad(leanRequest(request), leanOptions(baseUrl, connections, seconds, timeoutSeconds));
}

/**
 * One measured run: an optional warm-up, then the load, then a wait until every server is idle again, so
 * work queued by one run (a backlog of uploads) is never counted in the next.
 */
async function measure(
  baseUrl: string,
  request: Request,
  connections: number,
  servers: Child[],
  options: { durationSeconds: number; warmupSeconds: number; timeoutSeconds: number; lean?: boolean },
  /** The scale-out run's load balancer: the run's CPU shares are read, with the balancer's among them. */
  proxy?: { pid: number | undefined },
): Promise<Measured> {
  // The lean generator (GET only) where asked for, else autocannon.
  const load = (seconds: number) =>
    (options.lean ? leanLoad : runAutocannon)(baseUrl, request, connections, seconds, options.timeoutSeconds);
  if (options.warmupSeconds > 0) {
    await load(options.warmupSeconds);
    await Promise.all(servers.map((server) => server.settle()));
  }
  const from = Date.now();
  const cpusBefore = os.cpus();
  const shares = proxy
    ? watchCpuShares({
        instancePids: servers.flatMap((server) => server.pid ?? []),
        proxyPid: proxy.pid,
      })
    : null;
  const figures = await load(options.durationSeconds);
  const cpuShares = shares?.stop() ?? null;
  const to = Date.now();
  figures.machineBusyCores = busyCores(cpusBefore, os.cpus());
  const cores = await Promise.all(servers.map((server) => server.coresBetween(from, to)));
  const samples = servers[0] ? await servers[0].samplesBetween(from, to) : [];
  await Promise.all(servers.map((server) => server.settle()));
  return {
    figures,
    cpuShares,
    serverCpuCores: cores.some((value) => value === null)
      ? null
      : cores.reduce<number>((sum, value) => sum + (value ?? 0), 0),
    samples: samples.map((sample) => ({
      second: (sample.at - from) / 1000,
      rss: sample.rss,
      heapUsed: sample.heapUsed,
    })),
  };
}

function progress(label: string, measured: Measured): void {
  const { figures } = measured;
  const failed = figures.errors + figures.non2xx;
  say(
    `  ${label}: ${formatRate(figures.requestsPerSecond)} req/s, p50 ${formatMs(figures.latencyMs.p50)}, ` +
      `p99 ${formatMs(figures.latencyMs.p99)}, server CPU ${formatCores(measured.serverCpuCores)} cores, ` +
      `machine busy ${formatCores(figures.machineBusyCores)} cores` +
      `${failed > 0 ? `, ${failed} failed` : ""}${figures.requests === 0 ? ", nothing completed" : ""}`,
  );
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  const answer = (await response.json()) as { token?: string; message?: string };
  if (!response.ok || !answer.token) {
    throw new Error(`The bench admin could not sign in (${response.status}): ${answer.message ?? ""}`);
  }
  return answer.token;
}

interface Bodies {
  login: string;
  report: BuiltBody;
  reportWithPhoto: BuiltBody;
  photoBytes: number;
}

async function buildBodies(): Promise<Bodies> {
  const photo = await benchPhoto();
  const boundary = `----inclusion-atlas-bench-${randomBytes(8).toString("hex")}`;
  return {
    login: JSON.stringify(admin),
    report: multipartBody(benchReportFields, [], boundary),
    reportWithPhoto: multipartBody(
      benchReportFields,
      [{ name: "media", filename: "ramp.jpg", contentType: "image/jpeg", data: photo }],
      boundary,
    ),
    photoBytes: photo.length,
  };
}

function apiScenarios(token: string, bodies: Bodies, search: string): Scenario[] {
  const signedIn = { authorization: `Bearer ${token}` };
  const megabytes = (bodies.photoBytes / (1024 * 1024)).toFixed(1);
  return [
    { id: "health", name: "GET /api/v1/health", method: "GET", path: "/api/v1/health" },
    {
      id: "open-states-json",
      name: "GET /api/v1/open/states.json (br)",
      method: "GET",
      path: "/api/v1/open/states.json",
      headers: browserEncodings,
      besideHealth: true,
    },
    {
      id: "open-schools-csv",
      name: "GET /api/v1/open/schools.csv (br)",
      method: "GET",
      path: "/api/v1/open/schools.csv",
      headers: browserEncodings,
      besideHealth: true,
    },
    {
      id: "users-page",
      name: "GET /api/v1/roles/users, page 1",
      method: "GET",
      path: "/api/v1/roles/users",
      headers: signedIn,
    },
    {
      id: "users-search",
      name: `GET /api/v1/roles/users?search=${search}`,
      method: "GET",
      path: `/api/v1/roles/users?search=${encodeURIComponent(search)}`,
      headers: signedIn,
    },
    {
      id: "login",
      name: "POST /api/v1/auth/login",
      method: "POST",
      path: "/api/v1/auth/login",
      headers: { "content-type": "application/json" },
      body: bodies.login,
    },
    {
      id: "report",
      name: "POST /api/v1/eyewitness, no media",
      method: "POST",
      path: "/api/v1/eyewitness",
      headers: { ...signedIn, "content-type": bodies.report.contentType },
      body: bodies.report.body,
    },
    {
      id: "report-photo",
      name: `POST /api/v1/eyewitness, one ${megabytes} MB photo`,
      method: "POST",
      path: "/api/v1/eyewitness",
      headers: { ...signedIn, "content-type": bodies.reportWithPhoto.contentType },
      body: bodies.reportWithPhoto.body,
    },
    {
      // The photo reports' load; health is polled beside it (measureHealthDuringPhotos).
      id: "health-during-photos",
      name:
        `GET /api/v1/health, ${HEALTH_PROBE_RATE}/s, while ${PHOTOS_IN_FLIGHT} photo reports ` +
        `(${megabytes} MB each) are in flight`,
      method: "POST",
      path: "/api/v1/eyewitness",
      headers: { ...signedIn, "content-type": bodies.reportWithPhoto.contentType },
      body: bodies.reportWithPhoto.body,
    },
  ];
}

/** Ten photo reports in flight at any time, each sent as soon as the previous one is answered. */
const PHOTOS_IN_FLIGHT = 10;
/** Health asked at a steady rate, as a load balancer or monitor does, from a few connections. */
const HEALTH_PROBE_RATE = 100;
const HEALTH_PROBE_CONNECTIONS = 4;
/** The probe starts once the photo load is under way, and stops before it ends. */
const PROBE_MARGIN_SECONDS = 1;

const healthRequest: Request = { method: "GET", path: "/api/v1/health" };

/**
 * Health's latency while photos are processed: PHOTOS_IN_FLIGHT photo reports at all times, and health
 * asked HEALTH_PROBE_RATE times a second, starting a second after the photos and ending a second before
 * them, so every health request meets photos being decoded and re-encoded. The photos' rate is measured
 * over their whole run.
 */
async function measureHealthDuringPhotos(
  baseUrl: string,
  photos: Request,
  server: Child,
  options: { durationSeconds: number; warmupSeconds: number; timeoutSeconds: number },
): Promise<{ health: Measured; photos: Measured }> {
  if (options.warmupSeconds > 0) {
    await runAutocannon(baseUrl, photos, PHOTOS_IN_FLIGHT, options.warmupSeconds, options.timeoutSeconds);
    await server.settle();
  }
  const photoSeconds = options.durationSeconds + 2 * PROBE_MARGIN_SECONDS;
  const photosFrom = Date.now();
  const cpusBefore = os.cpus();
  const photoLoad = runAutocannon(baseUrl, photos, PHOTOS_IN_FLIGHT, photoSeconds, options.timeoutSeconds);
  await new Promise((resolve) => setTimeout(resolve, PROBE_MARGIN_SECONDS * 1000));
  const healthFrom = Date.now();
  const healthFigures = await runAutocannon(
    baseUrl,
    healthRequest,
    HEALTH_PROBE_CONNECTIONS,
    options.durationSeconds,
    options.timeoutSeconds,
    HEALTH_PROBE_RATE,
  );
  const healthTo = Date.now();
  const photoFigures = await photoLoad;
  const photosTo = Date.now();
  const busy = busyCores(cpusBefore, os.cpus());
  healthFigures.machineBusyCores = busy;
  photoFigures.machineBusyCores = busy;
  const healthCores = await server.coresBetween(healthFrom, healthTo);
  const photoCores = await server.coresBetween(photosFrom, photosTo);
  await server.settle();
  return {
    health: { figures: healthFigures, serverCpuCores: healthCores, samples: [] },
    photos: { figures: photoFigures, serverCpuCores: photoCores, samples: [] },
  };
}

/** The bare route's server, kept running so health can be compared with it measured in the same minute. */
interface PairedBare {
  url: string;
  server: Child;
}

/** Health measured by the lean load generator, in turn with the bare route and the open-data downloads. */
const healthWithLeanLoad: Scenario = {
  id: "health-lean",
  name: "GET /api/v1/health (lean load generator)",
  method: "GET",
  path: "/api/v1/health",
};

const pairedBareRoute: Scenario = {
  id: "bare-paired",
  name: "Bare Fastify route, in turn with health",
  method: "GET",
  path: "/",
};

async function runScenarios(
  baseUrl: string,
  database: DatabaseKind | null,
  server: Child,
  scenarios: Scenario[],
  settings: ApiBenchSettings,
  pairedBare?: PairedBare,
  variant?: "baseline",
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  const besideHealth = scenarios.filter((scenario) => scenario.besideHealth);
  const record = (scenario: Pick<Scenario, "id" | "name">, connections: number, measured: Measured) => {
    progress(`${scenario.name}, ${connections} connections${variant ? ` [${variant}]` : ""}`, measured);
    results.push({
      id: scenario.id,
      name: scenario.name,
      database,
      connections,
      figures: measured.figures,
      serverCpuCores: measured.serverCpuCores,
      ...(variant ? { variant } : {}),
    });
  };
  const hasHealth = scenarios.some((scenario) => scenario.id === "health");
  const runInTurnWithHealth = async (connections: number, index: number) => {
    // Health measured by the same (lean) load generator, with what is compared with it at the same
    // connections: the open-data downloads, and the bare route (health's ceiling) when health is selected.
    // The machine's speed drifts from one ten seconds to the next (other machines share its cores), so they
    // are not measured one after the other: each gets its time in slices, taken in turn (bare, health,
    // states, schools, then back), and each figure is its slices' together.
    const followers: { scenario: Scenario; url: string; server: Child }[] = [
      ...(pairedBare && hasHealth
        ? [{ scenario: pairedBareRoute, url: pairedBare.url, server: pairedBare.server }]
        : []),
      ...[healthWithLeanLoad, ...besideHealth].map((scenario) => ({ scenario, url: baseUrl, server })),
    ];
    const timeout = settings.requestTimeoutSeconds;
    if (index === 0 && settings.warmupSeconds > 0) {
      for (const follower of followers) {
        await runLeanLoadOnce(
          leanRequest(follower.scenario),
          leanOptions(follower.url, connections, settings.warmupSeconds, timeout),
        );
      }
      await Promise.all(followers.map((follower) => follower.server.settle()));
    }
    const taken = new Map(
      followers.map((follower) => [
        follower,
        {
          runs: [] as LeanRun[],
          seconds: 0,
          cpuMicros: 0 as number | null,
          busyCoreSeconds: 0 as number | null,
        },
      ]),
    );
    const sliceSeconds = settings.durationSeconds / IN_TURN_SLICES;
    for (let slice = 0; slice < IN_TURN_SLICES; slice++) {
      // Back and forth, so no scenario always follows the same one.
      for (const follower of slice % 2 === 0 ? followers : [...followers].reverse()) {
        const sums = taken.get(follower)!;
        const cpuBefore = follower.server.cpuMicrosNow();
        const cpusBefore = os.cpus();
        const run = await runLeanLoadOnce(
          leanRequest(follower.scenario),
          leanOptions(follower.url, connections, sliceSeconds, timeout),
        );
        const cpuAfter = follower.server.cpuMicrosNow();
        const busy = busyCores(cpusBefore, os.cpus());
        sums.runs.push(run);
        sums.seconds += run.seconds;
        sums.cpuMicros =
          sums.cpuMicros === null || cpuBefore === null || cpuAfter === null
            ? null
            : sums.cpuMicros + cpuAfter - cpuBefore;
        sums.busyCoreSeconds =
          sums.busyCoreSeconds === null || busy === null ? null : sums.busyCoreSeconds + busy * run.seconds;
      }
    }
    for (const follower of followers) {
      const sums = taken.get(follower)!;
      const figures = leanFigures(sums.runs);
      figures.machineBusyCores = sums.busyCoreSeconds === null ? null : sums.busyCoreSeconds / sums.seconds;
      const serverCpuCores = sums.cpuMicros === null ? null : sums.cpuMicros / 1_000_000 / sums.seconds;
      record(follower.scenario, connections, { figures, serverCpuCores, samples: [] });
    }
    await Promise.all(followers.map((follower) => follower.server.settle()));
  };
  if (!hasHealth && besideHealth.length > 0) {
    for (const [index, connections] of settings.connections.entries()) {
      await runInTurnWithHealth(connections, index);
    }
  }
  for (const scenario of scenarios.filter((candidate) => !candidate.besideHealth)) {
    if (scenario.id === "health-during-photos") {
      const measured = await measureHealthDuringPhotos(baseUrl, scenario, server, {
        durationSeconds: settings.durationSeconds,
        warmupSeconds: settings.warmupSeconds,
        timeoutSeconds: settings.requestTimeoutSeconds,
      });
      record(scenario, PHOTOS_IN_FLIGHT, measured.health);
      record(
        {
          id: "photos-beside-health",
          name: `${scenario.method} ${scenario.path}, one photo, ${PHOTOS_IN_FLIGHT} in flight beside health`,
        },
        PHOTOS_IN_FLIGHT,
        measured.photos,
      );
      continue;
    }
    for (const [index, connections] of settings.connections.entries()) {
      // The first level warms the route up; the next ones follow on a warm server.
      const measured = await measure(baseUrl, scenario, connections, [server], {
        durationSeconds: settings.durationSeconds,
        warmupSeconds: index === 0 ? settings.warmupSeconds : 0,
        timeoutSeconds: settings.requestTimeoutSeconds,
      });
      record(scenario, connections, measured);
      // Health's ratio to the ceiling, and the downloads' to health, are taken in turn with health measured
      // by the lean generator (runInTurnWithHealth).
      if (scenario.id === "health" && (besideHealth.length > 0 || pairedBare)) {
        await runInTurnWithHealth(connections, index);
      }
    }
  }
  return results;
}

/** Environment of a product server: production settings, the raised limits, quiet logs. */
function serverEnv(dataDir: string, extra: Record<string, string>): Record<string, string> {
  return {
    BENCH_SERVER_KIND: "app",
    NODE_ENV: "production",
    LOG_LEVEL: SERVER_LOG_LEVEL,
    DATA_DIR: dataDir,
    // Several instances sign media links with one key, as a deployment must (docs/architecture.md).
    MEDIA_URL_SECRET: sharedMediaSecret,
    ...raisedLimits,
    ...extra,
  };
}

const sharedMediaSecret = randomBytes(32).toString("base64url");

function seedEnv(settings: ApiBenchSettings): Record<string, string> {
  return {
    BENCH_SEED_USERS: String(settings.users),
    BENCH_ADMIN_EMAIL: admin.email,
    BENCH_ADMIN_PASSWORD: admin.password,
  };
}

interface PostgresDatabase {
  url: string;
  version: string;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(adminUrl: string): Promise<PostgresDatabase> {
  const name = `ia_bench_${randomBytes(4).toString("hex")}`;
  const version = await withClient(adminUrl, async (client) => {
    await client.query(`create database "${name}"`);
    const answer = await client.query<{ server_version: string }>("show server_version");
    return answer.rows[0]?.server_version ?? "unknown";
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    version: version.split(" ")[0] ?? version,
    async drop() {
      if (dropped) return;
      dropped = true;
      await withClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function packageVersion(name: string): Promise<string> {
  try {
    const text = await readFile(path.join(repoRoot, "node_modules", name, "package.json"), "utf8");
    return (JSON.parse(text) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}

function git(args: string[]): string | null {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

/** Everything the run started, to stop on the way out whatever happens. */
const running = new Set<Child>();
const postgresDatabases: PostgresDatabase[] = [];
let workDir: string | undefined;

async function startChild(
  label: string,
  script: string,
  env: Record<string, string>,
  cwd?: string,
): Promise<Child> {
  const child = await Child.start(label, script, env, cwd);
  running.add(child);
  return child;
}

async function stopChild(child: Child): Promise<void> {
  running.delete(child);
  await child.stop();
}

/** What else the run must undo on the way out: the load balancer, the CPU cgroups. */
const undoOnExit = new Set<() => Promise<void> | void>();

async function cleanUp(): Promise<void> {
  for (const load of activeLoads) load.stop();
  for (const undo of [...undoOnExit].reverse()) {
    undoOnExit.delete(undo);
    await Promise.resolve(undo()).catch((error: unknown) => say(`Could not clean up: ${String(error)}`));
  }
  await Promise.all([...running].map((child) => child.stop().catch(() => undefined)));
  running.clear();
  for (const database of postgresDatabases.splice(0)) {
    await database.drop().catch((error: unknown) => {
      say(`Could not drop the bench database: ${String(error)}`);
    });
  }
  if (workDir) await rm(workDir, { recursive: true, force: true });
  workDir = undefined;
}

/** The files of another commit, to run its server beside this one's (BENCH_API_BASELINE). */
interface Baseline {
  revision: string;
  commit: string;
  dir: string;
  serverScript: string;
}

async function checkOutBaseline(revision: string, into: string): Promise<Baseline> {
  const commit = git(["rev-parse", "--verify", "--short", `${revision}^{commit}`]);
  if (!commit)
    throw new SettingsError(`BENCH_API_BASELINE: "${revision}" is not a commit of this repository.`);
  // git archive, not a worktree: the repository's own state is left as it is.
  const archive = execFileSync("git", ["archive", "--format=tar", commit], {
    cwd: repoRoot,
    maxBuffer: 1024 * 1024 * 1024,
  });
  await mkdir(into, { recursive: true });
  execFileSync("tar", ["-x", "-C", into], { input: archive });
  await symlink(path.join(repoRoot, "node_modules"), path.join(into, "node_modules"));
  return { revision, commit, dir: into, serverScript: path.join(into, "bench/api/server-process.ts") };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the users list's statements, built by this commit's code, on the bench's
 * database: the list's first page (its rows and kept total), a search's first page, a search's 100th page
 * (an offset), and the count a search makes only for a page past its last match. Each is run once before
 * it is explained, so the plan is of a warm cache, as under the load.
 */
async function usersListPlans(url: string, search: string): Promise<QueryPlan[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzlePostgres({ client: pool, schema });
  const list = (number: number, search: string) => userListQueries(db, { number, size: 50 }, search);
  const statements = [
    {
      label: "GET /api/v1/roles/users, page 1: the rows and the kept total",
      statement: list(1, "").pageWithTotal,
    },
    { label: `GET /api/v1/roles/users?search=${search}, page 1: the rows`, statement: list(1, search).page },
    {
      label: `GET /api/v1/roles/users?search=${search}, page 100: the rows`,
      statement: list(100, search).page,
    },
    {
      label: `GET /api/v1/roles/users?search=${search}, page 100 had it been past the last match: the count`,
      statement: list(100, search).total,
    },
  ];
  const plans: QueryPlan[] = [];
  try {
    for (const { label, statement } of statements) {
      const { sql, params } = statement.toSQL();
      await pool.query(sql, params);
      const explained = await pool.query<Record<string, string>>(`explain (analyze, buffers) ${sql}`, params);
      plans.push({
        label,
        sql,
        params,
        plan: explained.rows.map((row) => Object.values(row)[0]).join("\n"),
      });
    }
  } finally {
    await pool.end();
  }
  return plans;
}

/** The scale-out run measures one instance, then two, then this many. */
const SCALE_OUT_INSTANCES = 3;

/**
 * The state page of the scale-out run: Kano's (/states/20), prerendered by the build and served by the
 * product's own web handler from memory, brotli-compressed, as a browser asks for it.
 */
const statePage: Request & { name: string } = {
  name: "GET /states/20 (br)",
  method: "GET",
  path: "/states/20",
  headers: browserEncodings,
};

interface Balancer {
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** HAProxy when it is installed or can be; else the bench's Node proxy, and the setup says so. */
function chooseBalancer(): { describe: string; start: (ports: number[]) => Promise<Balancer> } {
  const haproxy = findOrInstallHaproxy(say);
  if ("path" in haproxy) {
    return {
      describe: `HAProxy ${haproxy.version} (${haproxy.path}, ${haproxy.how === "found" ? "found installed" : "installed by the bench with apt-get"}), round-robin, keep-alive to the instances (http-reuse always), each instance at most its share of the ${SCALE_OUT_CONNECTIONS} connections at once (maxconn)`,
      start: (ports) => startHaproxy(haproxy.path, ports, SCALE_OUT_CONNECTIONS),
    };
  }
  say(`${haproxy.unavailable}: the bench's Node proxy balances instead`);
  return {
    describe: `the bench's Node proxy (bench/api/proxy-process.ts), round-robin, keep-alive: ${haproxy.unavailable}`,
    start: async (ports) => {
      const proxy = await startChild(`proxy-${ports.length}`, proxyScript, {
        BENCH_PROXY_PORTS: ports.join(","),
      });
      return { port: proxy.port, pid: proxy.pid, stop: () => stopChild(proxy) };
    },
  };
}

/** The run's PostgreSQL backends (the warm-up opened the instances' connections) join the support group. */
async function supportBackends(groups: QuotaGroups, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    for (const { pid } of rows) groups.support(pid);
  } finally {
    await client.end();
  }
}

/**
 * Every scale-out instance, directly and all at once, `seconds` of load on `request`: as much as the first
 * instance has had by the time the last joins (a warm-up and a measured run per count). Without it the
 * instance added last meets
 * the page cold: its code not yet optimised (V8's compilers share its quota) and its connections to
 * PostgreSQL not yet open, it spends more CPU per request than the others, reaches its quota first and,
 * the balancer giving each instance the same share of requests, holds the others below theirs (seen: the
 * newest instance at 0.30 of its 0.3 of a core, the others at 0.20 to 0.23). Instances serving a
 * deployment's traffic are warm; the comparison is between warm instances.
 */
async function warmEveryInstance(
  instances: Child[],
  request: Request,
  seconds: number,
  timeoutSeconds: number,
): Promise<void> {
  const connections = Math.ceil(SCALE_OUT_CONNECTIONS / instances.length);
  await Promise.all(
    instances.map((instance) =>
      leanLoad(`http://127.0.0.1:${instance.port}`, request, connections, seconds, timeoutSeconds),
    ),
  );
  await Promise.all(instances.map((instance) => instance.settle()));
}

/** Cgroups with the configured quota for the scale-out instances, or why there are none. */
function quotaGroupsFor(quota: number | null): { groups: QuotaGroups | null; describe: string } {
  if (quota === null) return { groups: null, describe: "none (BENCH_INSTANCE_CPU_QUOTA=none)" };
  const made = createQuotaGroups(quota, SCALE_OUT_INSTANCES);
  if ("unavailable" in made) {
    say(`No CPU quotas: ${made.unavailable}. Measuring without them.`);
    return { groups: null, describe: `none: ${made.unavailable}; measured without quotas` };
  }
  return { groups: made, describe: made.description };
}

/**
 * Scale-out: SCALE_OUT_INSTANCES product processes on the same PostgreSQL, each in a CPU cgroup of its
 * own with the same quota, so the instances bound the rate and PostgreSQL, the load balancer and the load
 * generator (all unlimited) have room, as instances on machines of their own would. Each page: every
 * instance warmed alike, then rounds of 100 connections through the balancer over the first instance, the
 * first two and all three in turn, so a moment of the machine's own noise falls on one round, not on one
 * count; each count is reported by its round of median rate.
 */
async function runScaleOut(
  settings: ApiBenchSettings,
  usersPage: Scenario,
  databaseEnv: Record<string, string>,
  skipped: string[],
): Promise<{ results: ScaleOutResult[]; setup: ScaleOutSetup }> {
  const balancer = chooseBalancer();
  const { groups, describe: quota } = quotaGroupsFor(settings.instanceCpuQuota);
  if (groups) {
    undoOnExit.add(groups.remove);
    // The load generator (this process), and the balancer and instances it starts (the instances are
    // moved to their own cgroups next).
    groups.support(process.pid);
  }
  const warmSeconds = SCALE_OUT_INSTANCES * (settings.warmupSeconds + settings.durationSeconds);
  const setup: ScaleOutSetup = {
    balancer: balancer.describe,
    quotaCores: groups ? groups.cores : null,
    quota,
    rounds: settings.scaleOutRounds,
    warmSeconds,
  };
  say(`Scale-out: 1 to ${SCALE_OUT_INSTANCES} instances behind ${balancer.describe}; CPU quota: ${quota}`);
  const servesWeb = isServableWebBuild(settings.webBuildDir);
  if (!servesWeb) {
    skipped.push(
      `Scale-out, state page: no web build in ${settings.webBuildDir}. Run "npm run build" first, or set ` +
        "BENCH_WEB_BUILD_DIR to a built web app.",
    );
  }
  const webEnv: Record<string, string> = servesWeb
    ? { BENCH_SERVE_WEB: "1", WEB_BUILD_DIR: settings.webBuildDir }
    : {};
  const instances: Child[] = [];
  const results: ScaleOutResult[] = [];
  try {
    for (let index = 1; index <= SCALE_OUT_INSTANCES; index++) {
      const instance = await startChild(
        `scale-out-${index}`,
        serverScript,
        serverEnv(path.join(workDir ?? os.tmpdir(), `scale-out-${index}`), { ...databaseEnv, ...webEnv }),
      );
      instances.push(instance);
      // Before any load: every thread of the process, and whatever it starts later, is held to the quota.
      if (groups && instance.pid !== undefined) groups.confine(index, instance.pid);
    }
    const pages: { page: ScaleOutResult["page"]; request: Request & { name: string } }[] = [
      { page: "users-page", request: usersPage },
      ...(servesWeb ? [{ page: "state-page" as const, request: statePage }] : []),
    ];
    for (const { page, request } of pages) {
      await warmEveryInstance(instances, request, warmSeconds, settings.requestTimeoutSeconds);
      // byCount[n - 1]: every round's run with n instances.
      const byCount: ScaleOutRun[][] = instances.map(() => []);
      for (let round = 1; round <= settings.scaleOutRounds; round++) {
        for (let count = 1; count <= SCALE_OUT_INSTANCES; count++) {
          const members = instances.slice(0, count);
          const running = await balancer.start(members.map((instance) => instance.port));
          undoOnExit.add(running.stop);
          try {
            const url = `http://127.0.0.1:${running.port}`;
            if (settings.warmupSeconds > 0) {
              await leanLoad(
                url,
                request,
                SCALE_OUT_CONNECTIONS,
                settings.warmupSeconds,
                settings.requestTimeoutSeconds,
              );
              await Promise.all(members.map((instance) => instance.settle()));
            }
            if (groups && databaseEnv.DATABASE_URL) await supportBackends(groups, databaseEnv.DATABASE_URL);
            const throttled = () => members.map((_, index) => groups?.throttledPeriods(index + 1) ?? null);
            const throttledBefore = throttled();
            const measured = await measure(
              url,
              request,
              SCALE_OUT_CONNECTIONS,
              members,
              {
                durationSeconds: settings.durationSeconds,
                warmupSeconds: 0,
                timeoutSeconds: settings.requestTimeoutSeconds,
                lean: true,
              },
              running,
            );
            const throttledAfter = throttled();
            progress(
              `${request.name}, ${count} instance${count > 1 ? "s" : ""}, round ${round} of ${settings.scaleOutRounds}`,
              measured,
            );
            const shares = measured.cpuShares ?? null;
            byCount[count - 1]?.push({
              instances: count,
              figures: measured.figures,
              cpuCores: measured.serverCpuCores,
              shares,
              ceiling: shares ? ceilingOf(shares, count, setup.quotaCores) : null,
              throttledPeriods: groups
                ? throttledAfter.map((after, index) => {
                    const before = throttledBefore[index];
                    return after === null || before === null || before === undefined ? null : after - before;
                  })
                : null,
            });
          } finally {
            undoOnExit.delete(running.stop);
            await running.stop();
          }
        }
      }
      const runs = byCount.map((rounds) => ({
        ...medianRound(rounds),
        everyRound: rounds.map((run) => run.figures),
      }));
      results.push({ page, name: request.name, connections: SCALE_OUT_CONNECTIONS, runs });
    }
  } finally {
    for (const instance of instances) await stopChild(instance);
    if (groups) {
      undoOnExit.delete(groups.remove);
      groups.remove();
    }
  }
  return { results, setup };
}

/** health and the open-data downloads measured beside it run as one group; every other scenario alone. */
function scenarioGroups(scenarios: Scenario[]): Scenario[][] {
  const besideHealth = (scenario: Scenario) => scenario.id === "health" || scenario.besideHealth === true;
  const healthGroup = scenarios.filter(besideHealth);
  return [
    ...(healthGroup.length > 0 ? [healthGroup] : []),
    ...scenarios.filter((scenario) => !besideHealth(scenario)).map((scenario) => [scenario]),
  ];
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadAtStart = os.loadavg();
  const settings = readSettings();
  const { selection } = settings;
  cpuProfileDir = settings.cpuProfileDir;
  if (cpuProfileDir) say(`CPU profiles of the product's servers go to ${cpuProfileDir}`);
  const wants = (run: SelectableRun) => selection.runs.includes(run);
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const runOptions = (warmupSeconds: number, durationSeconds = settings.durationSeconds) => ({
    durationSeconds,
    warmupSeconds,
    timeoutSeconds: settings.requestTimeoutSeconds,
  });
  workDir = await mkdtemp(path.join(os.tmpdir(), "inclusion-atlas-bench-api-"));
  const scenarios: ScenarioResult[] = [];
  const scaleOut: ScaleOutResult[] = [];
  let scaleOutSetup: ScaleOutSetup | null = null;
  const skipped: string[] = [];
  const seedMs: ApiBenchResult["seedMs"] = {};
  const databases: DatabaseKind[] = [];
  const plans: QueryPlan[] = [];
  let memory: MemoryRun | null = null;
  const postgresVersions: string[] = [];

  const baseline = selection.baseline
    ? await checkOutBaseline(selection.baseline, path.join(workDir, "baseline-files"))
    : null;
  if (baseline) say(`Baseline: ${baseline.revision} (${baseline.commit}), its server beside this one's`);

  say("Building the request bodies (a 1 MB JPEG photo)…");
  const bodies = await buildBodies();

  // The bare route's process: the ceiling, and health's pair (measured again in turn with each health run).
  let pairedBare: PairedBare | undefined;
  let bare: Child | undefined;
  if (wants("bare") || wants("health")) {
    say("Bare Fastify route (the ceiling)");
    bare = await startChild("bare", serverScript, { BENCH_SERVER_KIND: "bare" });
    if (wants("bare")) {
      const bareRoute: Scenario = {
        id: "bare",
        name: "Bare Fastify route (GET /)",
        method: "GET",
        path: "/",
      };
      scenarios.push(...(await runScenarios(url(bare.port), null, bare, [bareRoute], settings)));
    }
    pairedBare = { url: url(bare.port), server: bare };
  }

  for (const database of selection.databases) {
    // Each variant's server on its own database: a baseline without this commit's migrations must not
    // run on a database they changed.
    const variants: { label: string; variant?: "baseline"; script: string; cwd?: string }[] = [
      { label: database, script: serverScript },
      ...(baseline
        ? [
            {
              label: `${database}-baseline`,
              variant: "baseline" as const,
              script: baseline.serverScript,
              cwd: baseline.dir,
            },
          ]
        : []),
    ];
    const servers: {
      child: Child;
      url: string;
      scenarios: Scenario[];
      variant?: "baseline";
      env: Record<string, string>;
    }[] = [];
    let postgresUrl: string | undefined;
    for (const variant of variants) {
      let env: Record<string, string> = {};
      if (database === "postgres") {
        let created: PostgresDatabase;
        try {
          created = await createPostgresDatabase(settings.postgresAdminUrl);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          skipped.push(
            `PostgreSQL (${new URL(settings.postgresAdminUrl).host}): ${reason}. Set BENCH_DATABASE_URL to a ` +
              "server where the bench may create a database.",
          );
          say(`PostgreSQL skipped: ${reason}`);
          break;
        }
        postgresDatabases.push(created);
        postgresVersions.push(created.version);
        postgresUrl ??= created.url;
        // One uploads folder for every instance, as a deployment shares one volume or store.
        env = {
          DATABASE_URL: created.url,
          UPLOADS_DIR: path.join(workDir, `${variant.label}-uploads`),
        };
      }
      say(
        `${databaseName(database)}${variant.variant ? " (baseline)" : ""}: starting the server and seeding ` +
          `${formatNumber(settings.users)} users…`,
      );
      const child = await startChild(
        variant.label,
        variant.script,
        serverEnv(path.join(workDir, variant.label), { ...env, ...seedEnv(settings) }),
        variant.cwd,
      );
      if (child.ready.seeded && !variant.variant) seedMs[database] = child.ready.seeded.ms;
      const serverUrl = url(child.port);
      servers.push({
        child,
        url: serverUrl,
        scenarios: apiScenarios(await signIn(serverUrl), bodies, settings.search),
        env,
        ...(variant.variant ? { variant: variant.variant } : {}),
      });
    }
    const current = servers.find((server) => !server.variant);
    if (!current) continue;
    databases.push(database);

    if (database === "postgres" && wants("memory")) {
      // The memory run comes first: after 100 parallel photo uploads, RSS stays at their high-water mark
      // (the allocator keeps freed memory), which would hide a slow leak of the list.
      const usersPage = current.scenarios.find((scenario) => scenario.id === "users-page") as Scenario;
      const memoryConnections = settings.connections[0] ?? 10;
      say(`Memory: ${usersPage.name}, ${memoryConnections} connections, ${settings.memoryDurationSeconds} s`);
      current.child.fullGcBeforeSamples(true);
      const memoryRun = await measure(
        current.url,
        usersPage,
        memoryConnections,
        [current.child],
        runOptions(settings.warmupSeconds, settings.memoryDurationSeconds),
      );
      current.child.fullGcBeforeSamples(false);
      progress("memory run", memoryRun);
      memory = {
        scenario: usersPage.name,
        database: "postgres",
        connections: memoryConnections,
        samples: memoryRun.samples,
        figures: memoryRun.figures,
        serverCpuCores: memoryRun.serverCpuCores,
        flatness: memoryFlatness(memoryRun.samples),
      };
    }

    // Each group on this commit's server, then on the baseline's, round after round.
    const selected = (server: (typeof servers)[number]) =>
      server.scenarios.filter((scenario) => wants(scenario.id as SelectableRun));
    const groupsOf = servers.map((server) => scenarioGroups(selected(server)));
    const groupCount = groupsOf[0]?.length ?? 0;
    for (let group = 0; group < groupCount; group++) {
      for (let round = 0; round < selection.rounds; round++) {
        for (const [index, server] of servers.entries()) {
          const scenariosOfGroup = groupsOf[index]?.[group] ?? [];
          scenarios.push(
            ...(await runScenarios(
              server.url,
              database,
              server.child,
              scenariosOfGroup,
              settings,
              pairedBare,
              server.variant,
            )),
          );
        }
      }
    }

    if (database === "postgres" && postgresUrl && (wants("users-page") || wants("users-search"))) {
      say("Query plans of the users list (EXPLAIN ANALYZE)");
      plans.push(...(await usersListPlans(postgresUrl, settings.search)));
    }

    if (database === "postgres" && wants("scale-out")) {
      const usersPage = current.scenarios.find((scenario) => scenario.id === "users-page") as Scenario;
      const measured = await runScaleOut(settings, usersPage, current.env, skipped);
      scaleOut.push(...measured.results);
      scaleOutSetup = measured.setup;
    }
    for (const server of servers) await stopChild(server.child);
  }
  if (bare) await stopChild(bare);
  await cleanUp();

  const measuredAt = new Date().toISOString();
  const cpus = os.cpus();
  const currentScenarios = scenarios.filter((scenario) => scenario.variant !== "baseline");
  const baselineScenarios = scenarios
    .filter((scenario) => scenario.variant === "baseline")
    .map(({ variant: _variant, ...scenario }) => scenario);
  const result: ApiBenchResult = {
    kind: "api",
    measuredAt,
    commit: git(["rev-parse", "--short", "HEAD"]),
    uncommittedChanges: Boolean(git(["status", "--porcelain"])),
    machine: {
      cpus: os.availableParallelism(),
      cpuModel: cpus[0]?.model.trim() ?? "unknown CPU",
      memoryBytes: os.totalmem(),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
      loadAverage: { atStart: loadAtStart, atEnd: os.loadavg() },
    },
    versions: {
      autocannon: await packageVersion("autocannon"),
      fastify: await packageVersion("fastify"),
      pglite: await packageVersion("@electric-sql/pglite"),
      postgres: postgresVersions[0] ?? null,
    },
    settings: {
      durationSeconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
      requestTimeoutSeconds: settings.requestTimeoutSeconds,
      connections: settings.connections,
      memoryDurationSeconds: settings.memoryDurationSeconds,
      users: settings.users,
      search: settings.search,
      photoBytes: bodies.photoBytes,
      logLevel: SERVER_LOG_LEVEL,
      raisedLimits,
    },
    seedMs,
    scenarios,
    memory,
    scaleOut,
    scaleOutSetup,
    skipped,
    serverOutput,
    targets: checkTargets({
      scenarios: currentScenarios,
      memory,
      scaleOut,
      connections: settings.connections,
      databases,
    }),
    ...(selection.partial
      ? { selection: { runs: [...selection.runs], databases, rounds: selection.rounds } }
      : {}),
    baseline: baseline
      ? {
          revision: baseline.revision,
          commit: baseline.commit,
          targets: checkTargets({
            scenarios: baselineScenarios,
            memory: null,
            scaleOut: [],
            connections: settings.connections,
            databases,
          }),
        }
      : null,
    plans,
  };

  const stamp = measuredAt.replace(/\.\d+Z$/, "Z").replace(/:/g, "-");
  const json = `${JSON.stringify(result, null, 2)}\n`;
  const summary = renderApiSummary(result);
  // A run of selected scenarios never stands for the full run: its files go aside (not committed).
  const outDir = selection.partial ? path.join(resultsDir, "selected") : resultsDir;
  const shown = selection.partial ? "bench/results/selected/" : "bench/results/";
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, `api-${stamp}.json`), json);
  await writeFile(path.join(outDir, "api-latest.json"), json);
  await writeFile(path.join(outDir, "api-latest.md"), summary);
  say(
    `\n${summary}\nWritten: ${shown}api-${stamp}.json, api-latest.json, api-latest.md ` +
      `(${Math.round((Date.now() - started) / 1000)} s; ${databases.map(databaseName).join(" and ")})`,
  );
}

// Stopped by Ctrl-C or by kill: the cgroups, the balancer, the servers and the bench databases go too.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(code)));
}

main().catch(async (error: unknown) => {
  await cleanUp();
  const message =
    error instanceof SettingsError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  console.error(`bench:api failed: ${message}`);
  process.exitCode = 1;
});
