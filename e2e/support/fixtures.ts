import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

// Every test runs against the server started in global-setup.ts and fails on any console error or
// uncaught exception in the page.
export const test = base.extend<{ pageErrors: string[] }>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: run through playwright test (global setup).");
    await use(url);
  },
  // Pages hydrate after their first paint: navigation waits until the page is interactive, as a person would.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      return response;
    };
    await use(page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors = await watchPageErrors(page);
      await use(errors);
      expect(errors, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Collects the page's uncaught exceptions, console errors and CSP violations into the returned list, as
 * the fixture does for `page` (for pages a test opens in contexts of its own).
 */
export async function watchPageErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  // The stack's first frames say where an unhandled rejection came from (a DOMException's is where it was made).
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}${stackFrames(error.stack)}`));
  // A Content-Security-Policy violation is a bug even when the page goes on working.
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`),
    ),
  );
  page.on("console", (message) => {
    if (message.type() === "error" && !isExpectedResourceError(message.text())) {
      errors.push(`console.error: ${message.text()}`);
    }
  });
  return errors;
}

function stackFrames(stack: string | undefined): string {
  const frames = (stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? `\n${frames.slice(0, 8).join("\n")}` : "";
}

// A page that answers 404 on purpose (the not-found page) makes Chromium log the failed document load.
function isExpectedResourceError(text: string): boolean {
  return /Failed to load resource: the server responded with a status of 404/.test(text);
}

export { expect };

/**
 * Chromium logs every API answer of 400 and above as a failed resource load. Those a test causes on purpose
 * (a wrong password, a refused upload) are taken off the fixture's list of page errors; anything else
 * still fails the test.
 */
export function allowFailedLoads(pageErrors: string[], statuses: number[]) {
  const expected = new RegExp(
    `Failed to load resource: the server responded with a status of (${statuses.join("|")})`,
  );
  const rest = pageErrors.filter((error) => !expected.test(error));
  pageErrors.splice(0, pageErrors.length, ...rest);
}

/**
 * The home page's content after an in-app link: its code (the map, the charts) is fetched and rendered
 * only then. Measured on a quiet machine from the click, 1.0 s, and 1.8 s with the CPU slowed 8×; in a CI
 * run under load 13 on two cores it once took more than the 7 s expect timeout (the page still showed
 * "Loading…", every file fetched). So it has a cap of its own; the wait still ends as soon as it is there.
 */
export async function expectHomeContent(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    /have some difficulty in a basic activity/,
    {
      timeout: 30_000,
    },
  );
}

export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

// axe-core runs in the page itself, put there once per document. Its Playwright wrapper put its 0.5 MB
// source into the page again at every check, then opened a blank page, put the source there too and
// merged the results in it: 2 to 4 s a check on a quiet two-core machine, and 11 to 18 s beside the rest of
// the suite, for some 130 checks; in the page, 0.3 to 0.8 s. The pages hold no frames, the one thing the
// wrapper's merging was for.
let axeSource: string | undefined;

// The part of axe-core's API the check uses, typed here rather than on the global Window (which the web
// app's code shares).
type AxeInPage = { run: (context: Document, options: RunOptions) => Promise<AxeResults> };

/** Runs axe on the page as it is now and expects zero violations. */
export async function expectNoAxeViolations(page: Page, label?: string): Promise<void> {
  // (The callbacks run in the page, so each names the type itself.)
  if (!(await page.evaluate(() => (window as Window & { axe?: AxeInPage }).axe !== undefined))) {
    axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    await page.evaluate(axeSource);
  }
  const summary = await page.evaluate(async (tags) => {
    const axe = (window as Window & { axe?: AxeInPage }).axe;
    if (!axe) throw new Error("axe-core is not in the page: it was left while the check began");
    const results = await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      // Passes and incomplete checks are not read: their details are not gathered.
      resultTypes: ["violations"],
    });
    return results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  }, axeTags);
  expect(summary, label ?? "axe violations").toEqual([]);
}

/** Nothing is wider than the screen: the page scrolls only downwards (polled: layouts settle after load). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      { message: "horizontal overflow of the page in px" },
    )
    .toBeLessThanOrEqual(0);
}
