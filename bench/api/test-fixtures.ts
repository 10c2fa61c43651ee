import type { LoadFigures, ScenarioResult } from "./summary";

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
