import { readLanguages } from "../../src/i18n/catalogue-files";
import { withoutLanguage } from "../../src/i18n/languages";
import { formatFigure, formatKib } from "./budgets";
import { SLOW_MEMORY_MIB_PER_SECOND } from "./host-memory";
import { DEFAULT_CPU_MULTIPLIER, HIGH_END_DESKTOP_BENCHMARK_INDEX } from "./settings";
import type { BundleResult, PageResult } from "./summary";

// The web targets (bench/README.md, "Targets"): stricter than the budgets, which fail the build, and judged
// on a run's figures in its summary. A missed target is reported, not fatal. Time to usable has its own
// (usable-summary.ts: TIME_TO_USABLE_BUDGET_MS), as `npm run bench:web` measures it in a run of its own.

/** The page most visitors land on, as the bench measures it (benchPages in settings.ts). */
export const HOME_PAGE_PATH = "/";
/** Lighthouse's Total Blocking Time on the home page, mobile preset, 4× CPU, median of the runs. */
export const HOME_TBT_MAX_MS = 100;
/** The same on every other page the bench measures. */
export const PAGE_TBT_MAX_MS = 150;
/**
 * The JavaScript Lighthouse counts as transferred on the home page (after-paint chunks included), in each
 * language the bench measures it in: 80 KB.
 */
export const HOME_JS_TRANSFERRED_MAX_BYTES = 80_000;
/** The home page's first-load JavaScript, gzip -9 (bundle-size.ts), in each language: 80 KB too. */
export const HOME_FIRST_LOAD_JS_MAX_BYTES = 80_000;

/**
 * "not judged": the figure misses the target on a machine whose readings of it cannot be compared with a
 * mid-tier phone's (its reason says why); a figure within the target is met on any machine.
 */
export type TargetVerdict = "met" | "missed" | "not judged";

export interface WebTargetCheck {
  target: string;
  measured: string;
  verdict: TargetVerdict;
  /** Why a missed figure is not judged. */
  reason?: string;
}

/** What the run knows of its machine and throttling. */
export interface WebRunConditions {
  cpuSlowdownMultiplier: number;
  /** Median of Lighthouse's CPU benchmark index over the run, null when no run gave one. */
  benchmarkIndex: number | null;
  /** MiB/s at which a fresh process touched new memory (host-memory.ts), null or absent when not measured. */
  hostMemoryMiBPerSecond?: number | null;
}

/** Why this run's Total Blocking Time cannot be set beside a mid-tier phone's; null when it can. */
export function tbtNotComparable(conditions: WebRunConditions): string | null {
  const { cpuSlowdownMultiplier, benchmarkIndex, hostMemoryMiBPerSecond } = conditions;
  if (cpuSlowdownMultiplier !== DEFAULT_CPU_MULTIPLIER) {
    return `measured at ${cpuSlowdownMultiplier}× CPU, the target is at ${DEFAULT_CPU_MULTIPLIER}×`;
  }
  if (
    hostMemoryMiBPerSecond !== null &&
    hostMemoryMiBPerSecond !== undefined &&
    hostMemoryMiBPerSecond < SLOW_MEMORY_MIB_PER_SECOND
  ) {
    return `new memory at ${Math.round(hostMemoryMiBPerSecond).toLocaleString("en-US")} MiB/s on this machine, under ${SLOW_MEMORY_MIB_PER_SECOND.toLocaleString("en-US")}`;
  }
  if (benchmarkIndex !== null && benchmarkIndex < HIGH_END_DESKTOP_BENCHMARK_INDEX) {
    return `CPU benchmark index ${Math.round(benchmarkIndex).toLocaleString("en-US")}, under ${HIGH_END_DESKTOP_BENCHMARK_INDEX.toLocaleString("en-US")}`;
  }
  return null;
}

function atMost(
  target: string,
  value: number | null,
  max: number,
  measured: string,
  notComparable: string | null = null,
): WebTargetCheck {
  if (value !== null && value <= max) return { target, measured, verdict: "met" };
  if (value !== null && notComparable) {
    return { target, measured, verdict: "not judged", reason: notComparable };
  }
  return { target, measured, verdict: "missed" };
}

/** The largest of `figure` over `items`, with the path it was read on; none when any item lacks it. */
function largest<T>(
  items: readonly T[],
  figure: (item: T) => number | null | undefined,
  path: (item: T) => string,
): { value: number; path: string } | null {
  let best: { value: number; path: string } | null = null;
  for (const item of items) {
    const value = figure(item);
    if (value === null || value === undefined) return null;
    if (best === null || value > best.value) best = { value, path: path(item) };
  }
  return best;
}

/** Checks each web target on a run's pages and first-load sizes. */
export function checkWebTargets(
  pages: readonly PageResult[],
  bundles: readonly BundleResult[],
  conditions: WebRunConditions,
  languageCodes: readonly string[] = readLanguages().map((language) => language.code),
): WebTargetCheck[] {
  const isHome = (path: string) => withoutLanguage(path, languageCodes) === HOME_PAGE_PATH;
  const notComparable = tbtNotComparable(conditions);
  const home = pages.find((page) => page.path === HOME_PAGE_PATH);
  const homeTbt = home?.median.tbtMs ?? null;
  const others = pages.filter((page) => page !== home);
  const worst = largest(
    others,
    (page) => page.median.tbtMs,
    (page) => page.path,
  );
  const homeJs = largest(
    pages.filter((page) => isHome(page.path)),
    (page) => page.median.jsBytes,
    (page) => page.path,
  );
  const homeFirstLoad = largest(
    bundles.filter((bundle) => isHome(bundle.name)),
    (bundle) => bundle.jsGzipBytes,
    (bundle) => bundle.name,
  );
  const bytes = (read: { value: number; path: string } | null) =>
    read === null
      ? "n/a"
      : `${read.value.toLocaleString("en-US")} bytes (${formatKib(read.value)}, ${read.path}, the largest)`;
  return [
    atMost(
      `Total Blocking Time on ${HOME_PAGE_PATH} ≤ ${HOME_TBT_MAX_MS} ms`,
      homeTbt,
      HOME_TBT_MAX_MS,
      formatFigure("tbtMs", homeTbt),
      notComparable,
    ),
    atMost(
      `Total Blocking Time on every other page ≤ ${PAGE_TBT_MAX_MS} ms`,
      worst?.value ?? null,
      PAGE_TBT_MAX_MS,
      worst ? `${formatFigure("tbtMs", worst.value)} (${worst.path}, the longest)` : "n/a",
      notComparable,
    ),
    atMost(
      `JavaScript transferred on the home page in each language ≤ ${HOME_JS_TRANSFERRED_MAX_BYTES.toLocaleString("en-US")} bytes`,
      homeJs?.value ?? null,
      HOME_JS_TRANSFERRED_MAX_BYTES,
      bytes(homeJs),
    ),
    atMost(
      `First-load JavaScript of the home page in each language, gzip -9, ≤ ${HOME_FIRST_LOAD_JS_MAX_BYTES.toLocaleString("en-US")} bytes`,
      homeFirstLoad?.value ?? null,
      HOME_FIRST_LOAD_JS_MAX_BYTES,
      bytes(homeFirstLoad),
    ),
  ];
}
