import { describe, expect, it } from "vitest";
import { checkLighthouseBudgets, formatFigure, type LighthouseFigures } from "./budgets";

const fastPage: LighthouseFigures = {
  performance: 99,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1200,
  tbtMs: 30,
  cls: 0.01,
  fcpMs: 900,
  siMs: 1100,
  totalBytes: 150_000,
  jsBytes: 120_000,
};

function failed(figures: LighthouseFigures): string[] {
  return checkLighthouseBudgets(figures)
    .filter((check) => !check.pass)
    .map((check) => check.label);
}

describe("the Lighthouse budgets", () => {
  it("pass a page that meets every budget", () => {
    expect(failed(fastPage)).toEqual([]);
  });

  it("pass figures exactly at their budget", () => {
    expect(failed({ ...fastPage, performance: 95, seo: 95, lcpMs: 1500, cls: 0.02 })).toEqual([]);
  });

  it("name each figure that misses its budget", () => {
    expect(failed({ ...fastPage, performance: 94, accessibility: 99, lcpMs: 1510, cls: 0.05 })).toEqual([
      "Performance",
      "Accessibility",
      "LCP",
      "CLS",
    ]);
  });

  it("count a figure Lighthouse could not measure as missed, shown as n/a", () => {
    const lcp = checkLighthouseBudgets({ ...fastPage, lcpMs: null }).find((check) => check.label === "LCP");
    expect(lcp).toMatchObject({ pass: false, measured: "n/a", budget: "≤ 1.50 s" });
  });

  it("state budgets and figures in people's units", () => {
    expect(checkLighthouseBudgets(fastPage).map((check) => `${check.label} ${check.budget}`)).toEqual([
      "Performance ≥ 95",
      "Accessibility ≥ 100",
      "Best Practices ≥ 100",
      "SEO ≥ 95",
      "LCP ≤ 1.50 s",
      "CLS ≤ 0.020",
    ]);
    expect(formatFigure("tbtMs", 123.4)).toBe("123 ms");
    expect(formatFigure("totalBytes", 2048)).toBe("2.0 KiB");
  });
});
