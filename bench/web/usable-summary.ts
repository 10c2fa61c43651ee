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
      `Usable: the page's controls answer (\`<html data-hydrated="true">\`).`,
    "",
    "| Page | First paint | Largest paint | Usable | Gap | Budget | Result |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...result.pages.map(
      (page) =>
        `| ${page.name} (\`${page.path}\`) | ${seconds(page.firstContentfulPaintMs)} | ` +
        `${seconds(page.largestContentfulPaintMs)} | ${seconds(page.usableMs)} | ` +
        `${seconds(page.gapMs)} | ≤ ${seconds(TIME_TO_USABLE_BUDGET_MS)} | ${page.pass ? "pass" : "**FAIL**"} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
