// The time-to-usable bench's figures and its report (time-to-usable.ts measures; this summarises, and is
// tested on its own).

/** The phone the bench plays: a 360 px screen on a slow connection and a slow CPU. */
export const slowPhone = {
  viewport: { width: 360, height: 740 },
  /** Round trip added to every request. */
  latencyMs: 400,
  /** Down and up, in kilobits per second. */
  kilobitsPerSecond: 400,
  /** Chromium's CPU slowdown (DevTools' "4× slowdown"). */
  cpuSlowdown: 4,
} as const;

/** A page is usable when its controls answer: `<html data-hydrated="true">`, after its first paint. */
export const TIME_TO_USABLE_BUDGET_MS = 3500;

/** One load of a page: milliseconds from the navigation's start. */
export interface UsableRun {
  firstContentfulPaintMs: number;
  /** The largest paint of the page's content before it was usable (the browser's last candidate then). */
  largestContentfulPaintMs: number;
  usableMs: number;
  /**
   * Each long task's time over 50 ms, summed from the first paint until the page had no long task for
   * QUIET_AFTER_USABLE_MS after it was usable: Total Blocking Time as Chromium's own throttling shows it,
   * without Lighthouse's trace (whose reading depends on the machine, bench/README.md#the-machine).
   * Absent in runs measured before it was added.
   */
  blockingMs?: number;
}

/** A long task is one over this; its time over it blocks (Lighthouse's definition of blocking time). */
export const LONG_TASK_MS = 50;
/** The quiet the bench waits for after a page is usable before it sums the blocking time. */
export const QUIET_AFTER_USABLE_MS = 5000;

/** Blocking time of a load: each long task's time over 50 ms, for the tasks that start after the first paint. */
export function blockingTime(
  longTasks: readonly { startTime: number; duration: number }[],
  firstContentfulPaintMs: number,
): number {
  return longTasks
    .filter((task) => task.startTime >= firstContentfulPaintMs)
    .reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0);
}

export interface UsablePageResult {
  name: string;
  path: string;
  runs: UsableRun[];
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  usableMs: number;
  /** Time between looking usable (first paint) and being usable. */
  gapMs: number;
  /** The median blocking time, when the runs measured it. */
  blockingMs: number | null;
  pass: boolean;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A page's result: each figure the median over its runs, taken figure by figure. */
export function usablePageResult(name: string, path: string, runs: readonly UsableRun[]): UsablePageResult {
  const firstContentfulPaintMs = median(runs.map((run) => run.firstContentfulPaintMs));
  const usableMs = median(runs.map((run) => run.usableMs));
  return {
    name,
    path,
    runs: [...runs],
    firstContentfulPaintMs,
    largestContentfulPaintMs: median(runs.map((run) => run.largestContentfulPaintMs)),
    usableMs,
    gapMs: Math.max(0, usableMs - firstContentfulPaintMs),
    blockingMs: runs.every((run) => run.blockingMs !== undefined)
      ? median(runs.map((run) => run.blockingMs!))
      : null,
    pass: usableMs <= TIME_TO_USABLE_BUDGET_MS,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export interface UsableBenchResult {
  time: string;
  commit: string;
  browser: string;
  pages: UsablePageResult[];
}

export function renderUsableSummary(result: UsableBenchResult): string {
  const phone = slowPhone;
  const lines = [
    `# Time to usable on a slow phone, ${result.time.replace("T", " ").replace(/\.\d+Z$/, " UTC")}`,
    "",
    `Commit ${result.commit}; ${result.browser}.`,
    `Each page opened in a new browser context at ${phone.viewport.width} × ${phone.viewport.height} px, ` +
      `${phone.kilobitsPerSecond} kbps down and up, ${phone.latencyMs} ms round trip and the CPU ` +
      `${phone.cpuSlowdown}× slower (Chromium's own throttling, not simulated); ` +
      `${result.pages[0]?.runs.length ?? 0} loads per page, each figure the median. ` +
      `Usable: the page's controls answer (\`<html data-hydrated="true">\`). ` +
      `Blocking: each long task's time over ${LONG_TASK_MS} ms from the first paint until ` +
      `${seconds(QUIET_AFTER_USABLE_MS)} without one after the page was usable (Total Blocking Time as ` +
      `Chromium's own throttling shows it; Lighthouse's, in web-latest.md, is the one the targets name).`,
    "",
    "| Page | First paint | Largest paint | Usable | Gap | Budget | Result | Blocking |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...result.pages.map(
      (page) =>
        `| ${page.name} (\`${page.path}\`) | ${seconds(page.firstContentfulPaintMs)} | ` +
        `${seconds(page.largestContentfulPaintMs)} | ${seconds(page.usableMs)} | ` +
        `${seconds(page.gapMs)} | ≤ ${seconds(TIME_TO_USABLE_BUDGET_MS)} | ${page.pass ? "pass" : "**FAIL**"} | ` +
        `${page.blockingMs === null ? "n/a" : `${Math.round(page.blockingMs)} ms`} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
