import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { startBuiltServer, type BuiltServer } from "../../e2e/support/server";
import type { LighthouseFigures } from "./budgets";
import { defaultClientDir, measureFirstLoads, servedPages } from "./bundle-size";
import { measureMemoryTouchRate } from "./host-memory";
import { writeResults } from "./results-files";
import { benchPages, cpuMultiplier, runsPerPage } from "./settings";
import {
  AGGREGATION,
  bundleResults,
  median,
  pageResult,
  renderWebSummary,
  type FailingAudit,
  type PageResult,
  type PageRun,
  type WebBenchResult,
} from "./summary";
import { checkWebTargets } from "./targets";

// `npm run bench:web` builds, then this script starts the built product as the end-to-end tests do (a
// free port, a throw-away DATA_DIR), runs Lighthouse's mobile preset with its default simulated throttling
// several times per page in Debian's Chromium, and writes bench/results/web-<time>.json, web-latest.json
// and web-latest.md. A missed budget is reported, not fatal; a server or browser that cannot start is.
// It serves and sizes a copy of the build, so a rebuild while it measures (the checkout is shared) cannot
// mix two builds.

const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

const resultsDir = fileURLToPath(new URL("../results/", import.meta.url));
// Full Lighthouse reports are large: kept for inspection, never committed (bench/results/.gitignore).
const rawDir = path.join(resultsDir, "raw");

async function launchChrome(): Promise<{ chrome: LaunchedChrome; browser: string }> {
  let chrome: LaunchedChrome;
  try {
    chrome = await launch({ chromePath, chromeFlags, logLevel: "silent", handleSIGINT: false });
  } catch (error) {
    throw new Error(
      `Chromium (${chromePath}) could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
      Browser?: string;
    };
    return { chrome, browser: version.Browser ?? "Chromium" };
  } catch (error) {
    chrome.kill();
    throw new Error(`Chromium started but does not answer on its debugging port: ${String(error)}`);
  }
}

function numericAudit(lhr: Result, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" ? value : null;
}

function categoryScore(lhr: Result, id: string): number | null {
  const score = lhr.categories[id]?.score;
  return typeof score === "number" ? Math.round(score * 100) : null;
}

function scriptTransferBytes(lhr: Result): number | null {
  const details = lhr.audits["resource-summary"]?.details as
    { items?: { resourceType?: string; transferSize?: number }[] } | undefined;
  const script = details?.items?.find((item) => item.resourceType === "script");
  return typeof script?.transferSize === "number" ? script.transferSize : null;
}

function figuresOf(lhr: Result): LighthouseFigures {
  return {
    performance: categoryScore(lhr, "performance"),
    accessibility: categoryScore(lhr, "accessibility"),
    bestPractices: categoryScore(lhr, "best-practices"),
    seo: categoryScore(lhr, "seo"),
    lcpMs: numericAudit(lhr, "largest-contentful-paint"),
    tbtMs: numericAudit(lhr, "total-blocking-time"),
    cls: numericAudit(lhr, "cumulative-layout-shift"),
    fcpMs: numericAudit(lhr, "first-contentful-paint"),
    siMs: numericAudit(lhr, "speed-index"),
    totalBytes: numericAudit(lhr, "total-byte-weight"),
    jsBytes: scriptTransferBytes(lhr),
  };
}

// The categories where every failed audit is worth fixing; performance is judged by its figures.
const auditedCategories = ["accessibility", "best-practices", "seo"];

function exampleOf(details: unknown): string | undefined {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items;
  const first = items?.[0];
  if (!first) return undefined;
  const node = first.node as { snippet?: string; selector?: string } | undefined;
  // Elements for accessibility audits; an issue type, console message or URL for the others.
  const named = [first.issueType, first.description, first.url].find((value) => typeof value === "string");
  const text = node?.snippet ?? node?.selector ?? (named as string | undefined);
  return text ? text.slice(0, 160) : undefined;
}

function failingAuditsOf(lhr: Result): FailingAudit[] {
  return auditedCategories.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .flatMap((ref) => {
        const audit = lhr.audits[ref.id];
        if (!audit || typeof audit.score !== "number" || audit.score >= 1) return [];
        const example = exampleOf(audit.details);
        return [{ category, id: ref.id, title: audit.title, ...(example ? { example } : {}) }];
      }),
  );
}

const noFigures: LighthouseFigures = {
  performance: null,
  accessibility: null,
  bestPractices: null,
  seo: null,
  lcpMs: null,
  tbtMs: null,
  cls: null,
  fcpMs: null,
  siMs: null,
  totalBytes: null,
  jsBytes: null,
};

function slugOf(pathname: string): string {
  return pathname.replace(/^\/+|\/+$/g, "").replace(/[^\w-]+/g, "-") || "home";
}

async function pageStatus(url: string): Promise<number | null> {
  try {
    return (await fetch(url)).status;
  } catch {
    return null;
  }
}

interface Measured {
  pages: PageResult[];
  settings: WebBenchResult["settings"] | null;
  lighthouseVersion: string | null;
}

// Lighthouse asks to be run again after these: a glitch of the trace or the browser, not of the page.
const transientErrors = new Set([
  "NO_NAVSTART",
  "NO_TRACING_STARTED",
  "NO_RESOURCE_REQUEST",
  "PROTOCOL_TIMEOUT",
  "CRI_TIMEOUT",
  "TARGET_CRASHED",
]);
const ATTEMPTS_PER_RUN = 3;

interface Attempt {
  lhr: Result | null;
  run: PageRun;
  transient: boolean;
}

async function runLighthouse(url: string, port: number): Promise<Attempt> {
  const multiplier = cpuMultiplier();
  try {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      // Merged into the mobile preset's throttling: only the CPU slowdown changes.
      ...(multiplier === null ? {} : { throttling: { cpuSlowdownMultiplier: multiplier } }),
    });
    if (!result) throw new Error("Lighthouse returned no result.");
    const { lhr } = result;
    return {
      lhr,
      run: {
        figures: figuresOf(lhr),
        failingAudits: failingAuditsOf(lhr),
        benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
        ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
        warnings: lhr.runWarnings.map(String),
      },
      transient: transientErrors.has(lhr.runtimeError?.code ?? ""),
    };
  } catch (error) {
    return {
      lhr: null,
      run: {
        figures: noFigures,
        failingAudits: [],
        benchmarkIndex: null,
        error: `Lighthouse failed: ${error instanceof Error ? error.message : String(error)}`,
        warnings: [],
      },
      transient: true,
    };
  }
}

async function measurePages(baseUrl: string, port: number, runs: number): Promise<Measured> {
  await mkdir(rawDir, { recursive: true });
  const pages: PageResult[] = [];
  let settings: Measured["settings"] = null;
  let lighthouseVersion: string | null = null;
  for (const page of benchPages) {
    const url = `${baseUrl}${page.path}`;
    const status = await pageStatus(url);
    const pageRuns: PageRun[] = [];
    for (let run = 1; run <= runs; run++) {
      process.stdout.write(`Lighthouse ${page.path} run ${run} of ${runs}\n`);
      let attempt = await runLighthouse(url, port);
      const retriedAfter: string[] = [];
      while (attempt.transient && retriedAfter.length < ATTEMPTS_PER_RUN - 1) {
        retriedAfter.push(attempt.run.error ?? "an error");
        attempt = await runLighthouse(url, port);
      }
      if (retriedAfter.length > 0) {
        attempt.run.warnings.push(`run ${run} was repeated after: ${retriedAfter.join("; ")}`);
      }
      const { lhr } = attempt;
      if (lhr) {
        await writeFile(path.join(rawDir, `${slugOf(page.path)}-${run}.json`), JSON.stringify(lhr));
        lighthouseVersion = lhr.lighthouseVersion;
        settings ??= {
          formFactor: lhr.configSettings.formFactor,
          throttlingMethod: lhr.configSettings.throttlingMethod,
          throttling: {
            rttMs: lhr.configSettings.throttling.rttMs ?? 0,
            throughputKbps: lhr.configSettings.throttling.throughputKbps ?? 0,
            cpuSlowdownMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 1,
          },
        };
      }
      pageRuns.push(attempt.run);
    }
    pages.push(pageResult(page.name, page.path, status, pageRuns));
  }
  return { pages, settings, lighthouseVersion };
}

/** Copies build/ (client and server) to a temporary folder; returns it and a function that removes it. */
async function snapshotBuild(): Promise<{ clientDir: string; remove: () => Promise<void> }> {
  const serverDir = path.join(defaultClientDir, "..", "server");
  if (!existsSync(path.join(serverDir, "index.js"))) {
    throw new Error('The web app is not built. Run "npm run build" (npm run bench:web does it for you).');
  }
  // Inside the checkout's node_modules/.cache, not the system's temporary folder: the server build imports
  // its packages (React Router, React) by name, which Node finds only in a node_modules above the file.
  const cacheDir = path.join(defaultClientDir, "..", "..", "node_modules", ".cache");
  await mkdir(cacheDir, { recursive: true });
  const root = await mkdtemp(path.join(cacheDir, "inclusion-atlas-bench-build-"));
  const clientDir = path.join(root, "client");
  try {
    await cp(defaultClientDir, clientDir, { recursive: true });
    await cp(serverDir, path.join(root, "server"), { recursive: true });
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw new Error(`Could not copy the build (is another build running?): ${String(error)}`);
  }
  return { clientDir, remove: () => rm(root, { recursive: true, force: true }) };
}

function git(args: string[]): string | null {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const runs = runsPerPage();
  cpuMultiplier();
  if (!existsSync(chromePath)) {
    throw new Error(`${chromePath} is missing. Install Debian's Chromium: apt-get install -y chromium`);
  }
  let build: Awaited<ReturnType<typeof snapshotBuild>> | undefined;
  let server: BuiltServer | undefined;
  let chrome: LaunchedChrome | undefined;
  const cleanUp = async () => {
    chrome?.kill();
    chrome = undefined;
    await server?.stop();
    server = undefined;
    await build?.remove();
    build = undefined;
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));

  let measured: Measured;
  let browser: string;
  let bundles: WebBenchResult["bundles"];
  try {
    build = await snapshotBuild();
    server = await startBuiltServer({
      dataDirPrefix: "inclusion-atlas-bench-",
      webBuildDir: build.clientDir,
    });
    // Sized first, from the pages as the server renders them: a build missing a module fails here,
    // before minutes of Lighthouse.
    bundles = bundleResults(await measureFirstLoads(undefined, build.clientDir, servedPages(server.baseUrl)));
    const launched = await launchChrome();
    chrome = launched.chrome;
    browser = launched.browser;
    measured = await measurePages(server.baseUrl, launched.chrome.port, runs);
  } finally {
    await cleanUp();
  }
  // Measured with nothing else running (the browser and the server stopped).
  const hostMemoryMiBPerSecond = await measureMemoryTouchRate();

  const measuredAt = new Date().toISOString();
  const settings = measured.settings ?? {
    formFactor: "unknown",
    throttlingMethod: "unknown",
    throttling: { rttMs: 0, throughputKbps: 0, cpuSlowdownMultiplier: 1 },
  };
  const result: WebBenchResult = {
    kind: "web",
    measuredAt,
    commit: git(["rev-parse", "--short", "HEAD"]),
    uncommittedChanges: Boolean(git(["status", "--porcelain"])),
    lighthouseVersion: measured.lighthouseVersion ?? "unknown",
    browser,
    settings,
    runsPerPage: runs,
    aggregation: AGGREGATION,
    pages: measured.pages,
    bundles,
    hostMemoryMiBPerSecond,
    targets: checkWebTargets(measured.pages, bundles, {
      cpuSlowdownMultiplier: settings.throttling.cpuSlowdownMultiplier,
      benchmarkIndex: median(measured.pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex))),
      hostMemoryMiBPerSecond,
    }),
  };

  await writeResults("web", measuredAt, result, renderWebSummary(result));
}

main().catch((error: unknown) => {
  console.error(`bench:web failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
