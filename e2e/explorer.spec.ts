import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";
import { registerVerified, signIn } from "./support/accounts";
import { expect, expectNoAxeViolations, test } from "./support/fixtures";
import { verifiedReport } from "./support/reports";

// The explorer on /states and each state's page: one indicator at a time (law status, the year the law
// passed, schools listed by disability group, verified eyewitness reports) as chart, map or table. The year
// control drives the map and the sentence together, the views switch, the CSV download holds the table's
// rows, and a link opens the same view. Once on a phone by touch, once on a desktop by keyboard alone.

const explorer = (page: Page) => page.getByRole("region", { name: "Explore the data" });
const summary = (page: Page) => page.getByTestId("explorer-summary");
const slider = (page: Page) => explorer(page).getByRole("slider", { name: "Year" });
const passedOnMap = (page: Page) => page.getByTestId("spread-map").locator('[data-class="passed"]');
const indicators = (page: Page) => explorer(page).getByRole("navigation", { name: "Indicator" });
const groups = (page: Page) => explorer(page).getByRole("navigation", { name: "Disability group" });

/**
 * The explorer scrolled into view and interactive: an island, its code is fetched only once it comes near
 * the screen (ExplorerSection.tsx), and its buttons show once it has hydrated.
 */
async function explorerReady(page: Page) {
  await explorer(page).scrollIntoViewIfNeeded();
  await expect(explorer(page)).toHaveAttribute("data-interactive", "true");
}

/** The CSV a download button gives, as rows of cells (RFC 4180: a quoted cell may hold a comma). */
async function downloadedCsv(
  page: Page,
  press: () => Promise<void>,
  name: RegExp = /^law-spread-.*\.csv$/,
): Promise<string[][]> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent("download"), press()]);
  expect(download.suggestedFilename()).toMatch(name);
  const text = await readFile(await download.path(), "utf8");
  return text
    .trimEnd()
    .split("\r\n")
    .map((line) =>
      [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((cell) =>
        cell[1] !== undefined ? cell[1].replaceAll('""', '"') : (cell[2] ?? ""),
      ),
    );
}

/** The table's rows as the CSV writes them (a state list joined with "; " instead of ", "). */
async function tableRows(table: Locator): Promise<string[][]> {
  const rows = await table.locator("tbody tr").all();
  return Promise.all(
    rows.map(async (row) =>
      (await row.locator("th, td").allTextContents()).map((cell, index) =>
        // The first column names the row (a year, a status, a state); the others may list states.
        index === 0 ? cell : cell.replaceAll(", ", "; "),
      ),
    ),
  );
}

test.describe("on a desktop, by keyboard alone", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the year control moves map and sentence, the views switch, and the link keeps them", async ({
    page,
  }) => {
    await page.goto("/states");
    await explorerReady(page);
    await expect(summary(page)).toHaveText(/^By 2026, 26 states had passed a law\./);
    // Into the explorer by keyboard: from its first control on.
    await explorer(page).getByRole("button", { name: "Chart", exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(explorer(page).getByRole("button", { name: "Map", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("spread-map")).toBeVisible();
    await expect(page).toHaveURL(/[?&]view=map/);

    await page.keyboard.press("Tab"); // Table
    await page.keyboard.press("Tab"); // One year earlier
    await page.keyboard.press("Tab"); // the slider
    await expect(slider(page)).toBeFocused();
    await page.keyboard.press("Home");
    await expect(summary(page)).toHaveText("By 2005, 1 state had passed a law. Which: Plateau.");
    await expect(passedOnMap(page)).toHaveCount(1);
    for (let step = 0; step < 10; step++) await page.keyboard.press("ArrowRight");
    await expect(summary(page)).toHaveText(
      "By 2015, 3 states had passed a law. Which: Lagos, Plateau, Rivers.",
    );
    await expect(page.getByTestId("spread-map")).toHaveAttribute("data-year", "2015");
    await expect(passedOnMap(page)).toHaveCount(3);
    await expect(explorer(page).locator("output")).toHaveText("2015");
    await page.keyboard.press("Tab"); // One year later
    await page.keyboard.press("Enter");
    await expect(summary(page)).toHaveText(/^By 2016, 5 states had passed a law\./);
    await expect(passedOnMap(page)).toHaveCount(5);
    await expect(page).toHaveURL(/[?&]year=2016/);
    await expectNoAxeViolations(page, "the map view");

    // A link shows the same view and year.
    await page.goto(page.url());
    await explorerReady(page);
    await expect(page.getByTestId("spread-map")).toHaveAttribute("data-year", "2016");
    await expect(summary(page)).toHaveText(/^By 2016, 5 states/);

    await explorer(page).getByRole("button", { name: "Table", exact: true }).focus();
    await page.keyboard.press("Enter");
    const table = explorer(page).getByRole("table", { name: "States with a passed disability law, by year" });
    await expect(table).toBeVisible();
    await expect(page.getByTestId("spread-map")).toHaveCount(0);
    await expectNoAxeViolations(page, "the table view");

    await explorer(page).getByRole("button", { name: "CSV (the table's rows)" }).focus();
    const csv = await downloadedCsv(page, () => page.keyboard.press("Enter"));
    expect(csv[0]).toEqual(["Year", "Passed that year", "States with a law by the end of the year"]);
    expect(csv.slice(1)).toEqual(await tableRows(table));
    expect(csv).toContainEqual(["2016", "Jigawa; Kwara", "5"]);
  });

  test("the law status by keyboard, as chart, map and table, and its CSV", async ({ page }) => {
    await page.goto("/states");
    await explorerReady(page);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await indicators(page).getByRole("link", { name: "Law status" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]indicator=status/);
    await expect(indicators(page).getByRole("link", { name: "Law status" })).toBeFocused();
    await expect(indicators(page).getByRole("link", { name: "Law status" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(summary(page)).toHaveText(
      "Of the 37 states, 30 have passed a disability law, 3 await the Governor's assent, 1 is at second reading and 3 have no law yet.",
    );
    await expect(page.getByTestId("explorer-chart").locator("[data-bar]")).toHaveCount(4);
    await expectNoAxeViolations(page, "law status as a chart");

    // Chart, then Tab to Map and Table, as the buttons come in reading order.
    await explorer(page).getByRole("button", { name: "Chart", exact: true }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const statusMap = page.getByTestId("explorer-map");
    await expect(statusMap.locator('[data-class="passed"]')).toHaveCount(30);
    await expect(statusMap.locator('[data-class="pending"]')).toHaveCount(3);
    await expect(statusMap).toContainText("Second reading (1)");
    await expectNoAxeViolations(page, "law status as a map");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const statusTable = explorer(page).getByRole("table", { name: "Disability law status by state" });
    await expect(statusTable).toBeVisible();
    await expectNoAxeViolations(page, "law status as a table");
    await explorer(page).getByRole("button", { name: "CSV (the table's rows)" }).focus();
    const statusCsv = await downloadedCsv(
      page,
      () => page.keyboard.press("Enter"),
      /^law-status-table-.*\.csv$/,
    );
    expect(statusCsv[0]).toEqual(["Law status", "Number of states", "States"]);
    expect(statusCsv.slice(1)).toEqual(await tableRows(statusTable));
    expect(statusCsv.slice(1).map((row) => row[1])).toEqual(["30", "3", "1", "3"]);
  });

  test("the schools of one disability group by keyboard, as table, chart and map, and a link keeps them", async ({
    page,
  }) => {
    await page.goto("/states?indicator=schools&view=table");
    await explorerReady(page);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // Schools, for deaf and hard-of-hearing learners: the group is a link too.
    await indicators(page).getByRole("link", { name: "Schools listed" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]indicator=schools/);
    await groups(page).getByRole("link", { name: "Hearing" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]group=hearing/);
    await expect(summary(page)).toHaveText(
      /^\d+ schools are listed for deaf and hard-of-hearing learners in \d+ states; the most in Lagos \(\d+\)\.$/,
    );
    const schoolsTable = explorer(page).getByRole("table", { name: "Schools listed by state: Hearing" });
    await expect(schoolsTable.locator("tbody tr")).toHaveCount(37);
    await expectNoAxeViolations(page, "schools as a table");
    await explorer(page).getByRole("button", { name: "CSV (the table's rows)" }).focus();
    const schoolsCsv = await downloadedCsv(
      page,
      () => page.keyboard.press("Enter"),
      /^schools-hearing-table-.*\.csv$/,
    );
    expect(schoolsCsv[0]).toEqual(["State", "Schools listed: Hearing"]);
    expect(schoolsCsv.slice(1)).toEqual(await tableRows(schoolsTable));
    await explorer(page).getByRole("button", { name: "Chart", exact: true }).focus();
    await page.keyboard.press("Enter");
    const bars = page.getByTestId("explorer-chart").locator("[data-bar]");
    await expect(bars).toHaveCount(37);
    await expect(bars.first()).toContainText("Lagos");
    await expectNoAxeViolations(page, "schools as a chart");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("explorer-map").locator("[data-class]")).toHaveCount(37);
    await expectNoAxeViolations(page, "schools as a map");

    // A link shows the same indicator, group and view.
    await page.goto(page.url());
    await explorerReady(page);
    await expect(page.getByTestId("explorer-map")).toBeVisible();
    await expect(groups(page).getByRole("link", { name: "Hearing" })).toHaveAttribute("aria-current", "true");
    await expect(summary(page)).toHaveText(/for deaf and hard-of-hearing learners/);
  });

  test("the verified reports by keyboard, a report verified a moment ago counted", async ({
    page,
    request,
  }) => {
    // A report verified in Edo (state 12, which no other spec places a report in) while the page is kept.
    await page.goto("/states?indicator=reports&view=table");
    await explorerReady(page);
    const edoRow = explorer(page).getByRole("row", { name: /^Edo \d+$/ });
    const edoBefore = Number(await edoRow.getByRole("cell").textContent());
    const reporter = await registerVerified(request, "Osaro", "Reporter");
    const signedIn = await signIn(request, reporter.email, reporter.password);
    await verifiedReport(request, signedIn, {
      comment: `The ramp to the hall is too steep, ${Date.now()}.`,
      stateId: "12",
      lga: "Egor",
    });

    await page.goto("/states?indicator=schools&view=map");
    await explorerReady(page);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // The verified reports, the one verified a moment ago counted.
    await indicators(page).getByRole("link", { name: "Verified eyewitness reports" }).focus();
    await page.keyboard.press("Enter");
    await expect(summary(page)).toHaveText(
      /verified eyewitness reports? comes? from \d+ states?; the most from /,
    );
    await expect(page.getByTestId("explorer-map").locator('[data-code="NG-ED"]')).not.toHaveAttribute(
      "data-class",
      "class-0",
    );
    await expectNoAxeViolations(page, "verified reports as a map");
    await explorer(page).getByRole("button", { name: "Chart", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("explorer-chart").locator("[data-bar]")).toHaveCount(37);
    await expectNoAxeViolations(page, "verified reports as a chart");
    await explorer(page).getByRole("button", { name: "Table", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(edoRow.getByRole("cell")).toHaveText(String(edoBefore + 1));
    await expectNoAxeViolations(page, "verified reports as a table");
    const reportsTable = explorer(page).getByRole("table", { name: "Verified eyewitness reports by state" });
    await explorer(page).getByRole("button", { name: "CSV (the table's rows)" }).focus();
    const reportsCsv = await downloadedCsv(
      page,
      () => page.keyboard.press("Enter"),
      /^verified-reports-table-.*\.csv$/,
    );
    expect(reportsCsv[0]).toEqual(["State", "Verified eyewitness reports"]);
    expect(reportsCsv.slice(1)).toEqual(await tableRows(reportsTable));
    expect(reportsCsv).toContainEqual(["Edo", String(edoBefore + 1)]);
    await expect(explorer(page)).toContainText("Verified eyewitness reports [Data set], version");
  });
});

test.describe("on a phone, by touch", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the year buttons move map and sentence, and the chart downloads as a picture", async ({ page }) => {
    await page.goto("/states?view=chart");
    await explorerReady(page);
    await expect(page.getByTestId("spread-chart")).toBeVisible();
    await explorer(page).getByRole("button", { name: "Map", exact: true }).tap();
    await expect(page.getByTestId("spread-map")).toBeVisible();
    const earlier = explorer(page).getByRole("button", { name: "One year earlier" });
    for (let year = 2025; year >= 2018; year--) {
      await earlier.tap();
      await expect(explorer(page).locator("output")).toHaveText(String(year));
    }
    await expect(summary(page)).toHaveText(/^By 2018, 10 states had passed a law\./);
    await expect(passedOnMap(page)).toHaveCount(10);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, "the map on a phone");

    await explorer(page).getByRole("button", { name: "Chart", exact: true }).tap();
    await expect(page.getByTestId("spread-chart-mark")).toContainText("2018: 10");
    const [png] = await Promise.all([
      page.waitForEvent("download"),
      explorer(page).getByRole("button", { name: "PNG picture" }).tap(),
    ]);
    const bytes = await readFile(await png.path());
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");

    await explorer(page).getByRole("button", { name: "Table", exact: true }).tap();
    const table = explorer(page).getByRole("table");
    const csv = await downloadedCsv(page, () =>
      explorer(page).getByRole("button", { name: "CSV (the table's rows)" }).tap(),
    );
    expect(csv.slice(1)).toEqual(await tableRows(table));
  });

  test("the schools of a disability group on the map, the chart as a picture, the reports as CSV", async ({
    page,
  }) => {
    await page.goto("/states?indicator=schools");
    await explorerReady(page);
    await groups(page).getByRole("link", { name: "Visual" }).tap();
    await expect(page).toHaveURL(/[?&]group=visual/);
    await expect(summary(page)).toHaveText(
      /^\d+ schools are listed for blind and partially sighted learners/,
    );
    await explorer(page).getByRole("button", { name: "Map", exact: true }).tap();
    await expect(page.getByTestId("explorer-map")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, "schools on the map on a phone");
    await explorer(page).getByRole("button", { name: "Chart", exact: true }).tap();
    const [svg] = await Promise.all([
      page.waitForEvent("download"),
      explorer(page).getByRole("button", { name: "SVG picture" }).tap(),
    ]);
    expect(svg.suggestedFilename()).toMatch(/^schools-visual-chart-.*\.svg$/);
    expect(await readFile(await svg.path(), "utf8")).toContain("Schools listed by state: Visual");
    const [png] = await Promise.all([
      page.waitForEvent("download"),
      explorer(page).getByRole("button", { name: "PNG picture" }).tap(),
    ]);
    expect((await readFile(await png.path())).subarray(1, 4).toString("latin1")).toBe("PNG");

    await indicators(page).getByRole("link", { name: "Law status" }).tap();
    await expect(page.getByTestId("explorer-chart")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await indicators(page).getByRole("link", { name: "Verified eyewitness reports" }).tap();
    await explorer(page).getByRole("button", { name: "Table", exact: true }).tap();
    const table = explorer(page).getByRole("table", { name: "Verified eyewitness reports by state" });
    const csv = await downloadedCsv(
      page,
      () => explorer(page).getByRole("button", { name: "CSV (the table's rows)" }).tap(),
      /^verified-reports-table-.*\.csv$/,
    );
    expect(csv.slice(1)).toEqual(await tableRows(table));
    expect(csv).toHaveLength(38);
  });
});

test.describe("an island on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("its code comes after the page is interactive, it hydrates only when it nears the screen, and as served", async ({
    page,
  }) => {
    const fetched: string[] = [];
    const explorerCode = /^\/assets\/(Explorer|_virtual_nigeria-map)-/;
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (explorerCode.test(url.pathname)) fetched.push(url.pathname);
    });
    // When the page said it was interactive, seen by an observer (as the usable bench does).
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (document.documentElement?.dataset.hydrated !== "true") return;
        (window as { __usableAt?: number }).__usableAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
    });
    // Neither the renderer's text markers nor a <noscript>'s content (which no renderer hydrates) count.
    const withoutMarkers = (element: Element) =>
      element.innerHTML.replace(/<!--.*?-->/g, "").replace(/<noscript>[\s\S]*?<\/noscript>/g, "<noscript>");
    await page.goto("/states/25?view=map&year=2011");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // Well below the first screen (a screen's height ahead is when it hydrates).
    const top = await explorer(page).evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(2 * 740);
    // Fetched once the page had loaded, after it was interactive, so a visitor can read it offline later.
    // Resource timing lists a file once it has arrived, which is after its request event.
    const timings = () =>
      page.evaluate((pattern) => {
        const code = new RegExp(pattern);
        return {
          usableAt: (window as { __usableAt?: number }).__usableAt ?? Number.POSITIVE_INFINITY,
          asked: performance
            .getEntriesByType("resource")
            .filter((entry) => code.test(new URL(entry.name).pathname))
            .map((entry) => entry.startTime),
        };
      }, explorerCode.source);
    await expect.poll(async () => (await timings()).asked.length).toBe(2);
    const { usableAt, asked } = await timings();
    expect(asked).toHaveLength(2);
    for (const startTime of asked) expect(startTime).toBeGreaterThan(usableAt);
    // Fetched, not run: still the served HTML, its buttons hidden.
    await expect(explorer(page)).not.toHaveAttribute("data-interactive", "true");
    await expect(explorer(page).getByRole("button", { name: "Table", exact: true })).toBeHidden();
    const served = await explorer(page).evaluate(withoutMarkers);

    await explorer(page).scrollIntoViewIfNeeded();
    await expect(explorer(page)).toHaveAttribute("data-interactive", "true");
    expect(fetched.sort()).toEqual([
      expect.stringMatching(/^\/assets\/Explorer-/),
      expect.stringMatching(/^\/assets\/_virtual_nigeria-map-/),
    ]);
    expect(await explorer(page).evaluate(withoutMarkers)).toBe(served);
    await expect(page.getByRole("region", { name: "Explore the data" })).toHaveCount(1);
    await explorer(page).getByRole("button", { name: "Table", exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=table/);
    await expect(
      explorer(page).getByRole("table", { name: "States with a passed disability law, by year" }),
    ).toBeVisible();
  });

  test("a query the table changed before it hydrated renders it anew, as the address now asks", async ({
    page,
  }) => {
    await page.goto("/states?indicator=schools&view=map");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(explorer(page)).toHaveAttribute("data-indicator", "schools");
    // The table's sort leaves the page as it is and writes its own query, without the explorer's.
    await page.getByRole("link", { name: /^Year passed/ }).click();
    await expect(page).toHaveURL(/\/states\?sort=year$/);
    await explorerReady(page);
    await expect(explorer(page)).toHaveAttribute("data-indicator", "spread");
    await expect(explorer(page)).toHaveAttribute("data-view", "chart");
    await expect(indicators(page).getByRole("link", { name: "Year the law passed" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(indicators(page).getByRole("link", { name: "Schools listed" })).not.toHaveAttribute(
      "aria-current",
    );
    await expect(explorer(page).getByRole("button", { name: "Chart", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByRole("region", { name: "Explore the data" })).toHaveCount(1);
  });

  test("a page the app renders itself fetches it at once", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("link", { name: "Compare all states" }).first().click();
    await expect(page).toHaveURL(/\/states$/);
    await expect(explorer(page)).toHaveAttribute("data-interactive", "true");
    await expect(summary(page)).toHaveText(/^By 2026, 26 states had passed a law\./);
  });
});

test("the server's page carries the sentence and, for a page without JavaScript, the table by year", async ({
  request,
}) => {
  const html = await (await request.get("/states?year=2015")).text();
  expect(html).toContain("By 2015, 3 states had passed a law.");
  expect(html).toMatch(/<noscript>.*States with a passed disability law, by year.*<\/noscript>/s);
});

test("a state's page shows the explorer with the state outlined, in the view its link names", async ({
  page,
}) => {
  await page.goto("/states/25?view=map&year=2011");
  await explorerReady(page);
  await expect(summary(page)).toHaveText("By 2011, 2 states had passed a law. Which: Lagos, Plateau.");
  await expect(page.getByTestId("spread-map")).toHaveAttribute("data-year", "2011");
  await expect(explorer(page).getByText(/ is outlined\.$/)).toBeVisible();
  await expectNoAxeViolations(page, "the explorer on a state's page");
});

test("without JavaScript, the indicators are links to the server's page of each, with its table", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/states");
  await indicators(page).getByRole("link", { name: "Schools listed" }).click();
  await expect(page).toHaveURL(/\?indicator=schools&view=chart$/);
  await groups(page).getByRole("link", { name: "Autism" }).click();
  await expect(page).toHaveURL(/\?indicator=schools&view=chart&group=autism$/);
  await expect(summary(page)).toHaveText(/^\d+ schools are listed for autistic learners/);
  await expect(explorer(page).getByRole("table", { name: "Schools listed by state: Autism" })).toBeVisible();
  await context.close();
});

test("a state's page marks the state in each indicator's view", async ({ page }) => {
  await page.goto("/states/25?indicator=schools&view=map");
  await explorerReady(page);
  await expect(page.getByTestId("map-highlight")).toBeAttached();
  await expect(
    explorer(page).getByText(/^Lagos: \d+ schools listed for learners with any disability\.$/),
  ).toBeVisible();
  await expectNoAxeViolations(page, "schools on a state's page");
  await page.goto("/states/25?indicator=status&view=table");
  await explorerReady(page);
  await expect(explorer(page).locator("tbody tr[aria-current=true]")).toContainText("Passed");
  await expect(explorer(page).getByText("Lagos: Passed.")).toBeVisible();
});
