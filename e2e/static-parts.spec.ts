import type { Page } from "@playwright/test";
import { paths } from "../src/domain/routes";
import { expect, test } from "./support/fixtures";

// Parts with only text and links are not hydrated (decision record 0035, src/web/ui/StaticPart.tsx): the
// served elements stay the very nodes the HTML made, and their links still work as the app's links do.

/** Marks the document and the given elements as served, before any script of the page runs. */
async function markServed(page: Page, selectors: string[]): Promise<void> {
  await page.addInitScript((wanted) => {
    (window as unknown as { servedDocument: boolean }).servedDocument = true;
    document.addEventListener("DOMContentLoaded", () => {
      for (const selector of wanted) document.querySelector(selector)?.setAttribute("data-served", "");
    });
  }, selectors);
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { servedDocument?: boolean }).servedDocument === true);
}

test("/states' table and the footer stay the served nodes; a state's link in the table opens in the app", async ({
  page,
}) => {
  await markServed(page, ["table", "footer", "footer a[href$='/about']"]);
  await page.goto(paths.states());
  // Hydrated, and still the elements the HTML made. (That the renderer never ran the rows is pinned by
  // src/web/ui/StaticPart.test.tsx; here, that the served parts work as the app's.)
  await expect(page.locator("table[data-served]")).toHaveCount(1);
  await expect(page.locator("footer[data-served]")).toHaveCount(1);
  // Before and at hydration, the page stays the one document: a link of the served table is followed by
  // the app, not by a new page load.
  await page.getByRole("table").getByRole("link", { name: "Lagos", exact: true }).click();
  await expect(page).toHaveURL(/\/states\/25$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lagos" })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  // The footer changed page with the address: its links lead from here now, drawn by the app.
  await expect(page.locator("footer[data-served]")).toHaveCount(0);
  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await sameDocument(page)).toBe(true);
});

test("a sort link of the served table keeps the scroll position and sorts in the app", async ({ page }) => {
  await markServed(page, ["table"]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(paths.states());
  const sortByState = page.getByRole("columnheader").first().getByRole("link");
  await sortByState.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  // The table comes sorted by state, A to Z: its heading's link sorts Z to A.
  await expect(page.getByRole("columnheader").first()).toHaveAttribute("aria-sort", "ascending");
  await sortByState.click();
  await expect(page).toHaveURL(/dir=descending/);
  await expect(page.getByRole("columnheader").first()).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("table").getByRole("rowheader").first()).toHaveText("Zamfara");
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(await sameDocument(page)).toBe(true);
});

test("a state page's findings, contacts and sources stay served; their links open in the app", async ({
  page,
}) => {
  await markServed(page, [
    "section[aria-labelledby='findings-heading']",
    "section[aria-labelledby='contact-heading']",
    "section[aria-labelledby='sources-heading']",
  ]);
  await page.goto(paths.state(25));
  await expect(page.locator("section[data-served]")).toHaveCount(3);
  const sources = page.locator("section[aria-labelledby='sources-heading']");
  await sources.getByRole("link", { name: "See every change" }).click();
  await expect(page).toHaveURL(/\/states\/25\/history$/);
  expect(await sameDocument(page)).toBe(true);
  // Back to the state: the app draws the page itself, and its sections hold the same words as served.
  await page.goBack();
  await expect(page).toHaveURL(/\/states\/25$/);
  await expect(sources.getByRole("heading", { name: "Sources" })).toBeVisible();
  await expect(page.locator("section[aria-labelledby='findings-heading'] li").first()).toBeVisible();
});

test("the served footer's language link loads the page in that language and remembers the choice", async ({
  page,
}) => {
  await page.goto(paths.states());
  await page.getByRole("contentinfo").getByRole("link", { name: "Hausa" }).click();
  await expect(page).toHaveURL(/\/ha\/states$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "lang")?.value).toBe("ha");
});

test("a school's facts and the open data page's sections stay served; their router links open in the app", async ({
  page,
}) => {
  await markServed(page, ["dl", "section[aria-labelledby='downloads']", "section[aria-labelledby='api']"]);
  await page.goto(paths.school(1));
  await expect(page.locator("dl[data-served]")).toHaveCount(1);
  const stateLink = page.locator("dl").getByRole("link").filter({ hasNotText: /\./ }).first();
  const stateHref = await stateLink.getAttribute("href");
  expect(stateHref).toMatch(/^\/states\/\d+$/);
  await stateLink.click();
  await expect(page).toHaveURL(new RegExp(`${stateHref}$`));
  expect(await sameDocument(page)).toBe(true);

  await page.goto(paths.openData());
  await expect(page.locator("section[data-served]")).toHaveCount(2);
  await page.locator("section[aria-labelledby='api']").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await sameDocument(page)).toBe(true);
});
