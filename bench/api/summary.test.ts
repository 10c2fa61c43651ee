import type { AutocannonResult } from "autocannon";
import { describe, expect, it } from "vitest";
import {
  describeNon2xx,
  figuresFrom,
  formatChange,
  formatCores,
  formatMiB,
  formatMs,
  formatRate,
  loginRates,
  median,
  medianRound,
  renderApiSummary,
  type ApiBenchResult,
} from "./summary";
import { figures, scaleOutResult, scenario } from "./test-fixtures";

function benchResult(overrides: Partial<ApiBenchResult> = {}): ApiBenchResult {
  return {
    kind: "api",
    measuredAt: "2026-11-22T10:00:00.123Z",
    commit: "abc1234",
    uncommittedChanges: false,
    machine: {
      cpus: 2,
      cpuModel: "Test CPU",
      memoryBytes: 4 * 1024 ** 3,
      node: "v20.19.0",
      platform: "Linux 6.1",
      loadAverage: { atStart: [0.5, 0.4, 0.3], atEnd: [1.9, 1.2, 0.8] },
    },
    versions: { autocannon: "8.0.0", fastify: "5.12.8", pglite: "0.5.16", postgres: "15.20" },
    settings: {
      durationSeconds: 10,
      warmupSeconds: 2,
      requestTimeoutSeconds: 30,
      connections: [10, 100],
      memoryDurationSeconds: 60,
      users: 100_000,
      search: "ada",
      photoBytes: 1_048_000,
      logLevel: "warn",
      raisedLimits: { AUTH_RATE_LIMIT_MAX: "1000000000" },
    },
    seedMs: { pglite: 2500, postgres: 1200 },
    scenarios: [
      scenario({
        id: "bare",
        name: "Bare Fastify route (GET /)",
        database: null,
        figures: figures({ requestsPerSecond: 20_000 }),
      }),
      scenario({ figures: figures({ requestsPerSecond: 12_345.6 }) }),
      scenario({
        id: "login",
        name: "POST /api/v1/auth/login",
        database: "pglite",
        figures: figures({ requestsPerSecond: 40 }),
      }),
      scenario({
        id: "login",
        name: "POST /api/v1/auth/login",
        database: "pglite",
        connections: 100,
        figures: figures({ requestsPerSecond: 47, non2xx: 3, statusCodes: { "200": 470, "429": 3 } }),
      }),
    ],
    memory: null,
    scaleOut: [],
    skipped: [],
    serverOutput: [],
    targets: [
      { target: "Zero errors", measured: "0 errors", pass: true },
      { target: "Users page p99", measured: "p99 80 ms", pass: false },
      { target: "Memory flat", measured: "not measured", pass: null },
    ],
    ...overrides,
  };
}

describe("figuresFrom", () => {
  it("keeps autocannon's requests per second, percentiles, errors and status codes", () => {
    const result = {
      url: "http://127.0.0.1:3000/",
      connections: 10,
      duration: 10.02,
      errors: 2,
      timeouts: 1,
      non2xx: 5,
      "2xx": 995,
      statusCodeStats: { "200": { count: 995 }, "429": { count: 5 } },
      latency: {
        average: 3.1,
        mean: 3.1,
        stddev: 1,
        min: 0,
        max: 41,
        total: 1000,
        p50: 3,
        p90: 6,
        p97_5: 8,
        p99: 11,
      },
      requests: {
        average: 100.5,
        mean: 100.5,
        stddev: 3,
        min: 95,
        max: 104,
        total: 1000,
        sent: 1010,
        p50: 100,
        p90: 103,
        p97_5: 104,
        p99: 104,
      },
      throughput: {
        average: 5000,
        mean: 5000,
        stddev: 1,
        min: 1,
        max: 1,
        total: 50_000,
        p50: 1,
        p90: 1,
        p97_5: 1,
        p99: 1,
      },
    } satisfies AutocannonResult;

    expect(figuresFrom(result)).toEqual({
      requestsPerSecond: 100.5,
      requests: 1000,
      durationSeconds: 10.02,
      latencyMs: { p50: 3, p97_5: 8, p99: 11, average: 3.1, max: 41 },
      errors: 2,
      timeouts: 1,
      non2xx: 5,
      statusCodes: { "200": 995, "429": 5 },
      bytesPerSecond: 5000,
      machineBusyCores: null,
    });
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe("formatting", () => {
  it("writes rates whole above 100 and to a tenth below, with thousands grouped", () => {
    expect(formatRate(12_345.6)).toBe("12,346");
    expect(formatRate(45.26)).toBe("45.3");
    expect(formatRate(0)).toBe("0");
  });

  it("writes milliseconds, mebibytes, cores and signed changes", () => {
    expect(formatMs(1234)).toBe("1,234 ms");
    expect(formatMs(2.25)).toBe("2.3 ms");
    expect(formatMiB(150 * 1024 * 1024)).toBe("150.0 MiB");
    expect(formatCores(1.234)).toBe("1.23");
    expect(formatCores(null)).toBe("n/a");
    expect(formatChange(0.0132)).toBe("+1.3%");
    expect(formatChange(-0.004)).toBe("-0.4%");
  });

  it("names the non-2xx answers by status", () => {
    expect(describeNon2xx(figures({ statusCodes: { "200": 10, "429": 3, "503": 1 } }))).toBe(
      "429 × 3, 503 × 1",
    );
    expect(describeNon2xx(figures())).toBe("");
  });
});

describe("loginRates", () => {
  it("takes the fastest sign-in run, over the machine's cores and over the server's CPU", () => {
    expect(loginRates(benchResult(), "pglite")).toEqual({
      perSecond: 47,
      perMachineCore: 23.5,
      perServerCore: 47 / 0.9,
    });
    expect(loginRates(benchResult(), "postgres")).toBeNull();
  });
});

describe("renderApiSummary", () => {
  it("opens with the run, the machine and the settings", () => {
    const summary = renderApiSummary(benchResult());
    expect(summary).toMatch(/^# API performance, 2026-11-22 10:00:00 UTC\n/);
    expect(summary).toContain(
      "Commit abc1234; Node v20.19.0, autocannon 8.0.0, Fastify 5.12.8, PGlite 0.5.16, PostgreSQL 15.20.",
    );
    expect(summary).toContain("2 × Test CPU");
    expect(summary).toContain("ratios more than absolutes");
    expect(summary).toContain("Load average 0.50 / 0.40 / 0.30 before the run, 1.90 / 1.20 / 0.80 after.");
    expect(summary).toContain(
      "100,000 users in the database (seeded in 2.5 s on PGlite, 1.2 s on PostgreSQL)",
    );
    expect(summary).toContain("AUTH_RATE_LIMIT_MAX=1000000000");
  });

  it("lists every target with pass, fail or not measured", () => {
    const summary = renderApiSummary(benchResult());
    expect(summary).toContain("| Zero errors | 0 errors | pass |");
    expect(summary).toContain("| Users page p99 | p99 80 ms | fail |");
    expect(summary).toContain("| Memory flat | not measured | not measured |");
  });

  it("gives a row per scenario and connection level, and the sign-ins per core", () => {
    const summary = renderApiSummary(benchResult());
    expect(summary).toContain(
      "| GET /api/v1/health | PostgreSQL | 10 | 12,346 | 4 ms | 9 ms | 12 ms | 0 | 0 | 0.90 |",
    );
    expect(summary).toContain("| Bare Fastify route (GET /) | none | 10 | 20,000 |");
    expect(summary).toContain(
      "- PGlite: 23.5 per second per core (47/s over 2 cores, 52.2 per core the server used)",
    );
    expect(summary).toContain("- POST /api/v1/auth/login, PGlite, 100 connections: 429 × 3");
  });

  it("shows the scale-out ratio and the memory windows when measured", () => {
    const summary = renderApiSummary(
      benchResult({
        scaleOut: [
          scaleOutResult("users-page", [200, 380, 540], {
            runs: scaleOutResult("users-page", [200, 380, 540]).runs.map((run) =>
              run.instances === 1
                ? {
                    ...run,
                    shares: {
                      instances: 0.29,
                      perInstance: [0.29],
                      database: 0.4,
                      proxy: 0.05,
                      loadGenerator: 0.2,
                      machine: 1.1,
                      cores: 2,
                    },
                  }
                : run,
            ),
          }),
        ],
        scaleOutSetup: {
          balancer: "HAProxy 2.6.12-1+deb12u4 (/usr/sbin/haproxy, found)",
          quotaCores: 0.3,
          quota: "0.3 of a core each, cgroup v1 cpu.cfs_quota_us/cpu.cfs_period_us",
          rounds: 3,
          warmSeconds: 36,
        },
        memory: {
          scenario: "GET /api/v1/roles/users, page 1",
          database: "postgres",
          connections: 10,
          samples: Array.from({ length: 60 }, (_, second) => ({
            second,
            rss: 100 * 1024 * 1024,
            heapUsed: 30 * 1024 * 1024,
          })),
          figures: figures({ requestsPerSecond: 250 }),
          serverCpuCores: 0.7,
          flatness: {
            referenceMedianRss: 100 * 1024 * 1024,
            finalMedianRss: 101 * 1024 * 1024,
            referenceMedianHeap: 30 * 1024 * 1024,
            finalMedianHeap: 31 * 1024 * 1024,
            change: 0.01,
            flat: true,
          },
        },
      }),
    );
    expect(summary).toContain("- Load balancer: HAProxy 2.6.12-1+deb12u4 (/usr/sbin/haproxy, found)");
    expect(summary).toContain(
      "- CPU quota per instance: 0.3 of a core each, cgroup v1 cpu.cfs_quota_us/cpu.cfs_period_us",
    );
    expect(summary).toContain(
      "- Method: before each page, every instance had 36 s of its load, directly and all at once; then 3 " +
        "rounds of one, two and three instances in turn. Each count's figures below are its round of " +
        "median rate; every round's rate is in the last column.",
    );
    expect(summary).toContain(
      "| GET /api/v1/roles/users, page 1 | 100 | 1 | 200 | 1.00× | 12 ms | 0.29 | 90 | 0 | 200 |",
    );
    expect(summary).toContain(
      "| GET /api/v1/roles/users, page 1 | 100 | 3 | 540 | 2.70× | 12 ms | 0.87 | 90 + 90 + 90 | 0 | 540 |",
    );
    expect(summary).toContain(
      "| GET /api/v1/roles/users, page 1 | 1 | 0.29 | 0.40 | 0.05 | 0.20 | 1.10 of 2 | " +
        "the instances' CPU quota: 0.29 of their 0.3 of a core each |",
    );
    expect(summary).toContain(
      "| GET /api/v1/roles/users, page 1 | 2 | n/a | n/a | n/a | n/a | n/a | the instances'",
    );
    expect(summary).toContain("| 10th to 20th second | 100.0 MiB | 30.0 MiB |");
    expect(summary).toContain("| last 10 seconds | 101.0 MiB | 31.0 MiB |");
    expect(summary).toContain(
      "during 59 s of GET /api/v1/roles/users, page 1 on PostgreSQL at 10 connections",
    );
  });

  it("compares this commit with the baseline of the same run, and shows the query plans", () => {
    const text = renderApiSummary(
      benchResult({
        scenarios: [
          scenario({ id: "users-search", name: "GET /api/v1/roles/users?search=ada", figures: figures() }),
          scenario({
            id: "users-search",
            name: "GET /api/v1/roles/users?search=ada",
            variant: "baseline",
            figures: figures({
              requestsPerSecond: 250,
              latencyMs: { p50: 30, p97_5: 50, p99: 63, average: 31, max: 90 },
            }),
          }),
        ],
        selection: { runs: ["users-search"], databases: ["postgres"], rounds: 1 },
        baseline: {
          revision: "HEAD~1",
          commit: "def5678",
          targets: [{ target: "Users search p99", measured: "p99 63 ms", pass: false }],
        },
        plans: [
          {
            label: "Search, page 1: the total",
            sql: "select count(*) from users where search_text like $1",
            params: ["%ada%"],
            plan: "Aggregate (actual time=0.1..0.2 rows=1 loops=1)",
          },
        ],
      }),
    );
    expect(text).toContain("Selected runs only: users-search on PostgreSQL.");
    expect(text).toContain("## This commit against HEAD~1 (def5678)");
    expect(text).toContain(
      "| GET /api/v1/roles/users?search=ada | PostgreSQL | 10 | 1,000 | 250 | 4.00× | 12 ms | 63 ms | 900 µs | 3,600 µs |",
    );
    expect(text).toContain("| Users search p99 | p99 63 ms | fail |");
    expect(text).toContain("| GET /api/v1/roles/users?search=ada [baseline] | PostgreSQL | 10 | 250 |");
    expect(text).toContain(
      "### Search, page 1: the total\n\n```sql\nselect count(*) from users where search_text like $1\n" +
        '-- parameters: ["%ada%"]\n```\n\n```\nAggregate (actual time=0.1..0.2 rows=1 loops=1)\n```',
    );
  });

  it("says what was not measured and what the servers wrote", () => {
    const summary = renderApiSummary(
      benchResult({
        skipped: ["PostgreSQL (127.0.0.1:5432): connection refused"],
        serverOutput: ["pglite: a warning"],
      }),
    );
    expect(summary).toContain("Not measured:\n\n- PostgreSQL (127.0.0.1:5432): connection refused");
    expect(summary).toContain("The servers wrote:\n\n    pglite: a warning");
  });
});

describe("medianRound", () => {
  const round = (rate: number) => ({ figures: figures({ requestsPerSecond: rate }) });

  it("reports the round of median rate, whatever the order the rounds ran in", () => {
    expect(medianRound([round(310), round(240), round(330)]).figures.requestsPerSecond).toBe(310);
    expect(medianRound([round(330), round(310), round(240)]).figures.requestsPerSecond).toBe(310);
    expect(medianRound([round(500)]).figures.requestsPerSecond).toBe(500);
  });

  it("takes the lower of the middle two for an even count, and refuses none", () => {
    expect(medianRound([round(400), round(100), round(300), round(200)]).figures.requestsPerSecond).toBe(200);
    expect(() => medianRound([])).toThrow("medianRound needs at least one round");
  });
});
