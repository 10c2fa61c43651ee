import { paths } from "../../src/domain/routes";

// Settings of the web bench: the pages it measures, and what it reads from the environment, checked before
// anything starts.

/**
 * The pages Lighthouse measures, each held to the same budgets (lighthouseBudgets in budgets.ts). Add a
 * public page here to measure it.
 */
export const benchPages: readonly { name: string; path: string }[] = [
  { name: "Home", path: paths.home() },
  { name: "All states compared", path: paths.states() },
  { name: "State page (Lagos)", path: paths.state(25) },
  { name: "School page", path: paths.school(1) },
  { name: "Login", path: paths.login() },
  { name: "Verified reports", path: paths.publishedReports() },
  // Other languages: the same pages with their messages (held to the same budgets).
  { name: "Home in Hausa", path: "/ha" },
  { name: "State page (Lagos) in Yoruba", path: "/yo/states/25" },
];

/**
 * BENCH_WEB_CPU_MULTIPLIER: Lighthouse's CPU slowdown, for a machine that is not the high-end desktop its
 * default 4× assumes (see hostNote below); unset: Lighthouse's default, as the budgets are set for.
 */
export function cpuMultiplier(env: NodeJS.ProcessEnv = process.env): number | null {
  const text = env.BENCH_WEB_CPU_MULTIPLIER?.trim();
  if (text === undefined || text === "") return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 1 || value > 20) {
    throw new Error(`BENCH_WEB_CPU_MULTIPLIER must be a number from 1 to 20 (got "${text}").`);
  }
  return value;
}

/**
 * Lighthouse's throttling guide: its 4× CPU slowdown turns a high-end desktop (benchmark index 1,500 to
 * 2,000) into a mid-tier phone. On a slower machine the same 4× simulates a slower phone than that.
 */
export const HIGH_END_DESKTOP_BENCHMARK_INDEX = 1500;
export const DEFAULT_CPU_MULTIPLIER = 4;

/** A sentence for the summary when the machine is slower than Lighthouse's 4× assumes; null otherwise. */
export function hostNote(benchmarkIndex: number | null, multiplier: number): string | null {
  if (benchmarkIndex === null || multiplier !== DEFAULT_CPU_MULTIPLIER) return null;
  if (benchmarkIndex >= HIGH_END_DESKTOP_BENCHMARK_INDEX) return null;
  return (
    `This machine's CPU benchmark index is ${Math.round(benchmarkIndex).toLocaleString("en-US")}, below the ` +
    `${HIGH_END_DESKTOP_BENCHMARK_INDEX.toLocaleString("en-US")} to 2,000 of the high-end desktop that ` +
    `Lighthouse's 4× CPU slowdown assumes, so the phone simulated here is slower than Lighthouse's mid-tier ` +
    `phone and Total Blocking Time (and with it Performance) reads worse than on such a machine. ` +
    `Lighthouse's throttling guide suggests 2× (range 1 to 5) for a low-end desktop (1,000 to 1,500): ` +
    `BENCH_WEB_CPU_MULTIPLIER=2 npm run bench:web.`
  );
}

/** BENCH_WEB_RUNS: how many times each page is measured (default 3), checked before anything starts. */
export function runsPerPage(): number {
  const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(
      `BENCH_WEB_RUNS must be a whole number of runs, at least 1 (got "${process.env.BENCH_WEB_RUNS}").`,
    );
  }
  return runs;
}
