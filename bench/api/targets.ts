import { formatNumber } from "../../src/domain/format";
import {
  databaseName,
  describeNon2xx,
  failedRequests,
  formatChange,
  formatMiB,
  formatMs,
  formatRate,
  formatShare,
  median,
  type DatabaseKind,
  type LoadFigures,
  type MemoryFlatness,
  type MemoryRun,
  type MemorySample,
  scaleOutRatio,
  type ScaleOutResult,
  type ScenarioResult,
  type TargetCheck,
} from "./summary";

// The API targets (bench/README.md, Targets), checked on a run's figures. A missed target is reported,
// not fatal.

/**
 * GET /api/v1/health keeps at least this share of the bare Fastify route's requests per second: half
 * on PostgreSQL, and on PGlite, the default database, 70%.
 */
export const HEALTH_SHARE_OF_BARE = { pglite: 0.7, postgres: 0.5 } as const;
/**
 * Instances behind the load balancer, each held to the same CPU quota, reach these multiples of one
 * instance's rate, on each scale-out page at 100 connections.
 */
export const SCALE_OUT_RATIOS = [
  { instances: 2, ratio: 1.8 },
  { instances: 3, ratio: 2.5 },
] as const;
export const SCALE_OUT_CONNECTIONS = 100;
/** The pages the scale-out run measures, as its targets name them. */
export const scaleOutPages = [
  { page: "users-page", label: "users page 1" },
  { page: "state-page", label: "a state page" },
] as const;
/** The static open-data downloads at ≥ 80% of health's rate on the same run. */
export const OPEN_DATA_SHARE_OF_HEALTH = 0.8;
export const openDataScenarios = [
  { id: "open-states-json", path: "/open/states.json" },
  { id: "open-schools-csv", path: "/open/schools.csv" },
] as const;
/** The p99 of the users page and of a search, 10 connections, 100,000 users, PostgreSQL. */
export const USERS_PAGE_P99_MS = 20;
export const USERS_SEARCH_P99_MS = 20;
export const USERS_PAGE_CONNECTIONS = 10;
/** Health's p99 while ten photo reports are processed. */
export const HEALTH_DURING_PHOTOS_P99_MS = 50;
/**
 * Photo reports per second at 10 connections, at least those of the run of 26 November 2026
 * (bench/results/api-2026-11-26T18-38-01Z.json), made before the photo variants' work was measured.
 */
export const PHOTO_RATE_REFERENCE = { pglite: 20.5, postgres: 19.7 } as const;
export const PHOTO_RATE_CONNECTIONS = 10;

/**
 * "Flat" memory: the median live heap (heap used right after a full garbage collection, which the server
 * does before each sample of the memory run) of the last 10 seconds is within 10% of its median from the
 * 10th to 20th second. The live heap is what a leak grows; RSS also holds what the allocator and V8 keep
 * after a peak, so it is reported beside it but not judged. The first 10 seconds are left out (JIT, pools,
 * caches still filling); medians, so one odd sample does not decide.
 */
export const MEMORY_WINDOW = { referenceFrom: 10, referenceTo: 20, finalSeconds: 10, tolerance: 0.1 };
/** Fewer samples than this in a window: the run was too short to tell. */
const MIN_SAMPLES_PER_WINDOW = 5;

export function memoryFlatness(samples: MemorySample[], window = MEMORY_WINDOW): MemoryFlatness {
  const end = Math.max(0, ...samples.map((sample) => sample.second));
  const reference = samples.filter(
    (sample) => sample.second >= window.referenceFrom && sample.second < window.referenceTo,
  );
  const final = samples.filter((sample) => sample.second > end - window.finalSeconds);
  // The two windows must not overlap, or a growing process could pass against itself.
  const enough =
    reference.length >= MIN_SAMPLES_PER_WINDOW &&
    final.length >= MIN_SAMPLES_PER_WINDOW &&
    end - window.finalSeconds >= window.referenceTo;
  const inWindow = (windowSamples: MemorySample[], figure: "rss" | "heapUsed") =>
    enough ? median(windowSamples.map((sample) => sample[figure])) : null;
  const referenceMedianHeap = inWindow(reference, "heapUsed");
  const finalMedianHeap = inWindow(final, "heapUsed");
  const change =
    referenceMedianHeap !== null && finalMedianHeap !== null && referenceMedianHeap > 0
      ? finalMedianHeap / referenceMedianHeap - 1
      : null;
  return {
    referenceMedianRss: inWindow(reference, "rss"),
    finalMedianRss: inWindow(final, "rss"),
    referenceMedianHeap,
    finalMedianHeap,
    change,
    flat: change === null ? null : Math.abs(change) <= window.tolerance,
  };
}

export interface TargetInputs {
  scenarios: ScenarioResult[];
  memory: MemoryRun | null;
  scaleOut: ScaleOutResult[];
  connections: number[];
  databases: DatabaseKind[];
}

function find(
  scenarios: ScenarioResult[],
  id: ScenarioResult["id"],
  database: DatabaseKind | null,
  connections: number,
): ScenarioResult | undefined {
  return scenarios.find(
    (scenario) =>
      scenario.id === id && scenario.database === database && scenario.connections === connections,
  );
}

function noErrorsCheck({ scenarios, memory, scaleOut }: TargetInputs): TargetCheck {
  const runs: { label: string; figures: LoadFigures }[] = [
    ...scenarios.map((scenario) => ({
      label: `${scenario.name}, ${databaseName(scenario.database)}, ${scenario.connections} connections`,
      figures: scenario.figures,
    })),
    ...(memory
      ? [
          {
            label: `${memory.scenario}, ${databaseName(memory.database)}, memory run`,
            figures: memory.figures,
          },
        ]
      : []),
    // Every round, not only the one reported: a round with errors is a failed run, whatever its rate.
    ...scaleOut.flatMap((scale) =>
      scale.runs.flatMap((run) =>
        (run.everyRound ?? [run.figures]).map((figures, round, rounds) => ({
          label:
            `scale-out, ${scale.name}, ${run.instances} instances, ${scale.connections} connections` +
            (rounds.length > 1 ? `, round ${round + 1}` : ""),
          figures,
        })),
      ),
    ),
  ];
  // A run in which nothing completed (every request still waiting when it ended) proves nothing either.
  const failing = runs.filter((run) => failedRequests(run.figures) > 0 || run.figures.requests === 0);
  const requests = runs.reduce((sum, run) => sum + run.figures.requests, 0);
  return {
    target: "Zero errors: every request answered, with a 2xx",
    measured:
      failing.length === 0
        ? `0 errors, 0 non-2xx in ${formatNumber(requests)} requests (${runs.length} runs)`
        : failing
            .map((run) => {
              const parts = [
                run.figures.requests === 0 ? "no request completed" : "",
                run.figures.errors > 0
                  ? `${formatNumber(run.figures.errors)} errors (${formatNumber(run.figures.timeouts)} timeouts)`
                  : "",
                run.figures.non2xx > 0 ? `non-2xx ${describeNon2xx(run.figures)}` : "",
              ].filter(Boolean);
              return `${run.label}: ${parts.join(", ")}`;
            })
            .join("; "),
    pass: runs.length === 0 ? null : failing.length === 0,
  };
}

function healthChecks({ scenarios, connections, databases }: TargetInputs): TargetCheck[] {
  return databases.flatMap((database) =>
    connections.map((level) => {
      const least = HEALTH_SHARE_OF_BARE[database];
      const target =
        `GET /api/v1/health ≥ ${formatShare(least)} of the bare route's requests/s ` +
        `(${databaseName(database)}, ${level} connections)`;
      // The ceiling measured in turn with health's lean run when there is one (load.ts says why), compared
      // with that run; else the first ceiling, compared with health.
      const paired = find(scenarios, "bare-paired", database, level);
      const pairedHealth = paired && find(scenarios, "health-lean", database, level);
      const bare = pairedHealth ? paired : find(scenarios, "bare", null, level);
      const health = pairedHealth ?? find(scenarios, "health", database, level);
      if (!bare || !health || bare.figures.requestsPerSecond <= 0) {
        return { target, measured: "not measured", pass: null };
      }
      const share = health.figures.requestsPerSecond / bare.figures.requestsPerSecond;
      return {
        target,
        measured:
          `${formatShare(share)} (${formatRate(health.figures.requestsPerSecond)} of ` +
          `${formatRate(bare.figures.requestsPerSecond)} req/s)`,
        pass: share >= least,
      };
    }),
  );
}

const instanceWords: Record<number, string> = { 2: "two", 3: "three" };

function scaleOutChecks({ scaleOut }: TargetInputs): TargetCheck[] {
  return scaleOutPages.flatMap(({ page, label }) =>
    SCALE_OUT_RATIOS.map(({ instances, ratio }) => {
      const target =
        `Scale-out: ${instanceWords[instances] ?? instances} instances ≥ ${ratio}× one instance's ` +
        `requests/s (${label}, PostgreSQL, ${SCALE_OUT_CONNECTIONS} connections, same CPU quota each)`;
      const result = scaleOut.find(
        (scale) => scale.page === page && scale.connections === SCALE_OUT_CONNECTIONS,
      );
      const measured = result ? scaleOutRatio(result, instances) : null;
      const one = result?.runs.find((run) => run.instances === 1);
      const many = result?.runs.find((run) => run.instances === instances);
      if (!result || measured === null || !one || !many)
        return { target, measured: "not measured", pass: null };
      const ceiling = many.ceiling ? `; ceiling: ${many.ceiling}` : "";
      return {
        target,
        measured:
          `${measured.toFixed(2)}× (${formatRate(many.figures.requestsPerSecond)} against ` +
          `${formatRate(one.figures.requestsPerSecond)} req/s${ceiling})`,
        pass: measured >= ratio,
      };
    }),
  );
}

function openDataChecks({ scenarios, connections, databases }: TargetInputs): TargetCheck[] {
  return databases.flatMap((database) =>
    openDataScenarios.flatMap(({ id, path }) =>
      connections.map((level) => {
        const target =
          `GET ${path} ≥ ${formatShare(OPEN_DATA_SHARE_OF_HEALTH)} of health's requests/s ` +
          `(${databaseName(database)}, ${level} connections)`;
        // Runs from before the lean load generator compared with health as autocannon measured it.
        const health =
          find(scenarios, "health-lean", database, level) ?? find(scenarios, "health", database, level);
        const open = find(scenarios, id, database, level);
        if (!health || !open || health.figures.requestsPerSecond <= 0) {
          return { target, measured: "not measured", pass: null };
        }
        const share = open.figures.requestsPerSecond / health.figures.requestsPerSecond;
        return {
          target,
          measured:
            `${formatShare(share)} (${formatRate(open.figures.requestsPerSecond)} of ` +
            `${formatRate(health.figures.requestsPerSecond)} req/s)`,
          pass: share >= OPEN_DATA_SHARE_OF_HEALTH,
        };
      }),
    ),
  );
}

function p99Check(
  scenarios: ScenarioResult[],
  target: string,
  where: { id: ScenarioResult["id"]; database: DatabaseKind; connections: number },
  limitMs: number,
): TargetCheck {
  const measured = find(scenarios, where.id, where.database, where.connections);
  if (!measured) return { target, measured: "not measured", pass: null };
  const { latencyMs } = measured.figures;
  return {
    target,
    measured: `p99 ${formatMs(latencyMs.p99)} (p50 ${formatMs(latencyMs.p50)})`,
    // A run in which nothing completed has no latency to judge.
    pass: measured.figures.requests > 0 && latencyMs.p99 <= limitMs,
  };
}

function usersListChecks({ scenarios }: TargetInputs): TargetCheck[] {
  const where = `at ${USERS_PAGE_CONNECTIONS} connections, 100,000 users, PostgreSQL`;
  return [
    p99Check(
      scenarios,
      `GET /api/v1/roles/users page 1: p99 ≤ ${formatMs(USERS_PAGE_P99_MS)} ${where}`,
      { id: "users-page", database: "postgres", connections: USERS_PAGE_CONNECTIONS },
      USERS_PAGE_P99_MS,
    ),
    p99Check(
      scenarios,
      `GET /api/v1/roles/users?search=…: p99 ≤ ${formatMs(USERS_SEARCH_P99_MS)} ${where}`,
      { id: "users-search", database: "postgres", connections: USERS_PAGE_CONNECTIONS },
      USERS_SEARCH_P99_MS,
    ),
  ];
}

function photoChecks({ scenarios, databases }: TargetInputs): TargetCheck[] {
  return databases.flatMap((database) => {
    const beside = find(scenarios, "photos-beside-health", database, PHOTO_RATE_CONNECTIONS);
    const health = p99Check(
      scenarios,
      `GET /api/v1/health p99 ≤ ${formatMs(HEALTH_DURING_PHOTOS_P99_MS)} while ${PHOTO_RATE_CONNECTIONS} ` +
        `photo reports are processed (${databaseName(database)})`,
      { id: "health-during-photos", database, connections: PHOTO_RATE_CONNECTIONS },
      HEALTH_DURING_PHOTOS_P99_MS,
    );
    if (health.pass !== null && beside) {
      health.measured += `; ${formatRate(beside.figures.requestsPerSecond)} photo reports/s meanwhile`;
    }
    const reference = PHOTO_RATE_REFERENCE[database];
    const target =
      `POST /api/v1/eyewitness with one 1 MB photo ≥ ${formatRate(reference)}/s at ${PHOTO_RATE_CONNECTIONS} ` +
      `connections (${databaseName(database)}; the run of 26 November 2026)`;
    const photos = find(scenarios, "report-photo", database, PHOTO_RATE_CONNECTIONS);
    const rate: TargetCheck = photos
      ? {
          target,
          measured: `${formatRate(photos.figures.requestsPerSecond)}/s`,
          pass: photos.figures.requestsPerSecond >= reference,
        }
      : { target, measured: "not measured", pass: null };
    return [health, rate];
  });
}

function memoryCheck({ memory }: TargetInputs): TargetCheck {
  const target =
    `Server memory flat: median live heap (after a full garbage collection) of the last ${MEMORY_WINDOW.finalSeconds} s ` +
    `within ${formatShare(MEMORY_WINDOW.tolerance)} of the ${MEMORY_WINDOW.referenceFrom}–${MEMORY_WINDOW.referenceTo} s median`;
  if (!memory) return { target, measured: "not measured", pass: null };
  const { flatness } = memory;
  const { referenceMedianHeap, finalMedianHeap, referenceMedianRss, finalMedianRss } = flatness;
  if (
    flatness.change === null ||
    referenceMedianHeap === null ||
    finalMedianHeap === null ||
    referenceMedianRss === null ||
    finalMedianRss === null
  ) {
    return { target, measured: "run too short to tell (needs at least 30 s)", pass: null };
  }
  return {
    target,
    measured:
      `live heap ${formatMiB(referenceMedianHeap)} → ${formatMiB(finalMedianHeap)} ` +
      `(${formatChange(flatness.change)}); RSS ${formatMiB(referenceMedianRss)} → ${formatMiB(finalMedianRss)}`,
    pass: flatness.flat,
  };
}

export function checkTargets(inputs: TargetInputs): TargetCheck[] {
  return [
    noErrorsCheck(inputs),
    ...healthChecks(inputs),
    ...usersListChecks(inputs),
    memoryCheck(inputs),
    ...openDataChecks(inputs),
    ...photoChecks(inputs),
    ...scaleOutChecks(inputs),
  ];
}
