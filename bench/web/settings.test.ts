import { describe, expect, it } from "vitest";
import { benchPages, cpuMultiplier, hostNote } from "./settings";

describe("web bench settings", () => {
  it("measures the public pages, /states among them, each once", () => {
    const measured = benchPages.map((page) => page.path);
    expect(measured).toEqual([
      "/",
      "/states",
      "/states/25",
      "/schools/1",
      "/login",
      "/eyewitness-reports",
      "/ha",
      "/yo/states/25",
    ]);
    expect(new Set(benchPages.map((page) => page.name)).size).toBe(benchPages.length);
  });

  it("leaves Lighthouse's CPU slowdown as it is unless BENCH_WEB_CPU_MULTIPLIER is set", () => {
    expect(cpuMultiplier({})).toBeNull();
    expect(cpuMultiplier({ BENCH_WEB_CPU_MULTIPLIER: " " })).toBeNull();
    expect(cpuMultiplier({ BENCH_WEB_CPU_MULTIPLIER: "2" })).toBe(2);
    expect(cpuMultiplier({ BENCH_WEB_CPU_MULTIPLIER: "2.5" })).toBe(2.5);
  });

  it("refuses a multiplier that is not a number from 1 to 20, naming the variable", () => {
    for (const text of ["0", "0.5", "21", "fast", "NaN"]) {
      expect(() => cpuMultiplier({ BENCH_WEB_CPU_MULTIPLIER: text }), text).toThrow(
        `BENCH_WEB_CPU_MULTIPLIER must be a number from 1 to 20 (got "${text}").`,
      );
    }
  });

  it("says when the machine is slower than the desktop Lighthouse's default 4× assumes", () => {
    expect(hostNote(1038, 4)).toContain("CPU benchmark index is 1,038");
    expect(hostNote(1038, 4)).toContain("BENCH_WEB_CPU_MULTIPLIER=2");
    expect(hostNote(1500, 4)).toBeNull();
    expect(hostNote(3285, 4)).toBeNull();
    // Someone who set the multiplier has calibrated already.
    expect(hostNote(1038, 2)).toBeNull();
    expect(hostNote(null, 4)).toBeNull();
  });
});
