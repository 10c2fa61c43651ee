import type { AutocannonResult } from "autocannon";
import { formatNumber } from "../../src/domain/format";
import type { CpuShares } from "./cpu-shares";
import { IN_TURN_SLICES } from "./settings";

// The API bench's result: what is written to bench/results/api-*.json, and its Markdown summary.

export type DatabaseKind = "pglite" | "postgres";

export type ScenarioId =
  | "bare"
  /**
   * The bare route again, measured in turn with health's lean run at the same connections (its `database` is
   * health's).
   */
  | "bare-paired"
  | "health"
  /** Health again, measured with the lean load generator in turn with the bare route and the open-data downloads. */
  | "health-lean"
  /** Open data served from prepared bodies, measured right after health at the same connections. */
  | "open-states-json"
  | "open-schools-csv"
  | "users-page"
  | "users-search"
  | "login"
  | "report"
  | "report-photo"
  /** Health polled at a steady rate while photo reports are processed... */
  | "health-during-photos"
  /** ... and those photo reports, measured at the same time. */
  | "photos-beside-health";

/** What one autocannon run measured. Latencies in milliseconds (autocannon's resolution: 1 ms). */
export interface LoadFigures {
  requestsPerSecond: number;
  /** Completed requests, whatever their status. */
  requests: number;
  durationSeconds: number;
  latencyMs: { p50: number; p97_5: number; p99: number; average: number; max: number };
  /** Requests that got no answer: connection errors and timeouts (autocannon counts both). */
  errors: number;
  /** The timeouts among the errors (no answer within autocannon's 10 s). */
  timeouts: number;
  /** Answers outside 200–299: a 429 of a rate limit, a 5xx. */
  non2xx: number;
  statusCodes: Record<string, number>;
  bytesPerSecond: number;
  /**
   * Cores the whole machine was busy during the run (every process: servers, load generator, PostgreSQL,
   * and whatever else runs there); near the core count, the machine was the limit.
   */
  machineBusyCores: number | null;
}

export interface ScenarioResult {
  id: ScenarioId;
  name: string;
  /** null for the bare route, which has no database. */
  database: DatabaseKind | null;
  connections: number;
  figures: LoadFigures;
  /**
   * CPU the server process used during the run, in cores (its CPU time over the run's time, every thread:
   * argon2 and sharp run on libuv's pool). PostgreSQL's own CPU is not in it; PGlite's is.
   */
  serverCpuCores: number | null;
  /** "baseline": measured on the server of BENCH_API_BASELINE's commit (A/B runs); absent: this commit. */
  variant?: "baseline";
}

/** EXPLAIN (ANALYZE, BUFFERS) of one statement of the API, on the bench's PostgreSQL database. */
export interface QueryPlan {
  label: string;
  sql: string;
  params: unknown[];
  plan: string;
}

export interface MemorySample {
  /** Seconds since the load started. */
  second: number;
  rss: number;
  heapUsed: number;
}

export interface MemoryFlatness {
  /** Median RSS from the 10th to the 20th second: the server warmed up, under load. */
  referenceMedianRss: number | null;
  /** Median RSS over the last 10 seconds. */
  finalMedianRss: number | null;
  /** Median heap used, measured after a full garbage collection: the live heap. */
  referenceMedianHeap: number | null;
  finalMedianHeap: number | null;
  /** finalMedianHeap / referenceMedianHeap - 1: what is judged (targets.ts says why). */
  change: number | null;
  /** Within the tolerance; null when the run was too short to tell. */
  flat: boolean | null;
}

export interface MemoryRun {
  scenario: string;
  database: DatabaseKind;
  connections: number;
  samples: MemorySample[];
  figures: LoadFigures;
  serverCpuCores: number | null;
  flatness: MemoryFlatness;
}

/** One run of the scale-out: this many instances behind the load balancer. */
export interface ScaleOutRun {
  instances: number;
  figures: LoadFigures;
  /** The instances' CPU together, from their own samples. */
  cpuCores: number | null;
  /** Where the CPU went (bench/api/cpu-shares.ts). */
  shares: CpuShares | null;
  /** What bounded the rate, in a sentence. */
  ceiling: string | null;
  /** Periods (10 ms, cpu-quota.ts) in which its quota held each instance back during the run; null: no quota. */
  throttledPeriods: (number | null)[] | null;
  /**
   * Every round's figures at this many instances, in the order run; the rest of this run is the round of
   * median rate (`medianRound`). Absent in results written before the scale-out ran in rounds.
   */
  everyRound?: LoadFigures[];
}

/** A page measured through the load balancer with one instance, then two, then three. */
export interface ScaleOutResult {
  page: "users-page" | "state-page";
  name: string;
  connections: number;
  runs: ScaleOutRun[];
}

/** How the scale-out run was set up: the load balancer, and the instances' CPU quota. */
export interface ScaleOutSetup {
  /** "HAProxy 2.6.12 (/usr/sbin/haproxy, found)", or the Node proxy and why. */
  balancer: string;
  /** Cores each instance may use; null: no quota (the reason is in `quota`). */
  quotaCores: number | null;
  /** How the quota was set, or why there is none. */
  quota: string;
  /** Rounds of one, two and three instances in turn (absent in results written before rounds). */
  rounds?: number;
  /** Seconds of load every instance had, directly and alike, before a page's rounds. */
  warmSeconds?: number;
}

/**
 * The round of median rate (the lower of the middle two for an even count): one slow or fast round, the
 * machine busy with something else for a moment, does not decide a ratio.
 */
export function medianRound<Round extends { figures: LoadFigures }>(rounds: Round[]): Round {
  if (rounds.length === 0) throw new Error("medianRound needs at least one round");
  const byRate = [...rounds].sort((a, b) => a.figures.requestsPerSecond - b.figures.requestsPerSecond);
  return byRate[Math.floor((byRate.length - 1) / 2)] as Round;
}

/** A scale-out run's rate over its one-instance run's; null when that run completed nothing. */
export function scaleOutRatio(result: ScaleOutResult, instances: number): number | null {
  const one = result.runs.find((run) => run.instances === 1)?.figures.requestsPerSecond ?? 0;
  const many = result.runs.find((run) => run.instances === instances)?.figures.requestsPerSecond;
  return many === undefined || one <= 0 ? null : many / one;
}

export interface TargetCheck {
  target: string;
  measured: string;
  /** null: not measured in this run (no PostgreSQL, or a run too short). */
  pass: boolean | null;
}

export interface ApiBenchResult {
  kind: "api";
  measuredAt: string;
  commit: string | null;
  uncommittedChanges: boolean;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryBytes: number;
    node: string;
    platform: string;
    /** 1-, 5- and 15-minute load averages before and after the run: other work shares the machine. */
    loadAverage: { atStart: number[]; atEnd: number[] };
  };
  versions: { autocannon: string; fastify: string; pglite: string; postgres: string | null };
  settings: {
    durationSeconds: number;
    warmupSeconds: number;
    /** A request unanswered after this long counts as an error. */
    requestTimeoutSeconds: number;
    connections: number[];
    memoryDurationSeconds: number;
    users: number;
    search: string;
    photoBytes: number;
    /** The server's LOG_LEVEL during the run. */
    logLevel: string;
    /** Limits raised for the run so requests measure the work, not 429 answers. */
    raisedLimits: Record<string, string>;
  };
  /** Milliseconds the one-statement seed of the users took, per database. */
  seedMs: Partial<Record<DatabaseKind, number>>;
  scenarios: ScenarioResult[];
  memory: MemoryRun | null;
  scaleOut: ScaleOutResult[];
  /** The scale-out run's load balancer and quota; absent when it did not run. */
  scaleOutSetup?: ScaleOutSetup | null;
  /** Parts left out, and why (e.g. no PostgreSQL reachable). */
  skipped: string[];
  /** What the servers wrote to their output (warnings and errors only, at LOG_LEVEL=warn). */
  serverOutput: string[];
  targets: TargetCheck[];
  /** Set by a run of selected scenarios (BENCH_SCENARIOS and the like): what it measured. */
  selection?: {
    runs: string[];
    databases: DatabaseKind[];
    rounds: number;
  };
  /** BENCH_API_BASELINE: the commit compared with, and its targets on the same run. */
  baseline?: { revision: string; commit: string | null; targets: TargetCheck[] } | null;
  /** Query plans of the users list on PostgreSQL, measured after its load. */
  plans?: QueryPlan[];
}

export function figuresFrom(result: AutocannonResult): LoadFigures {
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    durationSeconds: result.duration,
    latencyMs: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    bytesPerSecond: result.throughput.average,
    machineBusyCores: null,
  };
}

/** Requests that did not succeed: no answer (errors include timeouts in autocannon) or not a 2xx. */
export function failedRequests(figures: LoadFigures): number {
  return figures.errors + figures.non2xx;
}

/** The median of the values; null for none. */
export function median(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function databaseName(kind: DatabaseKind | null): string {
  if (kind === null) return "none";
  return kind === "pglite" ? "PGlite" : "PostgreSQL";
}

/** Requests per second: whole above 100, one decimal below (sign-ins are counted in tens). */
export function formatRate(perSecond: number): string {
  return formatNumber(perSecond >= 100 ? Math.round(perSecond) : Math.round(perSecond * 10) / 10);
}

export function formatMs(milliseconds: number): string {
  return `${formatNumber(Math.round(milliseconds * 10) / 10)} ms`;
}

export function formatCores(cores: number | null): string {
  return cores === null ? "n/a" : cores.toFixed(2);
}

export function formatMiB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

export function formatShare(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

/** A relative change, signed: "+1.3%", "-0.4%". */
export function formatChange(ratio: number): string {
  const percent = (ratio * 100).toFixed(1);
  return ratio >= 0 ? `+${percent}%` : `${percent}%`;
}

export function formatVerdict(pass: boolean | null): string {
  if (pass === null) return "not measured";
  return pass ? "pass" : "fail";
}

function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function separator(columns: number): string {
  return row(Array.from({ length: columns }, () => "---"));
}

/** Non-2xx answers by status, e.g. "429 × 12, 500 × 1"; "" when there are none. */
export function describeNon2xx(figures: LoadFigures): string {
  return Object.entries(figures.statusCodes)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, count]) => `${code} × ${formatNumber(count)}`)
    .join(", ");
}

function figureCells(figures: LoadFigures, serverCpuCores: number | null): string[] {
  return [
    formatRate(figures.requestsPerSecond),
    formatMs(figures.latencyMs.p50),
    formatMs(figures.latencyMs.p97_5),
    formatMs(figures.latencyMs.p99),
    formatNumber(figures.errors),
    formatNumber(figures.non2xx),
    formatCores(serverCpuCores),
    formatCores(figures.machineBusyCores),
  ];
}

export interface LoginRates {
  /** The best sign-in rate over the connection levels. */
  perSecond: number;
  /** That rate over the machine's cores (which the load generator and PostgreSQL share). */
  perMachineCore: number;
  /** That rate over the CPU the server process used in the run: argon2's cost alone, near enough. */
  perServerCore: number | null;
}

/** Sign-ins per second per core, from the fastest sign-in run on a database; null when not measured. */
export function loginRates(result: ApiBenchResult, database: DatabaseKind): LoginRates | null {
  const best = result.scenarios
    .filter((scenario) => scenario.id === "login" && scenario.database === database)
    .sort((a, b) => b.figures.requestsPerSecond - a.figures.requestsPerSecond)[0];
  if (!best) return null;
  const perSecond = best.figures.requestsPerSecond;
  return {
    perSecond,
    perMachineCore: perSecond / result.machine.cpus,
    perServerCore: best.serverCpuCores && best.serverCpuCores > 0 ? perSecond / best.serverCpuCores : null,
  };
}

function formatLoad(averages: number[]): string {
  return averages.map((average) => average.toFixed(2)).join(" / ");
}

function utc(iso: string): string {
  return iso.replace("T", " ").replace(/\.\d+Z$/, " UTC");
}

/** The same scenario, database and connections, on this commit and on the baseline (every round). */
function abSection(result: ApiBenchResult): string[] {
  if (!result.baseline) return [];
  const key = (scenario: ScenarioResult) => `${scenario.id} ${scenario.database} ${scenario.connections}`;
  const keys = [...new Set(result.scenarios.map(key))];
  const rows = keys.flatMap((wanted) => {
    const runs = result.scenarios.filter((scenario) => key(scenario) === wanted);
    const current = runs.filter((scenario) => scenario.variant !== "baseline");
    const baseline = runs.filter((scenario) => scenario.variant === "baseline");
    const first = runs[0];
    if (!first || current.length === 0 || baseline.length === 0) return [];
    const rates = (list: ScenarioResult[]) =>
      list.map((scenario) => formatRate(scenario.figures.requestsPerSecond)).join(", ");
    const p99s = (list: ScenarioResult[]) =>
      list.map((scenario) => formatMs(scenario.figures.latencyMs.p99)).join(", ");
    const mean = (list: ScenarioResult[]) =>
      list.reduce((sum, scenario) => sum + scenario.figures.requestsPerSecond, 0) / list.length;
    const ratio = mean(baseline) > 0 ? `${(mean(current) / mean(baseline)).toFixed(2)}×` : "n/a";
    // CPU time per request holds better than the rate on a machine busy with other work.
    const cpuPerRequest = (list: ScenarioResult[]) =>
      list
        .map((scenario) =>
          scenario.serverCpuCores !== null && scenario.figures.requestsPerSecond > 0
            ? `${formatNumber(Math.round((scenario.serverCpuCores * 1e6) / scenario.figures.requestsPerSecond))} µs`
            : "n/a",
        )
        .join(", ");
    return [
      row([
        first.name,
        databaseName(first.database),
        String(first.connections),
        rates(current),
        rates(baseline),
        ratio,
        p99s(current),
        p99s(baseline),
        cpuPerRequest(current),
        cpuPerRequest(baseline),
      ]),
    ];
  });
  const baseline = result.baseline;
  return [
    `## This commit against ${baseline.revision} (${baseline.commit ?? "unknown"})`,
    "",
    "Both servers ran in this run, each scenario on one and then the other, round after round (figures in " +
      "the order measured). Server CPU per request: the server process's CPU time (every thread) over the " +
      "requests answered, which a machine busy with other work changes less than the rate.",
    "",
    row([
      "Scenario",
      "Database",
      "Connections",
      "Requests/s, this commit",
      "Requests/s, baseline",
      "Ratio of means",
      "p99, this commit",
      "p99, baseline",
      "Server CPU per request, this commit",
      "Server CPU per request, baseline",
    ]),
    separator(10),
    ...rows,
    "",
    "Targets on the baseline's figures of the same run:",
    "",
    row(["Target", "Measured", "Result"]),
    separator(3),
    ...baseline.targets.map((check) => row([check.target, check.measured, formatVerdict(check.pass)])),
    "",
  ];
}

/** The readable summary written to bench/results/api-latest.md and printed by the bench. */
export function renderApiSummary(result: ApiBenchResult): string {
  const { settings, machine, versions } = result;
  const seeded = (Object.entries(result.seedMs) as [DatabaseKind, number][])
    .map(([kind, ms]) => `${(ms / 1000).toFixed(1)} s on ${databaseName(kind)}`)
    .join(", ");
  const lines: string[] = [
    `# API performance, ${utc(result.measuredAt)}`,
    "",
    `Commit ${result.commit ?? "unknown"}${result.uncommittedChanges ? " with uncommitted changes" : ""}; ` +
      `Node ${machine.node}, autocannon ${versions.autocannon}, Fastify ${versions.fastify}, ` +
      `PGlite ${versions.pglite}${versions.postgres ? `, PostgreSQL ${versions.postgres}` : ""}.`,
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${formatMiB(machine.memoryBytes)}, shared by the servers, ` +
      "the load generator and PostgreSQL: the figures are ratios more than absolutes. Load average " +
      `${formatLoad(machine.loadAverage.atStart)} before the run, ${formatLoad(machine.loadAverage.atEnd)} after.`,
    `Each scenario: ${settings.durationSeconds} s of measured load at each of ` +
      `${settings.connections.join(" and ")} connections, after a ${settings.warmupSeconds} s warm-up; the ` +
      "server is left to go idle between runs. Health with the lean load generator, the bare route paired " +
      `with it and the open-data downloads get theirs in ${IN_TURN_SLICES} slices each, taken in turn. ` +
      `${formatNumber(settings.users)} users in the database` +
      `${seeded ? ` (seeded in ${seeded})` : ""}. Server LOG_LEVEL=${settings.logLevel}. Raised for the run: ` +
      `${Object.entries(settings.raisedLimits)
        .map(([name, value]) => `${name}=${value}`)
        .join(", ")}.`,
    "",
    ...(result.selection
      ? [
          `Selected runs only: ${result.selection.runs.join(", ")} on ` +
            `${result.selection.databases.map(databaseName).join(" and ")}` +
            `${result.selection.rounds > 1 ? `, ${result.selection.rounds} rounds` : ""}. ` +
            'A target whose runs were left out reads "not measured".',
          "",
        ]
      : []),
    "## Targets",
    "",
    row(["Target", "Measured", "Result"]),
    separator(3),
    ...result.targets.map((check) => row([check.target, check.measured, formatVerdict(check.pass)])),
    "",
    ...abSection(result),
    "## Throughput and latency",
    "",
    row([
      "Scenario",
      "Database",
      "Connections",
      "Requests/s",
      "p50",
      "p97.5",
      "p99",
      "Errors",
      "Non-2xx",
      "Server CPU (cores)",
      "Machine busy (cores)",
    ]),
    separator(11),
    ...result.scenarios.map((scenario) =>
      row([
        scenario.variant === "baseline" ? `${scenario.name} [baseline]` : scenario.name,
        databaseName(scenario.database),
        String(scenario.connections),
        ...figureCells(scenario.figures, scenario.serverCpuCores),
      ]),
    ),
    "",
    `Errors: requests with no answer (connection errors, and timeouts after ${settings.requestTimeoutSeconds} s). ` +
      "Server CPU: the server " +
      "process's CPU time over the run's time, every thread (PostgreSQL's own CPU is not in it, PGlite's is). " +
      `Machine busy: the cores in use by every process on the machine during the run, out of ${machine.cpus}.`,
  ];

  const logins = (["pglite", "postgres"] as const).flatMap((kind) => {
    const rates = loginRates(result, kind);
    if (!rates) return [];
    const perServerCore =
      rates.perServerCore === null ? "" : `, ${formatRate(rates.perServerCore)} per core the server used`;
    return [
      `- ${databaseName(kind)}: ${formatRate(rates.perMachineCore)} per second per core ` +
        `(${formatRate(rates.perSecond)}/s over ${machine.cpus} cores${perServerCore})`,
    ];
  });
  if (logins.length > 0) {
    lines.push(
      "",
      "Sign-ins (argon2id at 19 MiB, 2 passes, by design), best connection level:",
      "",
      ...logins,
    );
  }
  const refused = result.scenarios.flatMap((scenario) => {
    const codes = describeNon2xx(scenario.figures);
    return codes
      ? [
          `- ${scenario.name}, ${databaseName(scenario.database)}, ${scenario.connections} connections: ${codes}`,
        ]
      : [];
  });
  if (refused.length > 0) lines.push("", "Non-2xx answers:", "", ...refused);

  if (result.scaleOut.length > 0) lines.push(...scaleOutLines(result));

  if (result.memory) {
    const { memory } = result;
    const { flatness } = memory;
    const last = memory.samples.at(-1)?.second ?? 0;
    lines.push(
      "",
      "## Memory",
      "",
      `The server process's own process.memoryUsage(), once a second right after a full garbage collection, during ${Math.round(last)} s of ` +
        `${memory.scenario} on ${databaseName(memory.database)} at ${memory.connections} connections ` +
        `(${formatRate(memory.figures.requestsPerSecond)} req/s, p99 ${formatMs(memory.figures.latencyMs.p99)}).`,
      "",
      row(["Window", "Median RSS", "Median live heap"]),
      separator(3),
      row([
        "10th to 20th second",
        flatness.referenceMedianRss === null ? "n/a" : formatMiB(flatness.referenceMedianRss),
        flatness.referenceMedianHeap === null ? "n/a" : formatMiB(flatness.referenceMedianHeap),
      ]),
      row([
        "last 10 seconds",
        flatness.finalMedianRss === null ? "n/a" : formatMiB(flatness.finalMedianRss),
        flatness.finalMedianHeap === null ? "n/a" : formatMiB(flatness.finalMedianHeap),
      ]),
      "",
      `Every 10 s, live heap / RSS: ${memory.samples
        .filter((_sample, index) => index % 10 === 0)
        .map((sample) => `${formatMiB(sample.heapUsed)} / ${formatMiB(sample.rss)}`)
        .join(", ")}.`,
    );
  }

  if (result.plans && result.plans.length > 0) {
    lines.push(
      "",
      "## Query plans",
      "",
      "EXPLAIN (ANALYZE, BUFFERS) on the bench's PostgreSQL database, right after the users list's load: " +
        "the statements of GET /api/v1/roles/users as this commit's code builds them.",
    );
    for (const plan of result.plans) {
      lines.push(
        "",
        `### ${plan.label}`,
        "",
        "```sql",
        plan.sql,
        `-- parameters: ${JSON.stringify(plan.params)}`,
        "```",
        "",
        "```",
        plan.plan,
        "```",
      );
    }
  }
  if (result.skipped.length > 0)
    lines.push("", "Not measured:", "", ...result.skipped.map((note) => `- ${note}`));
  if (result.serverOutput.length > 0) {
    lines.push("", "The servers wrote:", "", ...result.serverOutput.map((line) => `    ${line}`));
  }
  return `${lines.join("\n")}\n`;
}

function scaleOutLines(result: ApiBenchResult): string[] {
  const setup = result.scaleOutSetup;
  const runs = result.scaleOut.flatMap((scale) => scale.runs.map((run) => ({ scale, run })));
  const perInstance = (shares: CpuShares | null) =>
    shares?.perInstance?.map((cores) => formatCores(cores)).join(" + ") ?? "n/a";
  return [
    "",
    "## Scale-out",
    "",
    "Each page on PostgreSQL through the load balancer: one instance of the product, then two, then three, " +
      "sharing the database.",
    ...(setup
      ? [
          "",
          `- Load balancer: ${setup.balancer}`,
          `- CPU quota per instance: ${setup.quota}`,
          ...(setup.rounds !== undefined && setup.warmSeconds !== undefined
            ? [
                `- Method: before each page, every instance had ${setup.warmSeconds} s of its load, directly ` +
                  `and all at once; then ${setup.rounds} round${setup.rounds === 1 ? "" : "s"} of one, ` +
                  "two and three instances in turn. Each count's figures below are its round of median " +
                  "rate; every round's rate is in the last column.",
              ]
            : []),
        ]
      : []),
    "",
    row([
      "Page",
      "Connections",
      "Instances",
      "Requests/s",
      "× one instance",
      "p99",
      "Instances' CPU",
      "Throttled periods",
      "Errors + non-2xx",
      "Every round's requests/s",
    ]),
    separator(10),
    ...runs.map(({ scale, run }) => {
      const ratio = scaleOutRatio(scale, run.instances);
      return row([
        scale.name,
        String(scale.connections),
        String(run.instances),
        formatRate(run.figures.requestsPerSecond),
        ratio === null ? "n/a" : `${ratio.toFixed(2)}×`,
        formatMs(run.figures.latencyMs.p99),
        formatCores(run.cpuCores),
        run.throttledPeriods
          ?.map((periods) => (periods === null ? "n/a" : formatNumber(periods)))
          .join(" + ") ?? "no quota",
        formatNumber(failedRequests(run.figures)),
        (run.everyRound ?? [run.figures]).map((round) => formatRate(round.requestsPerSecond)).join(", "),
      ]);
    }),
    "",
    "Where the CPU went (cores, read from /proc over each run) and what bounded the rate:",
    "",
    row([
      "Page",
      "Instances",
      "Each instance",
      "PostgreSQL",
      "Load balancer",
      "Load generator",
      "Machine busy",
      "Ceiling",
    ]),
    separator(8),
    ...runs.map(({ scale, run }) =>
      row([
        scale.name,
        String(run.instances),
        perInstance(run.shares),
        formatCores(run.shares?.database ?? null),
        formatCores(run.shares?.proxy ?? null),
        formatCores(run.shares?.loadGenerator ?? null),
        run.shares?.machine == null ? "n/a" : `${formatCores(run.shares.machine)} of ${run.shares.cores}`,
        run.ceiling ?? "not measured",
      ]),
    ),
  ];
}
