import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { paths } from "../src/domain/routes";
import { expect, expectNoAxeViolations, test } from "./support/fixtures";

// The school results page (/schools?state=kano&group=hearing): on a 360 × 740 touch screen the filters fold
// into one "Filters (n)" control so the first school is on the first screen, Reset clears every filter and
// "Download these schools" gives the rows shown; at 1280 × 800 by keyboard alone, applying the filters
// moves focus to the result summary (a live region), and a school's "Back to results" returns to the same
// address. Without JavaScript the filters are a plain GET form. axe finds nothing on any of it.

const kanoDeaf = paths.schools("?state=kano&group=hearing");

const summary = (page: Page) => page.getByRole("status").filter({ hasText: /inclusive schools? found/ });
const fold = (page: Page) => page.locator("form summary");
const results = (page: Page) => page.getByRole("list", { name: "Schools found" }).getByRole("heading");

/** The number at the start of the summary ("9 inclusive schools found"). */
async function countIn(page: Page): Promise<number> {
  const text = (await summary(page).textContent()) ?? "";
  const match = /(\d+) inclusive schools? found/.exec(text);
  if (!match) throw new Error(`no count in the summary: ${text}`);
  return Number(match[1]);
}

/** Presses Tab until `target` has focus, at most `most` times. */
async function tabTo(page: Page, target: Locator, most = 40): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("not reached by Tab");
}

test.describe("at 360 × 740 with touch", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the filters fold into one Filters (2) control and the first school is on the first screen", async ({
    page,
  }) => {
    await page.goto(kanoDeaf);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schools in Kano");
    await expect(fold(page)).toHaveText("Filters (2)");
    await expect(page.getByLabel("Disability group")).toBeHidden();
    const first = results(page).first();
    await expect(first).toBeVisible();
    const box = await first.boundingBox();
    expect(box, "the first school's heading has a box").not.toBeNull();
    expect(box!.y + box!.height, "the first school's name ends above the fold").toBeLessThanOrEqual(740);

    await fold(page).tap();
    await expect(page.getByLabel("Disability group")).toBeVisible();
    await expect(page.getByLabel("Disability group")).toHaveValue("hearing");
    await expect(page.getByLabel("State", { exact: true })).toHaveValue("kano");
    await expectNoAxeViolations(page, "results on a phone, filters open");
  });

  test("Reset clears every filter, the disability group, boarding and ownership included", async ({
    page,
  }) => {
    await page.goto(
      paths.schools("?state=kano&lga=dala&group=hearing&boarding=day&ownership=public&type=special"),
    );
    await expect(fold(page)).toHaveText("Filters (6)");
    await fold(page).tap();
    await page.getByRole("link", { name: "Reset" }).tap();
    await expect(page).toHaveURL(/\/schools$/);
    await expect(fold(page)).toHaveText("Filters (0)");
    await fold(page).tap();
    for (const label of ["Disability group", "Day or boarding", "Ownership", "School type", "School name"]) {
      await expect(page.getByLabel(label), label).toHaveValue("");
    }
    await expect(page.getByLabel("State", { exact: true })).toHaveValue("");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schools");
  });

  test("Download these schools gives the rows shown, with the open data's columns", async ({ page }) => {
    await page.goto(kanoDeaf);
    const count = await countIn(page);
    expect(count).toBeGreaterThan(0);
    const names = await results(page).allTextContents();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download these schools (CSV)" }).tap(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^inclusion-atlas-schools-kano-filtered-.*\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    const [header, ...rows] = csv.trim().split("\r\n");
    expect(header).toMatch(/^id,name,state,state_id,local_government,/);
    expect(rows).toHaveLength(count);
    for (const name of names) expect(csv).toContain(name.trim());
  });

  test("an empty list says so in words, with what to try", async ({ page }) => {
    await page.goto(paths.schools("?state=kano&group=autism&boarding=boarding&ownership=mission"));
    await expect(page.getByRole("heading", { name: "No schools match these filters" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Remove the filter Autism" })).toBeVisible();
    await expect(page.getByRole("link", { name: "See every school" })).toBeVisible();
    await expectNoAxeViolations(page, "empty results");
  });
});

test.describe("at 1280 × 800 by keyboard only", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("applying the filters moves focus to the announced count; Back to results returns to the same list", async ({
    page,
  }) => {
    await page.goto(paths.schools());
    await expect(fold(page)).toBeHidden();
    const state = page.getByLabel("State", { exact: true });
    await tabTo(page, state);
    await page.keyboard.type("Kano");
    await expect(state).toHaveValue("kano");
    const group = page.getByLabel("Disability group");
    await tabTo(page, group, 3);
    await page.keyboard.type("Hearing");
    await expect(group).toHaveValue("hearing");
    await tabTo(page, page.getByRole("button", { name: "Apply filters" }), 10);
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/schools\?state=kano&group=hearing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schools in Kano");
    // The summary is a polite live region, and focus is on it, so the count is read out.
    await expect(summary(page)).toBeFocused();
    const count = await countIn(page);
    expect(count).toBeGreaterThan(0);
    await expect(results(page)).toHaveCount(Math.min(count, 20));
    await expectNoAxeViolations(page, "results at 1280 × 800");

    const firstSchool = results(page).first().getByRole("link");
    const name = (await firstSchool.textContent())?.trim() ?? "";
    await tabTo(page, firstSchool);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const back = page.getByRole("link", { name: "Back to results" });
    await back.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/schools\?state=kano&group=hearing$/);
    await expect(summary(page)).toHaveText(new RegExp(`^${count} inclusive schools? found`));
  });

  test("printed, the list stands without the site's navigation or the filters", async ({ page }) => {
    await page.goto(kanoDeaf);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("button", { name: "Apply filters" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schools in Kano");
    await expect(results(page).first()).toBeVisible();
  });

  test("a choice made before the page was interactive is kept and applied", async ({ page }) => {
    let release = () => {};
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    // The fixture's goto waits until the page is interactive, which waits for the scripts held above.
    const opened = page.goto(paths.schools("?state=kano"));
    await page.getByLabel("Disability group").selectOption("hearing");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    release();
    await opened;
    await expect(page.getByLabel("Disability group")).toHaveValue("hearing");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/schools\?state=kano&group=hearing$/);
    await expect(summary(page)).toBeFocused();
  });

  test("in Hausa the page keeps its language and its filters", async ({ page }) => {
    await page.goto(`/ha${kanoDeaf}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Makarantu a Kano");
    await expectNoAxeViolations(page, "Hausa results");
  });
});

test("without JavaScript the filters are a plain GET form and the list comes from the server", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(paths.schools());
  await page.getByLabel("State", { exact: true }).selectOption("kano");
  await page.getByLabel("Disability group").selectOption("hearing");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/schools\?state=kano&group=hearing&/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schools in Kano");
  await expect(page.getByRole("list", { name: "Schools found" }).getByRole("heading").first()).toBeVisible();
  await context.close();
});
