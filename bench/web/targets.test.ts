import { describe, expect, it } from "vitest";
import type { LighthouseFigures } from "./budgets";
import { pageResult, renderWebSummary, type BundleResult, type PageResult } from "./summary";
import { checkWebTargets, tbtNotComparable, type WebRunConditions } from "./targets";

const figures: LighthouseFigures = {
  performance: 97,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1400,
  tbtMs: 90,
  cls: 0,
  fcpMs: 1000,
  siMs: 1200,
  totalBytes: 110_000,
  jsBytes: 79_970,
};

function page(path: string, overrides: Partial<LighthouseFigures> = {}): PageResult {
  const run = {
    figures: { ...figures, ...overrides },
    failingAudits: [],
    benchmarkIndex: 2000,
    warnings: [],
  };
  return pageResult(path, path, 200, [run]);
}

const homeBundle: BundleResult = {
  name: "/",
  page: "index.html",
  jsGzipBytes: 65_228,
  jsBudgetBytes: 65_536,
};
const ordinary: WebRunConditions = {
  cpuSlowdownMultiplier: 4,
  benchmarkIndex: 2000,
  hostMemoryMiBPerSecond: 4000,
};

const verdicts = (pages: PageResult[], conditions = ordinary, bundles = [homeBundle]) =>
  checkWebTargets(pages, bundles, conditions).map(({ verdict }) => verdict);

describe("the web targets", () => {
  it("are met by a run within each, limits included", () => {
    const checks = checkWebTargets(
      [
        page("/", { tbtMs: 100, jsBytes: 80_000 }),
        page("/states", { tbtMs: 150 }),
        page("/login", { tbtMs: 20 }),
      ],
      [homeBundle],
      ordinary,
    );
    expect(checks.map(({ verdict }) => verdict)).toEqual(["met", "met", "met", "met"]);
    expect(checks.map(({ measured }) => measured)).toEqual([
      "100 ms",
      "150 ms (/states, the longest)",
      "80,000 bytes (78.1 KiB, /, the largest)",
      "65,228 bytes (63.7 KiB, /, the largest)",
    ]);
  });

  it("are missed one by one: the home page's blocking time, another page's, and the home page's bytes", () => {
    expect(verdicts([page("/", { tbtMs: 101 }), page("/states")])).toEqual(["missed", "met", "met", "met"]);
    expect(verdicts([page("/"), page("/states", { tbtMs: 151 })])).toEqual(["met", "missed", "met", "met"]);
    expect(verdicts([page("/", { jsBytes: 80_001 }), page("/states")])).toEqual([
      "met",
      "met",
      "missed",
      "met",
    ]);
    const heavy = { ...homeBundle, jsGzipBytes: 80_001 };
    expect(verdicts([page("/"), page("/states")], ordinary, [heavy])).toEqual([
      "met",
      "met",
      "met",
      "missed",
    ]);
  });

  it("hold the home page to its bytes in every language measured, naming the largest", () => {
    const hausaHome = { ...homeBundle, name: "/ha", page: "ha/index.html", jsGzipBytes: 80_001 };
    const checks = checkWebTargets(
      [page("/"), page("/ha", { jsBytes: 80_100 }), page("/states", { jsBytes: 99_000 })],
      [homeBundle, hausaHome, { ...homeBundle, name: "/states", page: "states.html", jsGzipBytes: 90_000 }],
      ordinary,
    );
    expect(checks.map(({ verdict }) => verdict)).toEqual(["met", "met", "missed", "missed"]);
    expect(checks[2]?.measured).toBe("80,100 bytes (78.2 KiB, /ha, the largest)");
    expect(checks[3]?.measured).toBe("80,001 bytes (78.1 KiB, /ha, the largest)");
  });

  it("are missed when a figure is not there: no home page, a page Lighthouse could not measure, no size", () => {
    expect(verdicts([page("/states")], ordinary, [])).toEqual(["missed", "met", "missed", "missed"]);
    expect(verdicts([page("/"), page("/states", { tbtMs: null })])).toEqual(["met", "missed", "met", "met"]);
  });

  it("leave a blocking time over its target not judged on a machine whose readings of it do not compare", () => {
    const slowMemory = { ...ordinary, hostMemoryMiBPerSecond: 308 };
    const checks = checkWebTargets(
      [page("/", { tbtMs: 838 }), page("/states", { tbtMs: 40 })],
      [homeBundle],
      slowMemory,
    );
    expect(checks.map(({ verdict }) => verdict)).toEqual(["not judged", "met", "met", "met"]);
    expect(checks[0]?.reason).toBe("new memory at 308 MiB/s on this machine, under 1,024");
    // The bytes do not depend on the machine: missed anywhere.
    expect(verdicts([page("/", { jsBytes: 90_000 }), page("/states")], slowMemory)).toEqual([
      "met",
      "met",
      "missed",
      "met",
    ]);
  });

  it("say why a machine's blocking time does not compare: another CPU factor, slow memory, a slow CPU", () => {
    expect(tbtNotComparable(ordinary)).toBeNull();
    expect(tbtNotComparable({ ...ordinary, hostMemoryMiBPerSecond: null })).toBeNull();
    expect(tbtNotComparable({ ...ordinary, cpuSlowdownMultiplier: 2 })).toBe(
      "measured at 2× CPU, the target is at 4×",
    );
    expect(tbtNotComparable({ ...ordinary, hostMemoryMiBPerSecond: 1000 })).toBe(
      "new memory at 1,000 MiB/s on this machine, under 1,024",
    );
    expect(tbtNotComparable({ ...ordinary, benchmarkIndex: 1200 })).toBe(
      "CPU benchmark index 1,200, under 1,500",
    );
  });
});

describe("the web summary's targets", () => {
  it("lists each target with its reading and verdict, and counts those met", () => {
    const pages = [page("/", { tbtMs: 838 }), page("/states", { tbtMs: 40 })];
    const targets = checkWebTargets(pages, [homeBundle], { ...ordinary, hostMemoryMiBPerSecond: 308 });
    const summary = renderWebSummary({
      kind: "web",
      measuredAt: "2026-12-02T10:00:00.000Z",
      commit: "abc1234",
      uncommittedChanges: false,
      lighthouseVersion: "12.8.2",
      browser: "Chrome/156",
      settings: {
        formFactor: "mobile",
        throttlingMethod: "simulate",
        throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
      },
      runsPerPage: 1,
      aggregation: "median",
      pages,
      bundles: [homeBundle],
      targets,
    });
    expect(summary).toContain(
      "| Total Blocking Time on / ≤ 100 ms | 838 ms | not judged here (new memory at 308 MiB/s on this machine, under 1,024) |",
    );
    expect(summary).toContain(
      "| Total Blocking Time on every other page ≤ 150 ms | 40 ms (/states, the longest) | met |",
    );
    expect(summary).toContain("3 of 4 met in this run.");
    expect(summary.indexOf("## Targets")).toBeLessThan(summary.indexOf("## Lighthouse"));
  });
});
