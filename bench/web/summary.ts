import {
  checkLighthouseBudgets,
  formatFigure,
  formatKib,
  type BudgetCheck,
  type LighthouseFigure,
  type LighthouseFigures,
} from "./budgets";
import type { FirstLoadReport } from "./bundle-size";
import { memoryNote } from "./host-memory";
import { hostNote } from "./settings";
import type { TargetVerdict, WebTargetCheck } from "./targets";

// The web bench's result: what is written to bench/results/web-*.json, and its Markdown summary.

/** An audit that cost a page points in Accessibility, Best Practices or SEO. */
export interface FailingAudit {
  category: string;
  id: string;
  title: string;
  /** The first offending element or issue, when Lighthouse names one. */
  example?: string;
}

export interface PageRun {
  figures: LighthouseFigures;
  failingAudits: FailingAudit[];
  /** Lighthouse's CPU benchmark of this machine during the run (higher is faster). */
  benchmarkIndex: number | null;
  /** Why Lighthouse could not measure the page, when it could not. */
  error?: string;
  warnings: string[];
}

export interface PageResult {
  name: string;
  path: string;
  /** The HTTP status the page answered with before Lighthouse ran. */
  status: number | null;
  runs: PageRun[];
  median: LighthouseFigures;
  budgets: BudgetCheck[];
}

export interface BundleResult {
  name: string;
  page: string;
  missing?: string;
  jsGzipBytes?: number;
  cssGzipBytes?: number;
  htmlGzipBytes?: number;
  jsBudgetBytes?: number;
  pass?: boolean;
  /** Each first-load asset and its gzipped size. */
  assets?: { url: string; gzipBytes: number }[];
}

export interface WebBenchResult {
  kind: "web";
  measuredAt: string;
  commit: string | null;
  uncommittedChanges: boolean;
  lighthouseVersion: string;
  browser: string;
  settings: {
    formFactor: string;
    throttlingMethod: string;
    throttling: { rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number };
  };
  runsPerPage: number;
  aggregation: string;
  pages: PageResult[];
  bundles: BundleResult[];
  /** MiB/s at which a fresh process on this machine touches new memory (bench/web/host-memory.ts). */
  hostMemoryMiBPerSecond?: number | null;
  /** The web targets judged on this run (targets.ts); absent in runs made before they were checked. */
  targets?: WebTargetCheck[];
}

export const AGGREGATION = "median over the runs, taken figure by figure";

/** The median of the measured values; null when no run measured it. */
export function median(values: (number | null)[]): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const figureNames: LighthouseFigure[] = [
  "performance",
  "accessibility",
  "bestPractices",
  "seo",
  "lcpMs",
  "tbtMs",
  "cls",
  "fcpMs",
  "siMs",
  "totalBytes",
  "jsBytes",
];

export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  return Object.fromEntries(
    figureNames.map((figure) => [figure, median(runs.map((run) => run[figure]))]),
  ) as unknown as LighthouseFigures;
}

export function pageResult(name: string, path: string, status: number | null, runs: PageRun[]): PageResult {
  const figures = medianFigures(runs.filter((run) => !run.error).map((run) => run.figures));
  return { name, path, status, runs, median: figures, budgets: checkLighthouseBudgets(figures) };
}

export function bundleResults(reports: FirstLoadReport[]): BundleResult[] {
  return reports.map((report) =>
    "missing" in report
      ? { name: report.name, page: report.page, missing: report.missing }
      : {
          name: report.name,
          page: report.page,
          jsGzipBytes: report.js.gzipBytes,
          cssGzipBytes: report.css.gzipBytes,
          htmlGzipBytes: report.html.gzipBytes,
          jsBudgetBytes: report.jsBudgetBytes,
          pass: report.js.gzipBytes <= report.jsBudgetBytes,
          assets: [...report.js.assets, ...report.css.assets].map(({ url, gzipBytes }) => ({
            url,
            gzipBytes,
          })),
        },
  );
}

function verdict(pass: boolean): string {
  return pass ? "pass" : "**FAIL**";
}

function withVerdict(page: PageResult, label: string, figure: LighthouseFigure): string {
  const text = formatFigure(figure, page.median[figure]);
  const check = page.budgets.find((budget) => budget.label === label);
  return check ? `${text} ${verdict(check.pass)}` : text;
}

function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

const targetVerdicts: Record<TargetVerdict, string> = {
  met: "met",
  missed: "**missed**",
  "not judged": "not judged here",
};

/** The targets' table, and what the run met of them in one line. */
function renderTargets(targets: WebTargetCheck[]): string[] {
  const met = targets.filter((target) => target.verdict === "met").length;
  return [
    "## Targets",
    "",
    row(["Target", "Measured", "Verdict"]),
    row(["---", "---", "---"]),
    ...targets.map((target) =>
      row([
        target.target,
        target.measured,
        targetVerdicts[target.verdict] + (target.reason ? ` (${target.reason})` : ""),
      ]),
    ),
    "",
    `${met} of ${targets.length} met in this run. Time to usable has its own, in usable-latest.md.`,
  ];
}

/** The readable summary written to bench/results/web-latest.md and printed by the bench. */
export function renderWebSummary(result: WebBenchResult): string {
  const { settings } = result;
  const lines: string[] = [
    `# Web performance, ${result.measuredAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}`,
    "",
    `Commit ${result.commit ?? "unknown"}${result.uncommittedChanges ? " with uncommitted changes" : ""}; ` +
      `Lighthouse ${result.lighthouseVersion}; ${result.browser}.`,
    `Preset: ${settings.formFactor}, ${settings.throttlingMethod === "simulate" ? "simulated" : settings.throttlingMethod} throttling ` +
      `(${settings.throttling.rttMs} ms round trip, ${(settings.throttling.throughputKbps / 1000).toFixed(1)} Mbit/s, ` +
      `CPU ${settings.throttling.cpuSlowdownMultiplier}× slower). ` +
      `${result.runsPerPage} runs per page; each figure is the ${AGGREGATION}.`,
    "",
    ...(result.targets ? [...renderTargets(result.targets), ""] : []),
    "## Lighthouse",
    "",
    row(["Page", "Status", "Performance", "Accessibility", "Best Practices", "SEO", "LCP", "CLS"]),
    row(["---", "---", "---", "---", "---", "---", "---", "---"]),
  ];
  for (const page of result.pages) {
    lines.push(
      row([
        page.path,
        page.status === null ? "no answer" : String(page.status),
        withVerdict(page, "Performance", "performance"),
        withVerdict(page, "Accessibility", "accessibility"),
        withVerdict(page, "Best Practices", "bestPractices"),
        withVerdict(page, "SEO", "seo"),
        withVerdict(page, "LCP", "lcpMs"),
        withVerdict(page, "CLS", "cls"),
      ]),
    );
  }
  lines.push(
    "",
    row(["Page", "FCP", "Speed Index", "TBT", "Transferred", "JavaScript transferred", "CPU benchmark"]),
    row(["---", "---", "---", "---", "---", "---", "---"]),
  );
  for (const page of result.pages) {
    const benchmark = median(page.runs.map((run) => run.benchmarkIndex));
    lines.push(
      row([
        page.path,
        formatFigure("fcpMs", page.median.fcpMs),
        formatFigure("siMs", page.median.siMs),
        formatFigure("tbtMs", page.median.tbtMs),
        formatFigure("totalBytes", page.median.totalBytes),
        formatFigure("jsBytes", page.median.jsBytes),
        benchmark === null ? "n/a" : String(Math.round(benchmark)),
      ]),
    );
  }
  const budgets = result.pages[0]?.budgets ?? [];
  lines.push("", `Budgets: ${budgets.map((budget) => `${budget.label} ${budget.budget}`).join(", ")}.`);
  const note = hostNote(
    median(result.pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex))),
    settings.throttling.cpuSlowdownMultiplier,
  );
  if (note) lines.push("", note);
  const slowMemory = memoryNote(result.hostMemoryMiBPerSecond);
  if (slowMemory) lines.push("", slowMemory);

  const failing = result.pages.flatMap((page) => {
    const seen = new Map<string, { audit: FailingAudit; runs: number }>();
    for (const audit of page.runs.flatMap((run) => run.failingAudits)) {
      seen.set(audit.id, { audit, runs: (seen.get(audit.id)?.runs ?? 0) + 1 });
    }
    return [...seen.values()].map(
      ({ audit, runs }) =>
        `- ${page.path}, ${audit.category}, in ${runs} of ${page.runs.length} runs: ${audit.title} (\`${audit.id}\`)` +
        (audit.example ? `, e.g. \`${audit.example.replace(/`/g, "'")}\`` : ""),
    );
  });
  if (failing.length > 0) lines.push("", "Audits that cost points:", "", ...failing);

  const notes = result.pages.flatMap((page) => {
    const errors = [...new Set(page.runs.flatMap((run) => (run.error ? [run.error] : [])))];
    const warnings = [...new Set(page.runs.flatMap((run) => run.warnings))];
    const measured = page.runs.filter((run) => !run.error).length;
    const counted =
      measured < page.runs.length ? [`only ${measured} of ${page.runs.length} runs measured the page`] : [];
    return [...counted, ...errors, ...warnings].map((note) => `- ${page.path}: ${note}`);
  });
  if (notes.length > 0) lines.push("", "Lighthouse said:", "", ...notes);

  lines.push(
    "",
    "## First load (gzip -9 per file, summed)",
    "",
    row(["Route", "JavaScript", "JavaScript budget", "CSS", "HTML"]),
    row(["---", "---", "---", "---", "---"]),
  );
  for (const bundle of result.bundles) {
    if (bundle.missing !== undefined) {
      lines.push(row([bundle.name, "not built", "", "", ""]));
      continue;
    }
    lines.push(
      row([
        bundle.name,
        `${formatKib(bundle.jsGzipBytes ?? 0)} ${verdict(bundle.pass ?? false)}`,
        `≤ ${formatKib(bundle.jsBudgetBytes ?? 0)}`,
        formatKib(bundle.cssGzipBytes ?? 0),
        formatKib(bundle.htmlGzipBytes ?? 0),
      ]),
    );
  }
  const missing = result.bundles.filter((bundle) => bundle.missing !== undefined);
  if (missing.length > 0) lines.push("", ...missing.map((bundle) => `- ${bundle.missing}`));
  return `${lines.join("\n")}\n`;
}
