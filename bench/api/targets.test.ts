import { describe, expect, it } from "vitest";
import type { MemoryRun, MemorySample, ScenarioResult } from "./summary";
import { checkTargets, memoryFlatness, type TargetInputs } from "./targets";
import { figures, scaleOutResult, scenario } from "./test-fixtures";

const MIB = 1024 * 1024;

/** One sample a second for `seconds`: the live heap given by `heapAt` in MiB, RSS 100 MiB above it. */
function samples(seconds: number, heapAt: (second: number) => number): MemorySample[] {
  return Array.from({ length: seconds + 1 }, (_, second) => ({
    second,
    rss: (heapAt(second) + 100) * MIB,
    heapUsed: heapAt(second) * MIB,
  }));
}

function memoryRun(series: MemorySample[]): MemoryRun {
  return {
    scenario: "GET /api/v1/roles/users, page 1",
    database: "postgres",
    connections: 10,
    samples: series,
    figures: figures(),
    serverCpuCores: 0.8,
    flatness: memoryFlatness(series),
  };
}

function healthyRun(overrides: Partial<TargetInputs> = {}): TargetInputs {
  const scenarios: ScenarioResult[] = [10, 100].flatMap((connections) => [
    scenario({
      id: "bare",
      name: "Bare",
      database: null,
      connections,
      figures: figures({ requestsPerSecond: 20_000 }),
    }),
    scenario({ connections, figures: figures({ requestsPerSecond: 12_000 }) }),
    scenario({
      id: "open-states-json",
      name: "GET /api/v1/open/states.json (br)",
      connections,
      figures: figures({ requestsPerSecond: 11_000 }),
    }),
    scenario({
      id: "open-schools-csv",
      name: "GET /api/v1/open/schools.csv (br)",
      connections,
      figures: figures({ requestsPerSecond: 9_600 }),
    }),
    scenario({
      id: "users-page",
      name: "GET /api/v1/roles/users, page 1",
      connections,
      figures: figures({ latencyMs: { p50: 5, p97_5: 9, p99: 11, average: 5, max: 30 } }),
    }),
    scenario({
      id: "users-search",
      name: "GET /api/v1/roles/users?search=ada",
      connections,
      figures: figures({ latencyMs: { p50: 8, p97_5: 15, p99: 18, average: 8, max: 40 } }),
    }),
    scenario({
      id: "report-photo",
      name: "POST /api/v1/eyewitness, one 1.0 MB photo",
      connections,
      figures: figures({ requestsPerSecond: 21 }),
    }),
  ]);
  scenarios.push(
    scenario({
      id: "health-during-photos",
      name: "GET /api/v1/health, 100/s, while 10 photo reports are in flight",
      figures: figures({
        requestsPerSecond: 100,
        latencyMs: { p50: 2, p97_5: 20, p99: 31, average: 4, max: 60 },
      }),
    }),
    scenario({
      id: "photos-beside-health",
      name: "POST /api/v1/eyewitness, one photo, 10 in flight beside health",
      figures: figures({ requestsPerSecond: 19 }),
    }),
  );
  return {
    scenarios,
    memory: memoryRun(samples(60, () => 120)),
    scaleOut: [
      scaleOutResult("users-page", [300, 570, 810]),
      scaleOutResult("state-page", [2_000, 3_900, 5_600]),
    ],
    connections: [10, 100],
    databases: ["postgres"],
    ...overrides,
  };
}

/** The runs taken in turn with health's lean run (load.ts, runInTurnWithHealth), as their reports name them. */
const inTurnRunNames = {
  "health-lean": "GET /api/v1/health (lean load generator)",
  "bare-paired": "Bare Fastify route, in turn with health",
} as const;

/** One of those runs on PostgreSQL's server at 10 connections. */
function inTurnRun(id: keyof typeof inTurnRunNames, requestsPerSecond: number): ScenarioResult {
  return scenario({
    id,
    name: inTurnRunNames[id],
    database: "postgres",
    connections: 10,
    figures: figures({ requestsPerSecond }),
  });
}

describe("memoryFlatness", () => {
  it("is flat when the last 10 seconds' median live heap is within 10% of the 10th–20th second's", () => {
    // A warm-up climb in the first seconds is not counted; small swings are.
    const flatness = memoryFlatness(
      samples(60, (second) => (second < 8 ? 60 + second * 5 : 120 + (second % 3))),
    );
    expect(flatness.referenceMedianHeap).toBe(121 * MIB);
    expect(flatness.finalMedianHeap).toBe(121 * MIB);
    expect(flatness.change).toBe(0);
    expect(flatness.flat).toBe(true);
    expect(flatness.referenceMedianRss).toBe(221 * MIB);
  });

  it("is not flat when the live heap keeps growing", () => {
    // 1 MiB a second from 100 MiB: medians 114.5 MiB (10th–19th second) and 155.5 MiB (51st–60th).
    const flatness = memoryFlatness(samples(60, (second) => 100 + second));
    expect(flatness.change).toBeCloseTo(155.5 / 114.5 - 1, 5);
    expect(flatness.flat).toBe(false);
  });

  it("counts a fall as a change too", () => {
    expect(memoryFlatness(samples(60, (second) => (second < 30 ? 200 : 150))).flat).toBe(false);
  });

  it("cannot tell from a run too short for two separate windows", () => {
    const flatness = memoryFlatness(samples(25, () => 100));
    expect(flatness.flat).toBeNull();
    expect(flatness.change).toBeNull();
    expect(flatness.referenceMedianRss).toBeNull();
  });

  it("judges the live heap, not RSS that the allocator keeps after a peak", () => {
    const series = samples(60, () => 80).map((sample) => ({
      ...sample,
      rss: (sample.second < 30 ? 200 : 260) * MIB,
    }));
    const flatness = memoryFlatness(series);
    expect(flatness.flat).toBe(true);
    expect(flatness.finalMedianRss).toBe(260 * MIB);
  });
});

describe("checkTargets", () => {
  it("passes every target of a healthy run", () => {
    const checks = checkTargets(healthyRun());
    expect(checks.map((check) => check.pass)).toEqual(Array.from({ length: 16 }, () => true));
    expect(checks[0]?.measured).toBe("0 errors, 0 non-2xx in 230,000 requests (23 runs)");
    expect(checks[1]).toEqual({
      target: "GET /api/v1/health ≥ 50% of the bare route's requests/s (PostgreSQL, 10 connections)",
      measured: "60% (12,000 of 20,000 req/s)",
      pass: true,
    });
    expect(checks[3]).toEqual({
      target: "GET /api/v1/roles/users page 1: p99 ≤ 20 ms at 10 connections, 100,000 users, PostgreSQL",
      measured: "p99 11 ms (p50 5 ms)",
      pass: true,
    });
    expect(checks[4]).toEqual({
      target: "GET /api/v1/roles/users?search=…: p99 ≤ 20 ms at 10 connections, 100,000 users, PostgreSQL",
      measured: "p99 18 ms (p50 8 ms)",
      pass: true,
    });
    expect(checks[5]?.measured).toBe("live heap 120.0 MiB → 120.0 MiB (+0.0%); RSS 220.0 MiB → 220.0 MiB");
    expect(checks.slice(10, 13).map((check) => [check.target, check.measured])).toEqual([
      [
        "GET /api/v1/health p99 ≤ 50 ms while 10 photo reports are processed (PostgreSQL)",
        "p99 31 ms (p50 2 ms); 19 photo reports/s meanwhile",
      ],
      [
        "POST /api/v1/eyewitness with one 1 MB photo ≥ 19.7/s at 10 connections (PostgreSQL; the run of 26 November 2026)",
        "21/s",
      ],
      [
        "Scale-out: two instances ≥ 1.8× one instance's requests/s (users page 1, PostgreSQL, 100 connections, same CPU quota each)",
        "1.90× (570 against 300 req/s; ceiling: the instances' CPU quota: 0.29 of their 0.3 of a core each)",
      ],
    ]);
    expect(checks.slice(6, 10).map((check) => [check.target, check.measured])).toEqual([
      [
        "GET /open/states.json ≥ 80% of health's requests/s (PostgreSQL, 10 connections)",
        "92% (11,000 of 12,000 req/s)",
      ],
      [
        "GET /open/states.json ≥ 80% of health's requests/s (PostgreSQL, 100 connections)",
        "92% (11,000 of 12,000 req/s)",
      ],
      [
        "GET /open/schools.csv ≥ 80% of health's requests/s (PostgreSQL, 10 connections)",
        "80% (9,600 of 12,000 req/s)",
      ],
      [
        "GET /open/schools.csv ≥ 80% of health's requests/s (PostgreSQL, 100 connections)",
        "80% (9,600 of 12,000 req/s)",
      ],
    ]);
  });

  it("fails an open-data download below 80% of health's rate on the same run", () => {
    const run = healthyRun();
    const schools = run.scenarios.find((item) => item.id === "open-schools-csv" && item.connections === 10);
    if (schools) schools.figures = figures({ requestsPerSecond: 9_000 });
    expect(checkTargets(run)[8]).toEqual({
      target: "GET /open/schools.csv ≥ 80% of health's requests/s (PostgreSQL, 10 connections)",
      measured: "75% (9,000 of 12,000 req/s)",
      pass: false,
    });
  });

  it("compares an open-data download with health measured by the same lean load generator when there is one", () => {
    const run = healthyRun();
    run.scenarios.push(inTurnRun("health-lean", 10_000));
    const measured = (target: string) => checkTargets(run).find((check) => check.target === target)?.measured;
    // states.json at 10 connections: 11,000 against the lean health run's 10,000, not autocannon's 12,000.
    expect(measured("GET /open/states.json ≥ 80% of health's requests/s (PostgreSQL, 10 connections)")).toBe(
      "110% (11,000 of 10,000 req/s)",
    );
    // 100 connections had no lean health run: autocannon's health is the reference.
    expect(measured("GET /open/states.json ≥ 80% of health's requests/s (PostgreSQL, 100 connections)")).toBe(
      "92% (11,000 of 12,000 req/s)",
    );
  });

  it("compares health's lean run with the bare route measured in turn with it when there are such runs", () => {
    const run = healthyRun();
    // The machine slowed down after the first bare run: the paired one, in the same minute as health, says so.
    run.scenarios.push(inTurnRun("bare-paired", 15_000), inTurnRun("health-lean", 13_500));
    const checks = checkTargets(run);
    expect(checks[1]?.measured).toBe("90% (13,500 of 15,000 req/s)");
    // Where no paired run exists, the first bare run is the ceiling, and autocannon's health is compared.
    expect(checks[2]?.measured).toBe("60% (12,000 of 20,000 req/s)");
  });

  it("compares health with the first bare run when the paired one has no lean health run beside it", () => {
    const run = healthyRun();
    run.scenarios.push(inTurnRun("bare-paired", 15_000));
    expect(checkTargets(run)[1]?.measured).toBe("60% (12,000 of 20,000 req/s)");
  });

  it("fails zero errors on a timeout, a 429 or a run where nothing completed, and names the run", () => {
    const run = healthyRun();
    run.scenarios.push(
      scenario({
        id: "login",
        name: "POST /api/v1/auth/login",
        database: "pglite",
        connections: 100,
        figures: figures({ errors: 2, timeouts: 2, non2xx: 3, statusCodes: { "200": 100, "429": 3 } }),
      }),
      scenario({
        id: "report-photo",
        name: "POST /api/v1/eyewitness, one 1.0 MB photo",
        connections: 100,
        figures: figures({ requests: 0, requestsPerSecond: 0, statusCodes: {} }),
      }),
    );
    const [noErrors] = checkTargets(run);
    expect(noErrors?.pass).toBe(false);
    expect(noErrors?.measured).toBe(
      "POST /api/v1/auth/login, PGlite, 100 connections: 2 errors (2 timeouts), non-2xx 429 × 3; " +
        "POST /api/v1/eyewitness, one 1.0 MB photo, PostgreSQL, 100 connections: no request completed",
    );
  });

  it("counts the scale-out and memory runs' failures too", () => {
    const run = healthyRun({
      scaleOut: [
        scaleOutResult("users-page", [300, 570, 810], {
          runs: scaleOutResult("users-page", [300, 570]).runs.map((each) =>
            each.instances === 2
              ? {
                  ...each,
                  figures: figures({ non2xx: 1, statusCodes: { "200": 9_999, "502": 1 } }),
                  everyRound: [figures({ non2xx: 1, statusCodes: { "200": 9_999, "502": 1 } })],
                }
              : each,
          ),
        }),
      ],
    });
    expect(checkTargets(run)[0]?.measured).toBe(
      "scale-out, GET /api/v1/roles/users, page 1, 2 instances, 100 connections: non-2xx 502 × 1",
    );
  });

  it("counts a scale-out round's failures even when another round is the one reported", () => {
    const failing = figures({ requestsPerSecond: 560, errors: 3, timeouts: 3 });
    const run = healthyRun({
      scaleOut: [
        scaleOutResult("users-page", [300, 570, 810], {
          runs: scaleOutResult("users-page", [300, 570, 810]).runs.map((each) =>
            each.instances === 2
              ? { ...each, everyRound: [figures({ requestsPerSecond: 580 }), failing, each.figures] }
              : each,
          ),
        }),
      ],
    });
    const noErrors = checkTargets(run)[0];
    expect(noErrors?.pass).toBe(false);
    expect(noErrors?.measured).toBe(
      "scale-out, GET /api/v1/roles/users, page 1, 2 instances, 100 connections, round 2: 3 errors (3 timeouts)",
    );
  });

  it("fails health below half the bare route's rate", () => {
    const run = healthyRun();
    const health = run.scenarios.find((item) => item.id === "health" && item.connections === 100);
    if (health) health.figures = figures({ requestsPerSecond: 4_000 });
    const check = checkTargets(run)[2];
    expect(check?.measured).toBe("20% (4,000 of 20,000 req/s)");
    expect(check?.pass).toBe(false);
  });

  it("asks health for 70% of the bare route on PGlite, half on PostgreSQL", () => {
    const pgliteScenarios = healthyRun().scenarios.map((item) =>
      item.database === null ? item : { ...item, database: "pglite" as const },
    );
    const run = (healthRate: number) => {
      const scenarios = pgliteScenarios.map((item) =>
        item.id === "health" && item.connections === 10
          ? { ...item, figures: figures({ requestsPerSecond: healthRate }) }
          : item,
      );
      return checkTargets(healthyRun({ scenarios, databases: ["pglite"] })).find((check) =>
        check.target.includes("health ≥"),
      );
    };
    expect(run(13_000)).toEqual({
      target: "GET /api/v1/health ≥ 70% of the bare route's requests/s (PGlite, 10 connections)",
      measured: "65% (13,000 of 20,000 req/s)",
      pass: false,
    });
    expect(run(14_000)?.pass).toBe(true);
  });

  it("asks two instances for 1.8× and three for 2.5× one instance's rate, on each page, with the ceiling", () => {
    const scaleOut = [
      scaleOutResult("users-page", [300, 570, 700], {}),
      scaleOutResult("state-page", [2_000, 3_500, 5_000]),
    ];
    const checks = checkTargets(healthyRun({ scaleOut })).slice(-4);
    expect(checks.map((check) => check.pass)).toEqual([true, false, false, true]);
    expect(checks[1]).toEqual({
      target:
        "Scale-out: three instances ≥ 2.5× one instance's requests/s " +
        "(users page 1, PostgreSQL, 100 connections, same CPU quota each)",
      measured:
        "2.33× (700 against 300 req/s; ceiling: the instances' CPU quota: 0.29 of their 0.3 of a core each)",
      pass: false,
    });
    expect(checks[2]?.target).toBe(
      "Scale-out: two instances ≥ 1.8× one instance's requests/s " +
        "(a state page, PostgreSQL, 100 connections, same CPU quota each)",
    );
  });

  it("says a scale-out page that was not measured is not measured", () => {
    const checks = checkTargets(healthyRun({ scaleOut: [scaleOutResult("users-page", [300, 570])] })).slice(
      -4,
    );
    expect(checks.map((check) => check.measured)).toEqual([
      "1.90× (570 against 300 req/s; ceiling: the instances' CPU quota: 0.29 of their 0.3 of a core each)",
      "not measured",
      "not measured",
      "not measured",
    ]);
  });

  it("fails the users page or a search above 20 ms at p99", () => {
    const run = healthyRun();
    const page = run.scenarios.find((item) => item.id === "users-page" && item.connections === 10);
    if (page) page.figures = figures({ latencyMs: { p50: 12, p97_5: 19, p99: 21, average: 12, max: 90 } });
    const search = run.scenarios.find((item) => item.id === "users-search" && item.connections === 10);
    if (search)
      search.figures = figures({ latencyMs: { p50: 30, p97_5: 60, p99: 63, average: 31, max: 90 } });
    expect(checkTargets(run)[3]).toMatchObject({ measured: "p99 21 ms (p50 12 ms)", pass: false });
    expect(checkTargets(run)[4]).toMatchObject({ measured: "p99 63 ms (p50 30 ms)", pass: false });
  });

  it("fails health above 50 ms at p99 while photos are processed, and photos below the reference rate", () => {
    const run = healthyRun();
    const health = run.scenarios.find((item) => item.id === "health-during-photos");
    if (health) health.figures = figures({ latencyMs: { p50: 3, p97_5: 40, p99: 72, average: 6, max: 90 } });
    const photos = run.scenarios.find((item) => item.id === "report-photo" && item.connections === 10);
    if (photos) photos.figures = figures({ requestsPerSecond: 15.2 });
    const checks = checkTargets(run);
    expect(checks[10]).toMatchObject({ pass: false });
    expect(checks[10]?.measured).toMatch(/^p99 72 ms \(p50 3 ms\)/);
    expect(checks[11]).toMatchObject({ measured: "15.2/s", pass: false });
  });

  it("says not measured when PostgreSQL or the memory run is missing", () => {
    const run = healthyRun({
      scenarios: healthyRun().scenarios.filter((item) => item.database !== "postgres"),
      memory: memoryRun(samples(12, () => 100)),
      scaleOut: [],
      databases: [],
    });
    const checks = checkTargets(run);
    expect(checks.map((check) => check.pass)).toEqual([true, null, null, null, null, null, null, null]);
    expect(checks[4]?.measured).toBe("not measured");
    expect(checks[1]?.measured).toBe("not measured");
    expect(checks[3]?.measured).toBe("run too short to tell (needs at least 30 s)");
  });
});
