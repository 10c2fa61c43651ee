import type { Locator, Page } from "@playwright/test";
import { openSignedIn, signedInTest, type SignedIn } from "./support/accounts";
import { expect, expectNoAxeViolations, test } from "./support/fixtures";

// No friction by keyboard, screen reader or phone (decision record 0020): on a 360 × 740 touch screen (taps) and at
// 1280 × 800 by keyboard alone. Focus lands on the new page's heading and on a filter's result, going
// through a list changes nothing until the choice is confirmed, skip links lead to the home page's parts,
// and toasts sit top-centre, over neither the control in use nor the heading, and go with their page.

const phone = { width: 360, height: 740 };
const wide = { width: 1280, height: 800 };

const toast = (page: Page) => page.getByRole("region", { name: "Notifications" }).getByRole("listitem");
const stateList = (page: Page) => page.getByRole("combobox", { name: "Choose a state to view its data" });

/** The focused element's accessible description for messages: its tag and its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 80)}` : "none";
  });

/** Whether two elements' boxes on screen overlap (touching edges do not). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error("an element has no box on screen");
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

/** Presses Tab until `target` has focus; the number of presses, or fails after `most`. */
async function tabsTo(page: Page, target: Locator, most: number): Promise<number> {
  for (let presses = 1; presses <= most; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`not reached in ${most} Tabs; focus is on ${await focused(page)}`);
}

for (const way of ["touch", "keyboard"] as const) {
  const viewport = way === "touch" ? phone : wide;

  test.describe(`at ${viewport.width} × ${viewport.height} by ${way}`, () => {
    test.use(way === "touch" ? { viewport, hasTouch: true, isMobile: true } : { viewport });

    /** Follows a link as the visitor does: a tap, or focus and Enter. */
    const follow = async (link: Locator) => {
      if (way === "touch") await link.tap();
      else {
        await link.focus();
        await link.press("Enter");
      }
    };

    test("going through the state list changes nothing; Enter shows the state and focuses its overview", async ({
      page,
    }) => {
      await page.goto("/");
      const list = stateList(page);
      await list.focus();
      const scrolled = await page.evaluate(() => window.scrollY);
      // Arrows and typed letters go through the list (a closed select changes value in Chromium).
      for (const key of ["ArrowDown", "ArrowDown", "ArrowDown", "l", "a"]) await page.keyboard.press(key);
      await expect(list).not.toHaveValue("");
      await expect(page).toHaveURL(/\/$/);
      expect(await page.evaluate(() => window.scrollY), "the page did not move").toBe(scrolled);
      await expect(toast(page)).toHaveCount(0);
      await expect(
        page.getByRole("heading", { name: "Overview of Nigeria Disability Policy" }),
      ).toBeVisible();

      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\?state=lagos$/);
      const overview = page.getByRole("heading", { name: "Overview of Lagos Disability Policy" });
      await expect(overview).toBeFocused();
      await expect(overview).toBeInViewport();
      await expect(toast(page)).toContainText("You are currently viewing Data for Lagos state");
      expect(await overlap(toast(page), overview), "the toast covers the focused heading").toBe(false);
      await expectNoAxeViolations(page, `home with Lagos chosen by keyboard at ${viewport.width}`);

      // Leaving the list confirms too, without moving the page or focus.
      await list.focus();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Tab");
      await expect(page).toHaveURL(/\?state=(?!lagos)\w+$/);
      await expect(list).not.toBeFocused();
    });

    test("skip links lead to the map, the state overview and the schools; /states is a few Tabs away", async ({
      page,
    }) => {
      await page.goto("/");
      await expect(await tabsTo(page, page.getByRole("link", { name: "Skip to main content" }), 1)).toBe(1);
      for (const [name, id] of [
        ["Skip to the map", "map"],
        ["Skip to the state overview", "disability-policy"],
        ["Skip to the schools", "education"],
      ] as const) {
        await page.goto("/");
        const link = page.getByRole("link", { name });
        await tabsTo(page, link, 4);
        await expect(link).toBeInViewport();
        await page.keyboard.press("Enter");
        await expect(page.locator(`#${id}`)).toBeFocused();
        await expect(page.locator(`#${id}`)).toBeInViewport();
      }
      await page.goto("/");
      const compare = page.getByRole("banner").getByRole("link", { name: "Compare all states" });
      const tabs = await tabsTo(page, compare, 12);
      expect(tabs, "Tabs from the top of the home page to 'Compare all states'").toBeLessThanOrEqual(12);
    });

    test("after a route change focus is on the new page's heading, and a toast goes with its page", async ({
      page,
    }) => {
      await page.goto("/");
      await stateList(page).selectOption({ label: "Kano" });
      await stateList(page).press("Enter");
      await expect(toast(page)).toBeVisible();
      // Top-centre: in the upper part of the screen, centred, over neither the list nor the page's heading.
      const box = await toast(page).boundingBox();
      expect(box!.y, "the toast is at the top").toBeLessThan(viewport.height / 2);
      expect(Math.abs(box!.x + box!.width / 2 - viewport.width / 2), "the toast is centred").toBeLessThan(2);
      expect(await overlap(toast(page), stateList(page)), "the toast covers the state list").toBe(false);
      const title = page.getByRole("heading", { level: 1 });
      if (await title.isVisible()) expect(await overlap(toast(page), title)).toBe(false);

      await follow(page.getByRole("banner").getByRole("link", { name: "Compare all states" }));
      await expect(page).toHaveURL(/\/states$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
      await expect(toast(page), "the toast stayed on its page").toHaveCount(0);

      await follow(page.getByRole("rowheader", { name: "Lagos" }).getByRole("link"));
      await expect(page).toHaveURL(/\/states\/25$/);
      await expect(page.getByRole("heading", { level: 1, name: "Lagos" })).toBeFocused();
      // Sources read as a title or a publisher, never a bare domain.
      const sources = page.getByRole("region", { name: "Sources" }).getByRole("link");
      expect(await sources.count()).toBeGreaterThan(0);
      for (const text of await sources.allTextContents()) expect(text).not.toMatch(/^[\w-]+(\.[\w-]+)+$/);
      await expect(page.getByRole("region", { name: "Sources" })).not.toContainText("newdailyprime.news");

      await page.goBack();
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    });

    test("/states filters several law statuses when applied, and focus goes to the count", async ({
      page,
    }) => {
      await page.goto("/states");
      const zone = page.getByRole("combobox", { name: "Zone" });
      await zone.focus();
      const scrolled = await page.evaluate(() => window.scrollY);
      for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
      await expect(zone).not.toHaveValue("");
      await expect(page).toHaveURL(/\/states$/);
      await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(37);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      await zone.selectOption("");

      const statuses = page.getByRole("group", { name: "Law status" });
      // "No law yet" is one choice for the three statuses short of a law in force.
      const noLawYet = statuses.getByRole("checkbox", { name: "No law yet" });
      if (way === "touch") await noLawYet.tap();
      else {
        await noLawYet.focus();
        await page.keyboard.press("Space");
      }
      for (const name of [
        "No law yet",
        "Passed, awaiting the Governor's assent",
        "Second reading",
        "Pending / no law",
      ]) {
        await expect(statuses.getByRole("checkbox", { name })).toBeChecked();
      }
      await expect(page).toHaveURL(/\/states$/);
      if (way === "touch") await page.getByRole("button", { name: "Apply filters" }).tap();
      else await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/states\?status=awaiting-assent&status=second-reading&status=pending$/);
      const rows = page.getByRole("table").locator("tbody tr");
      const shown = await rows.count();
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThan(37);
      for (const status of await rows.evaluateAll((trs) =>
        trs.map((tr) => tr.getAttribute("data-law-status")),
      ))
        expect(["awaiting-assent", "second-reading", "pending"]).toContain(status);
      const count = page.getByRole("status").filter({ hasText: `Showing ${shown} of 37 states.` });
      await expect(count).toBeFocused();
      await expect(toast(page)).toHaveCount(0);
      await expectNoAxeViolations(page, `/states with no law yet at ${viewport.width}`);
      // The address is shareable: opened again, the same view, the boxes ticked.
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await expect(rows).toHaveCount(shown);
      await expect(statuses.getByRole("checkbox", { name: "No law yet" })).toBeChecked();
      await expect(statuses.getByRole("checkbox", { name: "Passed", exact: true })).not.toBeChecked();
    });
  });
}

test("every info tooltip of the home page tells readers, not the site's writers", async ({ page }) => {
  await page.goto("/");
  let walked = 0;
  for (const tab of ["Overview", "Gender", "Age"]) {
    await page.getByRole("tab", { name: tab }).click();
    const buttons = page.getByRole("tabpanel").getByRole("button", { name: /^About / });
    for (const button of await buttons.all()) {
      await button.focus();
      const tooltip = page.getByRole("tooltip").filter({ visible: true });
      await expect(tooltip).toBeVisible();
      const text = (await tooltip.textContent()) ?? "";
      expect(text.trim(), (await button.getAttribute("aria-label")) ?? "").not.toBe("");
      expect(text).not.toMatch(/(^|\.\s+)(Show|Do not|Don't|Name)\b/);
      expect(text).not.toContain("Show both cut-offs");
      await page.keyboard.press("Escape");
      walked++;
    }
  }
  expect(walked).toBeGreaterThan(5);
});

// The signed-in pages are drawn in the browser: the same promises hold there. Each move between dashboard
// pages puts focus on the new page's heading; a toast (the profile's "saved") sits top-centre, over neither
// the heading nor the control in use, and goes when the page changes.
for (const way of ["touch", "keyboard"] as const) {
  const viewport = way === "touch" ? phone : wide;

  signedInTest.describe(`signed in, at ${viewport.width} × ${viewport.height} by ${way}`, () => {
    signedInTest.use(way === "touch" ? { viewport, hasTouch: true, isMobile: true } : { viewport });

    /** Opens a dashboard page from its navigation: the drawer's on a phone, the sidebar's on a wide screen. */
    const goTo = async (page: Page, name: string) => {
      if (way === "touch") {
        await page.getByRole("button", { name: "Navigation menu" }).tap();
        const drawer = page.getByRole("dialog", { name: "Navigation menu" });
        await drawer.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name }).tap();
        await expect(drawer).toBeHidden();
      } else {
        const link = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name });
        await link.focus();
        await link.press("Enter");
      }
    };

    signedInTest(
      "moving between dashboard pages puts focus on each page's heading; a toast sits top-centre and goes with its page",
      async ({ page, signedIn, request }) => {
        // The account is the worker's, shared with later tests that name it: its name is given back.
        try {
          await movesAndSavesProfile(page, signedIn);
        } finally {
          const restored = await request.patch("/api/v1/auth/update-profile", {
            headers: { authorization: `Bearer ${signedIn.token}` },
            data: { firstname: signedIn.user.firstname, lastname: signedIn.user.lastname },
          });
          expect(restored.status(), "the account's name given back").toBe(200);
        }
      },
    );

    async function movesAndSavesProfile(page: Page, signedIn: SignedIn) {
      await openSignedIn(page, signedIn, "/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eyewitness report");

      for (const [name, url, heading] of [
        ["My reports", /\/dashboard\/my-reports$/, "My reports"],
        ["Profile", /\/dashboard\/profile$/, "Profile"],
        ["Eyewitness", /\/dashboard$/, "Eyewitness report"],
        ["Profile", /\/dashboard\/profile$/, "Profile"],
      ] as const) {
        await goTo(page, name);
        await expect(page).toHaveURL(url);
        const title = page.getByRole("heading", { level: 1 });
        await expect(title).toHaveText(heading);
        await expect(title, `focus after opening ${name}: ${await focused(page)}`).toBeFocused();
      }

      // Saving the profile shows a toast: at the top, centred, over neither the heading nor the button.
      const firstName = page.getByRole("textbox", { name: "First name" });
      await firstName.fill(`Chiamaka ${way}`);
      const save = page.getByRole("button", { name: "Save changes" });
      if (way === "touch") await save.tap();
      else {
        await save.focus();
        await save.press("Enter");
      }
      await expect(toast(page)).toContainText("Profile updated successfully");
      const box = await toast(page).boundingBox();
      expect(box!.y, "the toast is at the top").toBeLessThan(viewport.height / 2);
      expect(Math.abs(box!.x + box!.width / 2 - viewport.width / 2), "the toast is centred").toBeLessThan(2);
      const title = page.getByRole("heading", { level: 1 });
      if (await title.isVisible()) {
        expect(await overlap(toast(page), title), "the toast covers the page's heading").toBe(false);
      }
      if (await save.isVisible()) {
        expect(await overlap(toast(page), save), "the toast covers the button in use").toBe(false);
      }
      await expectNoAxeViolations(page, `profile saved at ${viewport.width}`);

      await goTo(page, "My reports");
      await expect(page).toHaveURL(/\/dashboard\/my-reports$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
      await expect(toast(page), "the toast stayed on its page").toHaveCount(0);

      await page.goBack();
      await expect(page).toHaveURL(/\/dashboard\/profile$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    }
  });
}
