import { describe, expect, it } from "vitest";
import {
  blockingTime,
  median,
  renderUsableSummary,
  TIME_TO_USABLE_BUDGET_MS,
  usablePageResult,
} from "./usable-summary";

describe("the time-to-usable summary", () => {
  it("takes the median figure by figure, and holds the usable time to the budget", () => {
    const result = usablePageResult("Home", "/", [
      { firstContentfulPaintMs: 1400, largestContentfulPaintMs: 1500, usableMs: 3000 },
      { firstContentfulPaintMs: 1600, largestContentfulPaintMs: 1900, usableMs: 3600 },
      { firstContentfulPaintMs: 1500, largestContentfulPaintMs: 1700, usableMs: 3400 },
    ]);
    expect(result).toMatchObject({
      firstContentfulPaintMs: 1500,
      largestContentfulPaintMs: 1700,
      usableMs: 3400,
      gapMs: 1900,
      pass: true,
    });
    const slow = usablePageResult("Home", "/", [
      {
        firstContentfulPaintMs: 1000,
        largestContentfulPaintMs: 1000,
        usableMs: TIME_TO_USABLE_BUDGET_MS + 1,
      },
    ]);
    expect(slow.pass).toBe(false);
  });

  it("sums each long task's time over 50 ms after the first paint, and takes the median of the loads'", () => {
    const tasks = [
      { startTime: 900, duration: 200 }, // before the first paint: not counted
      { startTime: 1500, duration: 80 },
      { startTime: 2100, duration: 50 }, // not over 50 ms
      { startTime: 2600, duration: 125 },
    ];
    expect(blockingTime(tasks, 1000)).toBe(30 + 75);
    expect(blockingTime([], 1000)).toBe(0);
    const page = usablePageResult("Home", "/", [
      { firstContentfulPaintMs: 1400, largestContentfulPaintMs: 1500, usableMs: 3000, blockingMs: 90 },
      { firstContentfulPaintMs: 1400, largestContentfulPaintMs: 1500, usableMs: 3000, blockingMs: 300 },
      { firstContentfulPaintMs: 1400, largestContentfulPaintMs: 1500, usableMs: 3000, blockingMs: 150 },
    ]);
    expect(page.blockingMs).toBe(150);
    // Runs measured before the figure existed have none.
    const older = usablePageResult("Home", "/", [
      { firstContentfulPaintMs: 1400, largestContentfulPaintMs: 1500, usableMs: 3000 },
    ]);
    expect(older.blockingMs).toBeNull();
  });

  it("takes the mean of the middle two of an even count, and refuses no values", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it("reports each page's figures in seconds, with a failing page marked", () => {
    const text = renderUsableSummary({
      time: "2026-11-29T19:00:43.123Z",
      commit: "abc1234",
      browser: "Chromium 156",
      pages: [
        usablePageResult("Home", "/", [
          { firstContentfulPaintMs: 1660, largestContentfulPaintMs: 1800, usableMs: 7560, blockingMs: 120 },
        ]),
        usablePageResult("Open data", "/data", [
          { firstContentfulPaintMs: 1200, largestContentfulPaintMs: 1250, usableMs: 3100 },
        ]),
      ],
    });
    expect(text).toContain("# Time to usable on a slow phone, 2026-11-29 19:00:43 UTC");
    expect(text).toContain(
      "| Home (`/`) | 1.66 s | 1.80 s | 7.56 s | 5.90 s | ≤ 3.50 s | **FAIL** | 120 ms |",
    );
    expect(text).toContain(
      "| Open data (`/data`) | 1.20 s | 1.25 s | 3.10 s | 1.90 s | ≤ 3.50 s | pass | n/a |",
    );
    expect(text).toContain("400 kbps down and up, 400 ms round trip and the CPU 4× slower");
  });
});
