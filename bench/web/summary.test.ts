import { describe, expect, it } from "vitest";
import { median, medianFigures, pageResult, renderWebSummary } from "./summary";
import { benchResult, lighthouseFigures, pageRun } from "./test-fixtures";

describe("median", () => {
  it("takes the middle of an odd number of runs and the mean of the middle two otherwise", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("ignores runs that did not measure the figure", () => {
    expect(median([null, 5, null])).toBe(5);
    expect(median([null, null])).toBeNull();
  });

  it("is taken figure by figure", () => {
    const result = medianFigures([
      { ...lighthouseFigures, lcpMs: 1000, cls: 0.1 },
      { ...lighthouseFigures, lcpMs: 3000, cls: 0 },
      { ...lighthouseFigures, lcpMs: 2000, cls: 0.05 },
    ]);
    expect(result).toMatchObject({ lcpMs: 2000, cls: 0.05 });
  });
});

describe("a page's result", () => {
  it("leaves out runs Lighthouse could not complete", () => {
    const page = pageResult("Home", "/", 200, [
      pageRun({ lcpMs: 1300 }),
      pageRun({ lcpMs: null, performance: null }, { error: "NO_FCP: the page painted nothing" }),
      pageRun({ lcpMs: 1500 }),
    ]);
    expect(page.median.lcpMs).toBe(1400);
    expect(page.budgets.every((check) => check.pass)).toBe(true);
    expect(renderWebSummary(benchResult([page]))).toContain(
      "- /: only 2 of 3 runs measured the page\n- /: NO_FCP: the page painted nothing",
    );
  });
});

describe("the Markdown summary", () => {
  it("marks each budgeted figure pass or FAIL and lists the audits that cost points", () => {
    const slow = pageResult("State page", "/states/25", 200, [
      pageRun(
        { lcpMs: 2400, accessibility: 96 },
        {
          failingAudits: [
            { category: "accessibility", id: "color-contrast", title: "Contrast", example: "<p class=`x`>" },
          ],
        },
      ),
    ]);
    const summary = renderWebSummary(benchResult([slow]));
    expect(summary).toContain(
      "| /states/25 | 200 | 97 pass | 96 **FAIL** | 100 pass | 100 pass | 2.40 s **FAIL** | 0.000 pass |",
    );
    expect(summary).toContain(
      "- /states/25, accessibility, in 1 of 1 runs: Contrast (`color-contrast`), e.g. `<p class='x'>`",
    );
    expect(summary).toContain("mobile, simulated throttling (150 ms round trip, 1.6 Mbit/s, CPU 4× slower)");
  });

  it("says when the machine is slower than the desktop Lighthouse's 4× assumes, and not otherwise", () => {
    const onSlowMachine = pageResult("Home", "/", 200, [pageRun({}, { benchmarkIndex: 1000 })]);
    expect(renderWebSummary(benchResult([onSlowMachine]))).toContain("CPU benchmark index is 1,000");
    const onFastMachine = pageResult("Home", "/", 200, [pageRun({}, { benchmarkIndex: 3300 })]);
    expect(renderWebSummary(benchResult([onFastMachine]))).not.toContain("CPU benchmark index is");
  });

  it("says when the machine gives new memory slowly, and not otherwise", () => {
    const page = pageResult("Home", "/", 200, [pageRun({}, { benchmarkIndex: 2500 })]);
    const slowMemory = { ...benchResult([page]), hostMemoryMiBPerSecond: 342 };
    expect(renderWebSummary(slowMemory)).toContain("filled 512 MiB at 342 MiB/s");
    const ordinary = { ...benchResult([page]), hostMemoryMiBPerSecond: 4200 };
    expect(renderWebSummary(ordinary)).not.toContain("gives new memory to a process slowly");
    expect(renderWebSummary(benchResult([page]))).not.toContain("gives new memory to a process slowly");
  });

  it("shows each route's first-load size against its budget, and routes not built", () => {
    const summary = renderWebSummary(
      benchResult(
        [],
        [
          {
            name: "/",
            page: "index.html",
            jsGzipBytes: 170 * 1024,
            cssGzipBytes: 5 * 1024,
            htmlGzipBytes: 2 * 1024,
            jsBudgetBytes: 160 * 1024,
            pass: false,
          },
          { name: "/schools/1", page: "schools/1/index.html", missing: "schools/1/index.html is missing." },
        ],
      ),
    );
    expect(summary).toContain("| / | 170.0 KiB **FAIL** | ≤ 160.0 KiB | 5.0 KiB | 2.0 KiB |");
    expect(summary).toContain("| /schools/1 | not built |  |  |  |");
    expect(summary).toContain("- schools/1/index.html is missing.");
  });
});
