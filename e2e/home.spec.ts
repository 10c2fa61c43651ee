import { expect, expectNoAxeViolations, test } from "./support/fixtures";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { lazyImportsOf } from "../src/server/site/web-app";
import { formatKib, homeAllJsBudgetBytes } from "../bench/web/budgets";
import { assetTotals } from "../bench/web/bundle-size";

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });

test.describe("home page", () => {
  test("shows sourced national figures in Overview, Gender and Age panels", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      /7% of people aged 5\+ in Nigeria have some difficulty/,
    );
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toContainText(
      "Source: Nigeria Demographic and Health Survey 2018",
    );
    await expect(page.getByRole("tabpanel")).not.toContainText("36.7%");
    await page.getByRole("tab", { name: "Gender" }).click();
    await expect(page.getByRole("tabpanel")).toContainText("Women aged 15 and over");
    await expect(page.getByRole("tabpanel")).toContainText("No national survey has published this yet.");
    await expect(page.getByRole("tabpanel")).not.toContainText("45.65%");
    await page.getByRole("tab", { name: "Age" }).click();
    await expect(page.getByRole("tabpanel")).toContainText("Aged 60 and over");
    await expect(page.getByRole("tabpanel")).not.toContainText("47.5%");
    await expect(page.getByRole("tabpanel").getByRole("img").first()).toHaveAccessibleName(/.+/);
  });

  test("an info tooltip opens on hover and on keyboard focus", async ({ page }) => {
    await page.goto("/");
    const info = page.getByRole("button", { name: "About some difficulty" });
    await info.hover();
    await expect(page.getByRole("tooltip").filter({ visible: true })).toBeVisible();
    await page.mouse.move(0, 0);
    await info.focus();
    await expect(page.getByRole("tooltip").filter({ visible: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip").filter({ visible: true })).toHaveCount(0);
  });

  test("choosing a state in the dropdown shows its overview and says so politely", async ({ page }) => {
    await page.goto("/");
    const list = page.getByRole("combobox", { name: "Choose a state to view its data" });
    await list.selectOption({ label: "Lagos" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(toasts(page)).toContainText("You are currently viewing Data for Lagos state");
    await expect(toasts(page).getByRole("status")).toHaveAttribute("aria-live", "polite");
    await expect(page).toHaveURL(/\?state=lagos$/);
    const policy = page.getByRole("region", { name: "Overview of Lagos Disability Policy" });
    await expect(policy).toBeVisible();
    await policy.getByRole("button", { name: "Read More" }).click();
    await expect(policy).toContainText("Disability Act implementation");
    await policy.getByRole("button", { name: "Read Less" }).click();
    await expect(page.getByRole("heading", { name: "Map of Lagos State" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Lagos State, disability law/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expectNoAxeViolations(page, "home with a state selected");
    await policy.getByRole("link", { name: /View More/ }).click();
    await expect(page).toHaveURL(/\/states\/25$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lagos");
  });

  test("the Home button and the empty option clear the selection with 'No State Selected'", async ({
    page,
  }) => {
    await page.goto("/?state=kano");
    await expect(page.getByRole("heading", { name: "Overview of Kano Disability Policy" })).toBeVisible();
    await page
      .getByRole("navigation", { name: "Home page sections" })
      .getByRole("button", { name: "Home" })
      .click();
    await expect(toasts(page)).toContainText("No State Selected");
    await expect(page.getByRole("heading", { name: "Overview of Nigeria Disability Policy" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const select = page.getByRole("combobox", { name: "Choose a state to view its data" });
    await select.selectOption({ label: "Ogun" });
    await select.selectOption({ label: "Select a state" });
    await expect(page.getByRole("heading", { name: "Overview of Nigeria Disability Policy" })).toBeVisible();
  });

  test("a shared link opens the same state, including the FCT", async ({ page }) => {
    await page.goto("/?state=fct");
    await expect(page.getByRole("heading", { name: "Overview of FCT Disability Policy" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Choose a state to view its data" })).toHaveValue("fct");
    await expect(
      page.getByRole("button", { name: /^Federal Capital Territory, disability law/ }),
    ).toHaveAttribute("aria-pressed", "true");
  });

  test("the map shows a state's name and law status on hover and selects it on click", async ({ page }) => {
    await page.goto("/");
    const kano = page.getByRole("button", { name: /^Kano State, disability law: / });
    await kano.hover();
    const tooltip = page.getByText("Kano State", { exact: true });
    await expect(tooltip).toBeVisible();
    await expect(
      page
        .getByText(/Disability law:/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await kano.click();
    await expect(toasts(page)).toContainText("You are currently viewing Data for Kano state");
    await expect(page.getByRole("heading", { name: "Overview of Kano Disability Policy" })).toBeVisible();
    await expect(kano).toHaveAttribute("aria-pressed", "true");
  });

  // WCAG 1.4.13 (hoverable): the pointer can move from a state onto its tooltip without the tooltip going;
  // it goes once the pointer is on neither.
  test("the map's tooltip stays while the pointer moves onto it and goes when it leaves both", async ({
    page,
  }) => {
    await page.goto("/");
    const kano = page.getByRole("button", { name: /^Kano State, disability law: / });
    await kano.hover();
    const tooltip = page.getByText("Kano State", { exact: true });
    await expect(tooltip).toBeVisible();
    const box = (await tooltip.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(tooltip).toBeVisible();
    expect(await page.evaluate(() => document.querySelector(":hover:not(:has(:hover))")?.textContent)).toBe(
      "Kano State",
    );
    await page.mouse.move(1, 1);
    await expect(tooltip).toBeHidden();
  });

  test("the education section counts the chosen state's schools", async ({ page }) => {
    await page.goto("/?state=lagos");
    const education = page.getByRole("region", { name: "Education in Lagos" });
    await expect(education).toContainText("No of Inclusive Schools");
    await expect(education).toContainText("59");
  });
});

test.describe("schools dialog", () => {
  test("searches with name AND type, warns on no match, and resets", async ({ page }) => {
    await page.goto("/?state=lagos");
    await page.getByRole("button", { name: /View All/ }).click();
    const dialog = page.getByRole("dialog", { name: "Schools" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("59 inclusive schools found")).toBeVisible();
    const search = dialog.getByRole("button", { name: "Search", exact: true });
    const reset = dialog.getByRole("button", { name: "Reset" });
    await expect(search).toBeDisabled();
    await expect(reset).toBeDisabled();
    await expectNoAxeViolations(page, "schools dialog open");

    await dialog.getByRole("searchbox", { name: "School name" }).fill("wesley");
    await search.click();
    await expect(
      dialog.getByText(/^Found \d+ matching schools?$/).or(page.getByText(/^Found \d+ matching schools?$/)),
    ).toBeVisible();
    const cards = dialog.getByRole("listitem").filter({ has: page.getByRole("heading") });
    const wesleyCount = await cards.count();
    expect(wesleyCount).toBeGreaterThan(0);
    await dialog.getByRole("combobox", { name: "School type" }).selectOption({ label: "Nursery" });
    await search.click();
    await expect(page.getByText("No schools match your search criteria")).toBeVisible();
    await expect(dialog.getByText("No inclusive schools found")).toBeVisible();

    await reset.click();
    await expect(dialog.getByText("59 inclusive schools found")).toBeVisible();
    await expect(dialog.getByRole("searchbox", { name: "School name" })).toHaveValue("");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("the search is in the URL: a reload shows the same result and Back closes the dialog", async ({
    page,
  }) => {
    await page.goto("/?state=lagos");
    const viewAll = page.getByRole("button", { name: /View All/ });
    await viewAll.click();
    const dialog = page.getByRole("dialog", { name: "Schools" });
    await expect(dialog.getByText("59 inclusive schools found")).toBeVisible();
    await expect(page).toHaveURL(/\/\?state=lagos&schools=lagos$/);
    await dialog.getByRole("searchbox", { name: "School name" }).fill("wesley");
    await dialog.getByRole("combobox", { name: "School type" }).selectOption({ label: "Special" });
    await dialog.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("Found 2 matching schools")).toBeVisible();
    await expect(page).toHaveURL(/\/\?state=lagos&schools=lagos&name=wesley&type=special$/);

    // Opened from the URL: the same result, the inputs filled in, and no toast (the count says it).
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(dialog.getByText("2 inclusive schools found")).toBeVisible();
    await expect(
      dialog.getByRole("link", { name: /^Wesley School 1 for the Hearing Impaired/ }),
    ).toBeVisible();
    await expect(dialog.getByRole("combobox", { name: "State" })).toHaveValue("lagos");
    await expect(dialog.getByRole("searchbox", { name: "School name" })).toHaveValue("wesley");
    await expect(dialog.getByRole("combobox", { name: "School type" })).toHaveValue("special");
    await expect(page.getByText(/matching schools?$/)).toHaveCount(0);
    await expectNoAxeViolations(page, "schools dialog opened from its URL");

    // The reloaded page did not open the dialog: Close takes it out of the URL and focuses View All.
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/\?state=lagos$/);
    await expect(viewAll).toBeFocused();

    // Opened here, Back closes it and focus returns to View All; Forward shows it again.
    await viewAll.click();
    await expect(page).toHaveURL(/\/\?state=lagos&schools=lagos$/);
    await dialog.getByRole("combobox", { name: "State" }).selectOption({ label: "All states" });
    await expect(dialog.getByText("249 inclusive schools found")).toBeVisible();
    await expect(page).toHaveURL(/\/\?state=lagos&schools=all$/);
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/\?state=lagos$/);
    await expect(viewAll).toBeFocused();
    await page.goForward();
    await expect(dialog.getByText("249 inclusive schools found")).toBeVisible();
  });

  test("a school card links to the school page and its website opens in a new tab", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: /View All/ }).click();
    const dialog = page.getByRole("dialog", { name: "Schools" });
    await expect(dialog.getByText("249 inclusive schools found")).toBeVisible();
    const website = dialog.getByRole("link", { name: /Visit website of .* \(opens in a new tab\)/ }).first();
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("href", /^https:\/\//);
    await dialog.getByRole("link", { name: "Abia School for the Blind, Umuahia", exact: true }).click();
    // The link carries the list it was in, for the page's "Back to results".
    await expect(page).toHaveURL(/\/schools\/1\?from=%2F%3Fschools%3Dall$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abia School for the Blind, Umuahia");
  });
});

test.describe("sidebar", () => {
  test("opens as a full-screen overlay, keeps focus inside, and Escape returns focus to the toggle", async ({
    page,
  }) => {
    await page.goto("/about");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const sidebar = page.getByRole("dialog", { name: "Menu" });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Sign Up" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Login" })).toBeVisible();
    await expectNoAxeViolations(page, "sidebar open");
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const inside = await sidebar.evaluate((dialog) => dialog.contains(document.activeElement));
      expect(inside, `focus left the sidebar after ${i + 1} Tab presses`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("its tiles lead to the pages", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Eyewitness" }).click();
    await expect(page).toHaveURL(/\/eyewitnesspage$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
});

test("keyboard only: select a state on the map, then open and close the Schools dialog", async ({ page }) => {
  await page.goto("/");
  // Tab from the top of the page until a map region has focus.
  let onMap = false;
  for (let i = 0; i < 80 && !onMap; i++) {
    await page.keyboard.press("Tab");
    onMap = await page.evaluate(() =>
      /, disability law: /.test(document.activeElement?.getAttribute("aria-label") ?? ""),
    );
  }
  expect(onMap, "Tab reaches the map").toBe(true);
  const first = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
  await page.keyboard.press("ArrowRight");
  const second = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
  expect(second).not.toBe(first);
  await page.keyboard.press("ArrowDown");
  const third = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
  expect(third).toMatch(/disability law/);
  await page.keyboard.press("Enter");
  const chosen = third.replace(/ State,.*$|, disability law.*$/, "");
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
    "You are currently viewing Data for",
  );
  await expect(page.locator(`[aria-label="${third}"]`)).toHaveAttribute("aria-pressed", "true");
  expect(chosen.length).toBeGreaterThan(0);

  const viewAll = page.getByRole("button", { name: /View All/ });
  await viewAll.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Schools" });
  await expect(dialog).toBeVisible();
  const focusedInside = await dialog.evaluate((element) => element.contains(document.activeElement));
  expect(focusedInside).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(viewAll).toBeFocused();
});

test("the home page's content modules are fetched with the page's own, not after its route module has run", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const homeModule =
    /import \* as route\d+ from "(\/assets\/home-[\w-]+\.js)"|import\("(\/assets\/home-[\w-]+\.js)"\)/.exec(
      html,
    );
  const homeHref = homeModule?.[1] ?? homeModule?.[2];
  expect(homeHref, "the home route's module in the page's script").toBeDefined();
  const lazy = lazyImportsOf(await readFile(path.join("build/client", homeHref!), "utf8"));
  expect(lazy.some((href) => /\/HomePage-/.test(href))).toBe(true);
  const preloaded = JSON.parse(/for \(const href of (\[[^\]]*\])\)/.exec(html)?.[1] ?? "[]") as string[];
  expect(preloaded).toEqual(expect.arrayContaining(lazy));
});

test("the home page loads no more JavaScript than its budget, its content and what loads after it included", async ({
  page,
}) => {
  const scripts = new Set<string>();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) scripts.add(pathname);
  });
  // What the layout loads once the page is usable: the menu and the worker's registration, one chunk
  // (vite.config.ts, "after-hydration"; the outbox's sender only for a signed-in visitor: this one is not).
  const afterLoad = page.waitForResponse((response) =>
    /\/assets\/after-hydration-[\w-]+\.js$/.test(response.url()),
  );
  await page.goto("/");
  await afterLoad;
  await page.waitForLoadState("networkidle");
  expect([...scripts].filter((script) => /\/OutboxSender-/.test(script))).toEqual([]);
  const loaded = await assetTotals([...scripts]);
  const largest = [...loaded.assets]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 4)
    .map((asset) => `${asset.url} ${formatKib(asset.gzipBytes)}`)
    .join(", ");
  expect(
    loaded.gzipBytes,
    `The home page loaded ${formatKib(loaded.gzipBytes)} (${loaded.gzipBytes} bytes) of gzipped JavaScript in ` +
      `all, over its budget of ${formatKib(homeAllJsBudgetBytes)}. Largest: ${largest}`,
  ).toBeLessThanOrEqual(homeAllJsBudgetBytes);
});
