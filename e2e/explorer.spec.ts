import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./support/fixtures";

// "How the laws spread" on /states: the year control drives the map and the sentence together,
// Chart / Map / Table switch, the CSV download holds the table's rows, and a link opens the same view. Once
// on a phone by touch, once on a desktop by keyboard alone.

const explorer = (page: Page) => page.getByRole("region", { name: "How the laws spread" });
const summary = (page: Page) => page.getByTestId("spread-summary");
const slider = (page: Page) => explorer(page).getByRole("slider", { name: "Year" });
const passedOnMap = (page: Page) => page.getByTestId("spread-map").locator('[data-spread="passed"]');

/** The CSV a download button gives, as rows of cells (no cell of this table holds a comma). */
async function downloadedCsv(page: Page, press: () => Promise<void>): Promise<string[][]> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent("download"), press()]);
  expect(download.suggestedFilename()).toMatch(/^law-spread-.*\.csv$/);
  const text = await readFile(await download.path(), "utf8");
  return text
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
}

/** The table's rows as the CSV writes them (a state list joined with "; " instead of ", "). */
async function tableRows(table: Locator): Promise<string[][]> {
  const rows = await table.locator("tbody tr").all();
  return Promise.all(
    rows.map(async (row) =>
      (await row.locator("th, td").allTextContents()).map((cell) => cell.replaceAll(", ", "; ")),
    ),
  );
}

test.describe("on a desktop, by keyboard alone", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the year control moves map and sentence, the views switch, and the link keeps them", async ({
    page,
  }) => {
    await page.goto("/states");
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
});

test.describe("on a phone, by touch", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the year buttons move map and sentence, and the chart downloads as a picture", async ({ page }) => {
    await page.goto("/states?view=chart");
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
  await expect(summary(page)).toHaveText("By 2011, 2 states had passed a law. Which: Lagos, Plateau.");
  await expect(page.getByTestId("spread-map")).toHaveAttribute("data-year", "2011");
  await expect(explorer(page).getByText(/ is outlined\.$/)).toBeVisible();
  await expectNoAxeViolations(page, "the explorer on a state's page");
});
