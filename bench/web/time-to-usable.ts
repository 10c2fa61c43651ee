import { chromium, type Browser } from "@playwright/test";
import { paths } from "../../src/domain/routes";
import { chromiumArgs, chromiumPath } from "../../e2e/support/chromium";
import { startBuiltServer, type BuiltServer } from "../../e2e/support/server";
import { git, writeResults } from "./results-files";
import { runsPerPage } from "./settings";
import {
  blockingTime,
  QUIET_AFTER_USABLE_MS,
  renderUsableSummary,
  slowPhone,
  usablePageResult,
  type UsableBenchResult,
  type UsableRun,
} from "./usable-summary";

// Part of `npm run bench:web` (after Lighthouse): how long a first visit on a slow phone waits between a
// page that looks usable (its first paint) and one that is (its controls answer). Each load is a new
// browser context (nothing cached, no service worker) with Chromium's own network and CPU throttling, so
// the JavaScript really arrives at 400 kbps and really runs 4× slower. It also sums each load's blocking
// time (long tasks over 50 ms after the first paint), which needs no trace. Writes bench/results/usable-*.

const pagesMeasured: readonly { name: string; path: string }[] = [
  { name: "Home", path: paths.home() },
  { name: "All states compared", path: paths.states() },
  { name: "State page (Lagos)", path: paths.state(25) },
  { name: "Open data", path: paths.openData() },
];

declare global {
  interface Window {
    /** performance.now() when `<html data-hydrated>` became "true" (set by the bench's init script). */
    __usableAt?: number;
    /** The latest largest-contentful-paint candidate's time (set by the bench's init script). */
    __largestPaintAt?: number;
    /** The page's long tasks so far (set by the bench's init script). */
    __longTasks?: { startTime: number; duration: number }[];
  }
}

async function loadOnce(browser: Browser, url: string): Promise<UsableRun> {
  const context = await browser.newContext({ viewport: slowPhone.viewport, serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const bytesPerSecond = (slowPhone.kilobitsPerSecond * 1000) / 8;
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: slowPhone.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowPhone.cpuSlowdown });
    // The moment the mark is set, seen by an observer rather than by polling (which would add its interval).
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (document.documentElement?.dataset.hydrated !== "true") return;
        window.__usableAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries()) window.__largestPaintAt = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      window.__longTasks = [];
      new PerformanceObserver((entries) => {
        for (const { startTime, duration } of entries.getEntries())
          window.__longTasks!.push({ startTime, duration });
      }).observe({ type: "longtask", buffered: true });
    });
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(
      () =>
        window.__usableAt !== undefined &&
        window.__largestPaintAt !== undefined &&
        performance.getEntriesByName("first-contentful-paint").length > 0,
      null,
      { timeout: 120_000 },
    );
    const run = await page.evaluate(() => ({
      firstContentfulPaintMs: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
      largestContentfulPaintMs: window.__largestPaintAt!,
      usableMs: window.__usableAt!,
    }));
    // The blocking time: once the page has had no long task for a while after it was usable (the after-load
    // modules, the routes its links lead to, arrive after it).
    await page.waitForFunction(
      (quietMs) => {
        const tasks = window.__longTasks ?? [];
        const last = tasks.at(-1);
        const busyUntil = Math.max(window.__usableAt ?? 0, last ? last.startTime + last.duration : 0);
        return performance.now() - busyUntil >= quietMs;
      },
      QUIET_AFTER_USABLE_MS,
      { timeout: 120_000, polling: 250 },
    );
    const longTasks = await page.evaluate(() => window.__longTasks ?? []);
    return { ...run, blockingMs: blockingTime(longTasks, run.firstContentfulPaintMs) };
  } finally {
    await context.close();
  }
}

async function main() {
  const runs = runsPerPage();
  let server: BuiltServer | undefined;
  let browser: Browser | undefined;
  const result: UsableBenchResult = { time: "", commit: "", browser: "", pages: [] };
  try {
    server = await startBuiltServer({ dataDirPrefix: "inclusion-atlas-bench-usable-" });
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
    result.browser = `Chromium ${browser.version()}`;
    for (const measured of pagesMeasured) {
      const loads: UsableRun[] = [];
      // Asked once first: the server renders and keeps the page on its first request.
      await (await fetch(server.baseUrl + measured.path)).arrayBuffer();
      for (let run = 0; run < runs; run++)
        loads.push(await loadOnce(browser, server.baseUrl + measured.path));
      result.pages.push(usablePageResult(measured.name, measured.path, loads));
    }
  } finally {
    await browser?.close();
    await server?.stop();
  }
  result.time = new Date().toISOString();
  const dirty = git(["status", "--porcelain"]) ? " with uncommitted changes" : "";
  result.commit = `${git(["rev-parse", "--short", "HEAD"])}${dirty}`;
  await writeResults("usable", result.time, result, renderUsableSummary(result));
}

main().catch((error: unknown) => {
  console.error(`time to usable failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
