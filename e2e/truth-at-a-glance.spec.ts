import type { Locator, Page } from "@playwright/test";
import { openSignedIn, signedInTest } from "./support/accounts";
import { expect, expectNoAxeViolations, test } from "./support/fixtures";

// The public site's truth at a glance (decision record 0010) in a real browser at phone size: the law status on the map, every point of every state
// clickable, the map as one tab stop, a header that never hides what has focus, a state chosen before
// hydration kept, the comparison table, the estimates explainer, and "Page not found" without JavaScript.

const phone = { width: 360, height: 740 };

const wide = { width: 1280, height: 800 };

/** The pages whose header is measured: the home page (three rows on phones) and one of each other kind. */
const headerPages = ["/", "/states", "/states/25", "/data", "/schools/1"];

/**
 * Where the focused element is, and the bottom of the site header when it sticks (0 when it scrolls away
 * with the page, as on phones).
 */
async function focusPlacement(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    const header = document.querySelector("header");
    if (!focused || focused === document.body || !header) return null;
    const sticks = ["sticky", "fixed"].includes(getComputedStyle(header).position);
    const box = focused.getBoundingClientRect();
    return {
      name: `${focused.tagName} ${focused.getAttribute("aria-label") ?? focused.textContent?.slice(0, 40)}`,
      top: box.top,
      headerBottom: sticks ? Math.max(0, header.getBoundingClientRect().bottom) : 0,
      height: window.innerHeight,
      inHeader: header.contains(focused),
      skipLink: focused.getAttribute("href") === "#main",
    };
  });
}

for (const viewport of [phone, wide]) {
  test.describe(`the site header at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test("takes at most 20% of the screen as each page loads", async ({ page }) => {
      for (const path of headerPages) {
        await page.goto(path);
        const height = await page
          .locator("header")
          .evaluate((header) => header.getBoundingClientRect().height);
        expect(height, `${path}: header height at load`).toBeLessThanOrEqual(viewport.height * 0.2);
        if (path === "/") await expectNoAxeViolations(page, `/ at ${viewport.width} px`);
      }
    });

    test("never covers the focused element or a link's target; scroll-padding-top is its height where it sticks", async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/");
      const header = await page.locator("header").evaluate((element) => ({
        position: getComputedStyle(element).position,
        height: element.getBoundingClientRect().height,
        scrollPaddingTop: getComputedStyle(document.documentElement).scrollPaddingTop,
      }));
      if (viewport.width >= 1024) {
        expect(header.position, "the header sticks on wide screens").toBe("sticky");
        expect(parseFloat(header.scrollPaddingTop)).toBeCloseTo(header.height, 1);
      } else {
        expect(header.position, "the header scrolls away on phones").not.toBe("sticky");
      }

      // Walk the page with Tab: every focused element is on screen and below whatever the header covers.
      let checked = 0;
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press("Tab");
        const placement = await focusPlacement(page);
        if (!placement) continue;
        // The skip link is drawn above the header; met again, focus has been round the whole page.
        if (placement.skipLink) {
          if (checked > 0) break;
          continue;
        }
        if (placement.inHeader) continue;
        checked++;
        expect(placement.top, `${placement.name} is below the header`).toBeGreaterThanOrEqual(
          placement.headerBottom - 0.5,
        );
        expect(placement.top, `${placement.name} is on screen`).toBeLessThan(placement.height);
      }
      expect(checked, "elements focused below the header").toBeGreaterThan(20);

      // An in-page link: its target starts below the header.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole("navigation", { name: "Home page sections" }).getByRole("link").nth(1).click();
      await expect(page).toHaveURL(/#/);
      const target = await page.evaluate(() => {
        const id = decodeURIComponent(window.location.hash.slice(1));
        const element = document.getElementById(id);
        const header = document.querySelector("header");
        if (!element || !header) return null;
        const sticks = getComputedStyle(header).position === "sticky";
        return {
          top: element.getBoundingClientRect().top,
          headerBottom: sticks ? Math.max(0, header.getBoundingClientRect().bottom) : 0,
          scrolled: window.scrollY,
        };
      });
      expect(target).not.toBeNull();
      expect(target!.scrolled, "the link scrolled the page").toBeGreaterThan(0);
      expect(target!.top).toBeGreaterThanOrEqual(target!.headerBottom - 0.5);

      // The skip link's target too.
      await page.evaluate(() => window.scrollTo(0, 600));
      await page.getByRole("link", { name: "Skip to main content" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.locator("main")).toBeFocused();
      const main = await focusPlacement(page);
      expect(main?.top).toBeGreaterThanOrEqual((main?.headerBottom ?? 0) - 0.5);
    });
  });
}

test.describe("at 360 × 740", () => {
  test.use({ viewport: phone });

  test("a state chosen before the page hydrates is kept, on a throttled page", async ({ page, browser }) => {
    // Hold every script until the visitor has chosen: hydration can only come after the choice.
    const context = await browser.newContext({ viewport: phone, baseURL: test.info().project.use.baseURL });
    const slow = await context.newPage();
    let release: () => void = () => undefined;
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await slow.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    await slow.goto(`${process.env.E2E_BASE_URL}/`, { waitUntil: "domcontentloaded" });
    await slow
      .getByRole("combobox", { name: "Choose a state to view its data" })
      .selectOption({ label: "Lagos" });
    expect(await slow.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await slow.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(slow).toHaveURL(/\?state=lagos$/);
    await expect(slow.getByRole("heading", { name: "Overview of Lagos Disability Policy" })).toBeVisible();
    await expect(slow.getByRole("combobox", { name: "Choose a state to view its data" })).toHaveValue(
      "lagos",
    );
    await context.close();
    await page.close();
  });

  test("the state form works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${process.env.E2E_BASE_URL}/`);
    await page
      .getByRole("combobox", { name: "Choose a state to view its data" })
      .selectOption({ label: "Kano" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/\?state=kano$/);
    await context.close();
  });

  test("'Page not found' is readable without JavaScript, with status 404", async ({ browser }) => {
    const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${process.env.E2E_BASE_URL}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
    await expect(page.getByText(/^JavaScript is turned off or could not load\./)).toBeVisible();
    await context.close();
  });

  test("the header's tab order is its visual order: top to bottom, then left to right", async ({ page }) => {
    await page.goto("/");
    // Where each control of the header is drawn as the page loads, and the order that makes on screen.
    const visualOrder = await page.locator("header").evaluate((header) => {
      // A closed <details> (the language switch) keeps its list laid out but out of the tab order: only its
      // summary takes focus.
      const controls = [
        ...header.querySelectorAll<HTMLElement>("a[href], button, select, input, summary"),
      ].filter(
        (control) =>
          control.tabIndex >= 0 &&
          control.getClientRects().length > 0 &&
          (control.tagName === "SUMMARY" || !control.closest("details:not([open])")),
      );
      const placed = controls.map((control, index) => {
        control.dataset.e2eControl = String(index);
        const box = control.getBoundingClientRect();
        return { index, middle: box.top + box.height / 2, left: box.left };
      });
      // Controls whose middles are within 12px share a row.
      placed.sort((a, b) => (Math.abs(a.middle - b.middle) > 12 ? a.middle - b.middle : a.left - b.left));
      return placed.map((control) => control.index);
    });
    expect(visualOrder.length, "controls in the home page's header").toBeGreaterThanOrEqual(6);

    const focusOrder: number[] = [];
    for (let i = 0; i < 20 && focusOrder.length < visualOrder.length; i++) {
      await page.keyboard.press("Tab");
      const index = await page.evaluate(
        () => (document.activeElement as HTMLElement | null)?.dataset.e2eControl,
      );
      if (index !== undefined) focusOrder.push(Number(index));
    }
    expect(focusOrder).toEqual(visualOrder);
  });

  test("the comparison table reads at 320 px without the page scrolling sideways", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto("/states");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole("table")).toBeVisible();
  });
});

test("the map is filled by law status, counts each in its legend, and links the comparison", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByText("Passed: 30", { exact: true })).toBeVisible();
  await expect(page.getByText("Pending / no law: 3", { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole("button", { name: "Lagos State, disability law: Passed (2015)" })
      .or(page.getByRole("button", { name: /^Lagos State, disability law: Passed/ })),
  ).toHaveCount(1);
  expect(await page.locator('[data-law-status="passed"][role="button"]').count()).toBe(30);
  await page.locator("main").getByRole("link", { name: "Compare all states" }).click();
  await expect(page).toHaveURL(/\/states$/);
});

test("every point of every state selects it: nothing covers a state, not even its tooltip", async ({
  page,
}) => {
  await page.goto("/");
  const regions = page.locator('svg [role="button"][data-code]');
  expect(await regions.count()).toBe(37);
  const uncovered = await page.evaluate(async () => {
    const problems: string[] = [];
    const paths = [...document.querySelectorAll<SVGPathElement>('svg [role="button"][data-code]')];
    for (const path of paths) {
      const box = path.getBoundingClientRect();
      // Hover the state (the tooltip shows), then sample points of its fill on a grid.
      path.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const svg = path.ownerSVGElement;
      const matrix = path.getScreenCTM()?.inverse();
      if (!svg || !matrix) continue;
      for (let gx = 0.1; gx < 1; gx += 0.2) {
        for (let gy = 0.1; gy < 1; gy += 0.2) {
          const x = box.left + box.width * gx;
          const y = box.top + box.height * gy;
          const point = new DOMPoint(x, y).matrixTransform(matrix);
          if (!path.isPointInFill(point)) continue;
          if (y < 0 || y > window.innerHeight) continue;
          const hit = document.elementFromPoint(x, y);
          if (hit !== path)
            problems.push(`${path.dataset.code} at ${Math.round(x)},${Math.round(y)}: ${hit?.tagName}`);
        }
      }
    }
    return problems;
  });
  expect(uncovered).toEqual([]);

  // The nine states whose clicks the tooltip used to swallow, clicked for real at a point of their fill
  // in the top third (where the tooltip used to sit), with the mouse.
  for (const name of ["Kaduna", "Borno", "Plateau", "Benue", "Gombe", "Katsina", "Kogi", "Akwa Ibom"]) {
    const region = page.getByRole("button", { name: new RegExp(`^${name} State, disability law`) });
    // Selecting scrolls to the state's overview (instantly, with reduced motion) a frame later: let that
    // happen before measuring, so the point clicked is where the state is.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const point = await region.evaluate(async (element) => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const path = element as unknown as SVGPathElement;
      path.scrollIntoView({ block: "center" });
      const box = path.getBoundingClientRect();
      const matrix = path.getScreenCTM()?.inverse();
      for (let gy = 0.1; gy < 0.34; gy += 0.04) {
        for (let gx = 0.1; gx < 1; gx += 0.1) {
          const x = box.left + box.width * gx;
          const y = box.top + box.height * gy;
          if (matrix && path.isPointInFill(new DOMPoint(x, y).matrixTransform(matrix))) return { x, y };
        }
      }
      return null;
    });
    expect(point, `${name} has a point in the top third of its fill`).not.toBeNull();
    await page.mouse.move(point!.x, point!.y);
    await page.mouse.click(point!.x, point!.y);
    await expect(region).toHaveAttribute("aria-pressed", "true");
  }
  const fct = page.getByRole("button", { name: /^Federal Capital Territory, disability law/ });
  await fct.click();
  await expect(fct).toHaveAttribute("aria-pressed", "true");
});

test("the small states have targets of at least 24 × 24 px beside the map", async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto("/");
  for (const code of ["NG-LA", "NG-FC"]) {
    const box = await page.locator(`[data-small-state="${code}"]`).boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
  }
  await page.locator('[data-small-state="NG-LA"]').click();
  await expect(page).toHaveURL(/\?state=lagos$/);
});

for (const viewport of [wide, phone]) {
  test(`the map is one tab stop at ${viewport.width} × ${viewport.height}: arrows move between states, Enter selects, Tab leaves`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    let onMap = false;
    let stops = 0;
    for (let i = 0; i < 80 && !onMap; i++) {
      await page.keyboard.press("Tab");
      onMap = await page.evaluate(() =>
        /, disability law: /.test(document.activeElement?.getAttribute("aria-label") ?? ""),
      );
    }
    expect(onMap).toBe(true);
    const first = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    await page.keyboard.press("ArrowDown");
    const next = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    expect(next).not.toBe(first);
    await expect(page.locator(":focus")).toHaveAttribute("role", "button");
    // Focus is visible: the ring is drawn around the focused state.
    await expect(page.locator("svg g[aria-hidden] path").first()).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator(`[aria-label="${next}"]`)).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Tab");
    stops = await page.evaluate(() =>
      /, disability law: /.test(document.activeElement?.getAttribute("aria-label") ?? "") ? 1 : 0,
    );
    expect(stops, "one Tab leaves the map").toBe(0);
  });
}

test.describe("at 360 × 740 on a touch screen", () => {
  // A phone: touch, and the page's viewport meta applied (no double-tap zoom waiting on a second tap).
  test.use({ viewport: phone, hasTouch: true, isMobile: true });

  test("tapping a point of every state selects it", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const codes = await page
      .locator('svg [role="button"][data-code]')
      .evaluateAll((paths) => paths.map((path) => (path as SVGPathElement).dataset.code ?? ""));
    expect(codes).toHaveLength(37);
    // 37 taps, each waiting for the page to be still: a budget per state, not 30 s for all of them (at
    // load 12 they took 33.6 s). Each wait inside still ends on its own condition.
    test.setTimeout(30_000 + codes.length * 3_000);
    for (const code of codes) {
      const region = page.locator(`svg [role="button"][data-code="${code}"]`);
      // As the mouse test above, with the last selection's scroll finished first (the page is still for
      // five frames), the state brought to the middle of the screen, and a point of its fill that nothing
      // covers, in whole pixels (as a touch lands), with its neighbours 3px around in the state too (a
      // finger's touch may be adjusted a little; some states are only a few pixels wide on a phone).
      const point = await region.evaluate(async (element) => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        for (let still = 0, last = -1; still < 5;) {
          await frame();
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
        }
        const path = element as unknown as SVGPathElement;
        path.scrollIntoView({ block: "center" });
        await frame();
        const box = path.getBoundingClientRect();
        const matrix = path.getScreenCTM()?.inverse();
        const hits = (x: number, y: number) =>
          !!matrix &&
          path.isPointInFill(new DOMPoint(x, y).matrixTransform(matrix)) &&
          document.elementFromPoint(x, y) === path;
        let fallback: { x: number; y: number } | null = null;
        for (let gy = 0.05; gy < 1; gy += 0.05) {
          for (let gx = 0.05; gx < 1; gx += 0.05) {
            const x = Math.round(box.left + box.width * gx);
            const y = Math.round(box.top + box.height * gy);
            if (!hits(x, y)) continue;
            // Where in the state's box, as locator.tap takes it.
            const inBox = { x: x - box.left, y: y - box.top };
            if (hits(x - 3, y) && hits(x + 3, y) && hits(x, y - 3) && hits(x, y + 3)) return inBox;
            fallback ??= inBox;
          }
        }
        return fallback;
      });
      expect(point, `${code} has a point of its fill on screen`).not.toBeNull();
      // locator.tap waits until the state is still and checks that the tap lands on it.
      await region.tap({ position: point! });
      await expect(region, `${code} is selected by a tap`).toHaveAttribute("aria-pressed", "true");
    }
  });
});

test.describe("compare all states", () => {
  const columns = [
    "State",
    "Zone",
    "Law status",
    "Year passed",
    "Law title",
    "Agency",
    "SDIR rank",
    "SDIR score",
    "Schools in the directory",
  ];

  for (const viewport of [wide, phone]) {
    test(`at ${viewport.width} × ${viewport.height}, sorts by each column from the keyboard, with aria-sort`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/states");
      const table = page.getByRole("table");
      const sortLink = (column: string) => table.getByRole("link", { name: new RegExp(`^${column}\\b`) });
      const header = (column: string) =>
        table.getByRole("columnheader", { name: new RegExp(`^${column}\\b`) });
      for (const column of columns) {
        // The view starts sorted by state, ascending: its first press sorts it descending.
        const order = column === "State" ? ["descending", "ascending"] : ["ascending", "descending"];
        for (const dir of order) {
          await sortLink(column).focus();
          await page.keyboard.press("Enter");
          await expect(header(column), `${column} ${dir}`).toHaveAttribute("aria-sort", dir);
          await expect(table.getByRole("columnheader").and(page.locator("[aria-sort]"))).toHaveCount(1);
          await expect(table.locator("tbody tr")).toHaveCount(37);
        }
      }
    });
  }

  test("sorts by each column with aria-sort, by mouse and by keyboard, and keeps the view in the URL", async ({
    page,
  }) => {
    await page.goto("/states");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare all 37 states");
    const table = page.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(38);
    await expect(page.getByRole("columnheader", { name: /^State/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );

    await page.getByRole("link", { name: /^Year passed/ }).click();
    await expect(page).toHaveURL(/sort=year/);
    await expect(page.getByRole("columnheader", { name: /^Year passed/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    const years = await table.locator("tbody tr td:nth-of-type(3)").allTextContents();
    const known = years.filter((year) => /^\d{4}$/.test(year)).map(Number);
    expect(known).toEqual([...known].sort((a, b) => a - b));

    await page.getByRole("link", { name: /^Schools in the directory/ }).focus();
    await page.keyboard.press("Enter");
    // The link's next direction comes from the view shown: press it again only once the first press shows.
    await expect(page.getByRole("columnheader", { name: /^Schools in the directory/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await page.getByRole("link", { name: /^Schools in the directory/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/sort=schools&dir=descending/);
    await expect(page.getByRole("columnheader", { name: /^Schools in the directory/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(table.locator("tbody tr").first().locator("th")).toHaveText("Lagos");
  });

  test("filters by zone and law status, counts the matches, and a reload shows the same view", async ({
    page,
  }) => {
    await page.goto("/states");
    await page.getByRole("combobox", { name: "Zone" }).selectOption("South West");
    await page
      .getByRole("group", { name: "Law status" })
      .getByRole("checkbox", { name: "Passed", exact: true })
      .check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/zone=South\+West&status=passed/);
    // How many rows the view holds, from the server's file of it: the table, counted as soon as the URL
    // changed, could still show the rows of the zone alone.
    const csvPath = "/api/v1/open/states.csv?zone=South+West&status=passed";
    const count = (await (await page.request.get(csvPath)).text()).match(/\r\n\d+,/g)?.length ?? 0;
    expect(count).toBeGreaterThan(0);
    const rows = page.getByRole("table").locator("tbody tr");
    await expect(rows).toHaveCount(count);
    await expect(page.getByText(/^Showing \d+ of 37 states/)).toHaveText(
      new RegExp(`Showing ${count} of 37 states`),
    );
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(rows).toHaveCount(count);
    // The link downloads that same file: the rows the table shows.
    const download = page.getByRole("link", { name: "Download these rows as CSV" });
    await expect(download).toHaveAttribute("href", csvPath);
    await expectNoAxeViolations(page, "/states filtered");
  });
});

test("the estimates explainer sets the estimates side by side, with a table view of its charts", async ({
  page,
}) => {
  await page.goto("/data/estimates");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How many Nigerians have a disability?");
  const shares = page.getByRole("table").first();
  await expect(shares).toContainText("2.32%");
  await expect(shares).toContainText("15%");
  await expect(page.getByRole("heading", { name: /2006 Population and Housing Census/ })).toBeVisible();
  await expect(page.getByText(/How to cite it/).first()).toBeVisible();
  await expectNoAxeViolations(page, "/data/estimates");
});

test("a state page shows the law status once, titled sources, and a correction form that sends", async ({
  page,
}) => {
  await page.goto("/states/25");
  await expect(page.getByRole("list", { name: "Summary" })).toContainText(/Disability law: Passed/);
  const sources = page.getByRole("region", { name: "Sources" });
  await expect(sources.getByRole("listitem").first()).toContainText("Read November 2026.");
  await page.getByRole("button", { name: "Suggest a correction" }).click();
  await page.getByLabel("What is wrong?").fill("The implementing agency's address has changed.");
  await page.getByRole("button", { name: "Send correction" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toBeVisible();
  await expectNoAxeViolations(page, "/states/25 after a correction");
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

const shownToast = (page: Page) => page.getByRole("region", { name: "Notifications" }).getByRole("listitem");

for (const viewport of [phone, wide]) {
  test.describe(`toasts at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test("a toast shown over the schools dialog covers none of its controls", async ({ page }) => {
      await page.goto("/?state=lagos");
      await page.getByRole("button", { name: /View All/ }).click();
      const dialog = page.getByRole("dialog", { name: "Schools" });
      await expect(dialog.getByText("59 inclusive schools found")).toBeVisible();
      await dialog.getByRole("searchbox", { name: "School name" }).fill("wesley");
      await dialog.getByRole("button", { name: "Search", exact: true }).click();
      await expect(shownToast(page)).toContainText(/Found \d+ matching schools?/);
      for (const name of ["Close", "Search", "Reset"]) {
        const control = dialog.getByRole("button", { name, exact: true });
        expect(await overlap(shownToast(page), control), `the toast covers ${name}`).toBe(false);
      }
    });
  });

  signedInTest.describe(`toasts in the signed-in area at ${viewport.width} × ${viewport.height}`, () => {
    signedInTest.use({ viewport });

    signedInTest(
      "a toast shown while the account menu is open covers none of its items",
      async ({ page, signedIn }) => {
        await openSignedIn(page, signedIn, "/dashboard/profile");
        await page.getByRole("button", { name: "Save changes" }).click();
        await expect(shownToast(page)).toBeVisible();
        const menuButton = page.getByRole("button", { name: `${signedIn.user.firstname} (your account)` });
        // On phones the menu may sit in the navigation drawer; open that first when the button is hidden.
        if (!(await menuButton.isVisible()))
          await page.getByRole("button", { name: "Navigation menu" }).click();
        await menuButton.click();
        const items = [
          page.getByRole("link", { name: "Homepage" }),
          page.getByRole("button", { name: "Logout" }),
        ];
        for (const item of items) await expect(item).toBeVisible();
        await expect(shownToast(page)).toBeVisible();
        expect(await overlap(shownToast(page), menuButton), "the menu's button").toBe(false);
        for (const item of items)
          expect(await overlap(shownToast(page), item), await item.innerText()).toBe(false);
      },
    );
  });
}
