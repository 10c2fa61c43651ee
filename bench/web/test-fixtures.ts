import type { LighthouseFigures } from "./budgets";
import { pageResult, type PageResult, type PageRun, type WebBenchResult } from "./summary";

// Figures, runs and results for the web bench's tests: a healthy run, changed where a test needs it.

export const lighthouseFigures: LighthouseFigures = {
  performance: 97,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1400,
  tbtMs: 20,
  cls: 0,
  fcpMs: 1000,
  siMs: 1200,
  totalBytes: 100_000,
  jsBytes: 80_000,
};

export function pageRun(overrides: Partial<LighthouseFigures> = {}, extra: Partial<PageRun> = {}): PageRun {
  return {
    figures: { ...lighthouseFigures, ...overrides },
    failingAudits: [],
    benchmarkIndex: 1500,
    warnings: [],
    ...extra,
  };
}

/** A page measured once, named by its path. */
export function measuredPage(path: string, overrides: Partial<LighthouseFigures> = {}): PageResult {
  return pageResult(path, path, 200, [pageRun(overrides)]);
}

export function benchResult(
  pages: WebBenchResult["pages"],
  bundles: WebBenchResult["bundles"] = [],
  extra: Partial<WebBenchResult> = {},
): WebBenchResult {
  return {
    kind: "web",
    measuredAt: "2026-11-21T10:00:00.000Z",
    commit: "abc1234",
    uncommittedChanges: false,
    lighthouseVersion: "12.8.2",
    browser: "Chrome/156",
    settings: {
      formFactor: "mobile",
      throttlingMethod: "simulate",
      throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
    },
    runsPerPage: 3,
    aggregation: "median",
    pages,
    bundles,
    ...extra,
  };
}
