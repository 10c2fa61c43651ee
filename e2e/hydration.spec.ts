import type { APIRequestContext, Browser } from "@playwright/test";
import { paths } from "../src/domain/routes";
import { localizePath } from "../src/i18n/languages";
import { registerVerified, signIn } from "./support/accounts";
import { verifiedReport } from "./support/reports";
import { expect, test as base, watchPageErrors } from "./support/fixtures";
import {
  firstDifference,
  installHydrationSnapshot,
  partsAtHydrationAndServed,
  type PageParts,
} from "./support/hydration";

// Every kind of page hydrates without a mismatch, whatever renders in the browser (decision record 0016),
// in each of the five languages: the DOM at the moment the page marks itself hydrated equals, part by part
// (head, site header, main, footer), the HTML the server sent, attributes included; and no page logs an
// error. Client-rendered pages (the dashboard, a verified report) are the app shell: its head as served
// must still be there, in order, once hydrated (the client may add to it, never change or drop a tag),
// and a report's title and link-preview tags with it. See docs/data-desk-pages.md. No server-rendered page
// makes an Intl.NumberFormat while it hydrates (a browser's first one is a long task of its own; the
// browser's build writes Lingui's counts with the product's formatter, scripts/vite-plugin-lingui-numbers.ts),
// and the counts it writes instead are the server's, the comparison says. Nor does it move its stylesheet's
// <link> (src/server/site/defer-hydration.ts).

const languages = ["en", "ha", "yo", "ig", "pcm"] as const;

/** Pages the server renders: compared part by part. */
const renderedPages = [
  { kind: "home", path: paths.home() },
  // The page as served knows no query (it is kept by path); the state is shown once hydrated.
  { kind: "home with a state", path: paths.homeWithState("kano") },
  { kind: "state", path: paths.state(25) },
  { kind: "school", path: paths.school(1) },
  // Rendered for the filters in its address (pageQuery), so the served list is the hydrated one.
  { kind: "school results", path: paths.schools("?state=kano&group=hearing") },
  { kind: "states", path: paths.states() },
  { kind: "open data", path: paths.openData() },
];

/** Pages sent as the app shell and rendered in the browser. */
const shellPages = [
  { kind: "dashboard", path: paths.dashboard() },
  { kind: "data desk", path: paths.dataDesk() },
];

const test = base.extend<object, { reportId: string }>({
  reportId: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      await use(await verifiedYobeReport(request));
      await request.dispose();
    },
    { scope: "worker" },
  ],
});

/** A verified report from Damaturu (state 36, which no other spec uses). */
async function verifiedYobeReport(request: APIRequestContext): Promise<string> {
  const account = await registerVerified(request, "Aisha", "Reporter");
  const reporter = await signIn(request, account.email, account.password);
  // No place names in the text: the review would ask to confirm them.
  const comment = `The school gate has steps and no ramp, ${Date.now()}.`;
  return verifiedReport(request, reporter, { comment, stateId: "36", lga: "Damaturu" });
}

/** Every part's first difference, as one readable message per part, or an empty list. */
function differences(served: PageParts, hydrated: PageParts, parts: string[]): string[] {
  return parts.flatMap((part) => {
    const difference = firstDifference(served[part] ?? [], hydrated[part] ?? []);
    return difference ? [`<${part}> ${difference}`] : [];
  });
}

/** `served` appears in `hydrated` in the same order, other lines allowed between: nothing changed or lost. */
function missingFrom(served: string[], hydrated: string[]): string[] {
  // Paths number an element among its siblings, which added tags shift: compare tags and attributes only.
  const tag = (line: string) => line.replace(/^[^:]*: /, "");
  let at = 0;
  const missing: string[] = [];
  for (const line of served) {
    const found = hydrated.findIndex((candidate, index) => index >= at && tag(candidate) === tag(line));
    if (found === -1) missing.push(line);
    else at = found + 1;
  }
  return missing;
}

async function visitEach(browser: Browser, language: string, reportId: string) {
  // A fresh context: no session or stored state changes what the page shows.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  const errors = await watchPageErrors(page);
  await installHydrationSnapshot(page);
  await page.addInitScript(() => {
    let made = 0;
    Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
      construct: (target, args: ConstructorParameters<typeof Intl.NumberFormat>) => {
        made += 1;
        return new target(...args);
      },
      apply: (target, _this, args: ConstructorParameters<typeof Intl.NumberFormat>) => {
        made += 1;
        return target(...args);
      },
    });
    Object.assign(window, { numberFormatsMade: () => made });
    // A stylesheet's <link> taken out and put back (as the renderer moves an element to its place) costs the
    // page its styles and layout computed again.
    let stylesheetMoves = 0;
    const insertBefore = Node.prototype.insertBefore;
    Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
      if (node instanceof HTMLLinkElement && node.rel === "stylesheet" && node.isConnected)
        stylesheetMoves += 1;
      return insertBefore.call(this, node, child) as T;
    };
    Object.assign(window, { stylesheetMoves: () => stylesheetMoves });
  });
  const problems: string[] = [];

  for (const { kind, path } of renderedPages) {
    const url = localizePath(path, language);
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    const { served, hydrated } = await partsAtHydrationAndServed(page, await response!.text());
    expect(served.main?.length, `${url} has a <main> with content`).toBeGreaterThan(1);
    const numberFormats = await page.evaluate(() =>
      (window as unknown as { numberFormatsMade(): number }).numberFormatsMade(),
    );
    if (numberFormats > 0)
      problems.push(`${kind} (${url}): made ${numberFormats} Intl.NumberFormat as it hydrated`);
    const moves = await page.evaluate(() =>
      (window as unknown as { stylesheetMoves(): number }).stylesheetMoves(),
    );
    if (moves > 0)
      problems.push(`${kind} (${url}): moved its stylesheet's <link> ${moves} times as it hydrated`);
    for (const difference of differences(served, hydrated, ["head", "header", "main", "footer"])) {
      problems.push(`${kind} (${url}): ${difference}`);
    }
  }

  for (const { kind, path } of [
    ...shellPages,
    { kind: "verified report", path: paths.publishedReport(reportId) },
  ]) {
    const url = localizePath(path, language);
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    const { served, hydrated } = await partsAtHydrationAndServed(page, await response!.text());
    // The <title> is the one tag a client-rendered page sets itself, once it renders (a report's, below).
    const withoutTitle = (lines: string[] = []) => lines.filter((line) => !/^head > title\[/.test(line));
    for (const line of missingFrom(withoutTitle(served.head), withoutTitle(hydrated.head))) {
      problems.push(`${kind} (${url}): <head> lost or changed ${line}`);
    }
    if (kind === "verified report") {
      // The server wrote the report's own tags, which the check above found still there; its title is the
      // report's again once the report has loaded (in the page's language, naming the state).
      expect(
        served.head?.filter((line) => /property="og:(title|description|image)"/.test(line)),
      ).toHaveLength(3);
      const title = served.head?.find((line) => line.startsWith("head > title[") && line.includes("#text"));
      if (language === "en")
        await expect(page).toHaveTitle(JSON.parse(title!.replace(/^[^:]*: /, "")) as string);
      else await expect(page).toHaveTitle(/Yobe/);
    }
  }

  await context.close();
  expect([...problems, ...errors], `mismatches and errors in ${language}`).toEqual([]);
}

for (const language of languages) {
  test(`every kind of page hydrates without a mismatch in ${language}`, async ({ browser, reportId }) => {
    test.slow();
    await visitEach(browser, language, reportId);
  });
}
