import type { LoadFigures, ScaleOutResult, ScenarioResult } from "./summary";

// Figures and scenarios for the API bench's tests: a healthy run, changed where a test needs it.

export function figures(overrides: Partial<LoadFigures> = {}): LoadFigures {
  return {
    requestsPerSecond: 1000,
    requests: 10_000,
    durationSeconds: 10,
    latencyMs: { p50: 4, p97_5: 9, p99: 12, average: 4.5, max: 30 },
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: { "200": 10_000 },
    bytesPerSecond: 250_000,
    machineBusyCores: 1.8,
    ...overrides,
  };
}

export function scenario(overrides: Partial<ScenarioResult> = {}): ScenarioResult {
  return {
    id: "health",
    name: "GET /api/v1/health",
    database: "postgres",
    connections: 10,
    figures: figures(),
    serverCpuCores: 0.9,
    ...overrides,
  };
}

/** A scale-out page measured with one instance, then two, then three, at these rates. */
export function scaleOutResult(
  page: ScaleOutResult["page"],
  rates: number[],
  overrides: Partial<ScaleOutResult> = {},
): ScaleOutResult {
  return {
    page,
    name: page === "users-page" ? "GET /api/v1/roles/users, page 1" : "GET /states/20 (br)",
    connections: 100,
    runs: rates.map((rate, index) => ({
      instances: index + 1,
      figures: figures({ requestsPerSecond: rate }),
      cpuCores: 0.29 * (index + 1),
      shares: null,
      ceiling: "the instances' CPU quota: 0.29 of their 0.3 of a core each",
      throttledPeriods: Array.from({ length: index + 1 }, () => 90),
      everyRound: [figures({ requestsPerSecond: rate })],
    })),
    ...overrides,
  };
}
