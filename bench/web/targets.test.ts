import { describe, expect, it } from "vitest";
import { renderWebSummary, type BundleResult, type PageResult } from "./summary";
import { checkWebTargets, tbtNotComparable, type WebRunConditions } from "./targets";
import { benchResult, measuredPage } from "./test-fixtures";

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
        measuredPage("/", { tbtMs: 100, jsBytes: 80_000 }),
        measuredPage("/states", { tbtMs: 150 }),
        measuredPage("/login", { tbtMs: 20 }),
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
    expect(verdicts([measuredPage("/", { tbtMs: 101 }), measuredPage("/states")])).toEqual([
      "missed",
      "met",
      "met",
      "met",
    ]);
    expect(verdicts([measuredPage("/"), measuredPage("/states", { tbtMs: 151 })])).toEqual([
      "met",
      "missed",
      "met",
      "met",
    ]);
    expect(verdicts([measuredPage("/", { jsBytes: 80_001 }), measuredPage("/states")])).toEqual([
      "met",
      "met",
      "missed",
      "met",
    ]);
    const heavy = { ...homeBundle, jsGzipBytes: 80_001 };
    expect(verdicts([measuredPage("/"), measuredPage("/states")], ordinary, [heavy])).toEqual([
      "met",
      "met",
      "met",
      "missed",
    ]);
  });

  it("hold the home page to its bytes in every language measured, naming the largest", () => {
    const hausaHome = { ...homeBundle, name: "/ha", page: "ha/index.html", jsGzipBytes: 80_001 };
    const checks = checkWebTargets(
      [
        measuredPage("/"),
        measuredPage("/ha", { jsBytes: 80_100 }),
        measuredPage("/states", { jsBytes: 99_000 }),
      ],
      [homeBundle, hausaHome, { ...homeBundle, name: "/states", page: "states.html", jsGzipBytes: 90_000 }],
      ordinary,
    );
    expect(checks.map(({ verdict }) => verdict)).toEqual(["met", "met", "missed", "missed"]);
    expect(checks[2]?.measured).toBe("80,100 bytes (78.2 KiB, /ha, the largest)");
    expect(checks[3]?.measured).toBe("80,001 bytes (78.1 KiB, /ha, the largest)");
  });

  it("are missed when a figure is not there: no home page, a page Lighthouse could not measure, no size", () => {
    expect(verdicts([measuredPage("/states")], ordinary, [])).toEqual(["missed", "met", "missed", "missed"]);
    expect(verdicts([measuredPage("/"), measuredPage("/states", { tbtMs: null })])).toEqual([
      "met",
      "missed",
      "met",
      "met",
    ]);
  });

  it("leave a blocking time over its target not judged on a machine whose readings of it do not compare", () => {
    const slowMemory = { ...ordinary, hostMemoryMiBPerSecond: 308 };
    const checks = checkWebTargets(
      [measuredPage("/", { tbtMs: 838 }), measuredPage("/states", { tbtMs: 40 })],
      [homeBundle],
      slowMemory,
    );
    expect(checks.map(({ verdict }) => verdict)).toEqual(["not judged", "met", "met", "met"]);
    expect(checks[0]?.reason).toBe("new memory at 308 MiB/s on this machine, under 1,024");
    // The bytes do not depend on the machine: missed anywhere.
    expect(verdicts([measuredPage("/", { jsBytes: 90_000 }), measuredPage("/states")], slowMemory)).toEqual([
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
    const pages = [measuredPage("/", { tbtMs: 838 }), measuredPage("/states", { tbtMs: 40 })];
    const targets = checkWebTargets(pages, [homeBundle], { ...ordinary, hostMemoryMiBPerSecond: 308 });
    const summary = renderWebSummary(benchResult(pages, [homeBundle], { runsPerPage: 1, targets }));
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
