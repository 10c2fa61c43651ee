import type { APIRequestContext, Page } from "@playwright/test";
import { openSignedIn, signedInTest as dashboardTest } from "./support/accounts";
import { expect, expectHomeContent, expectNoAxeViolations } from "./support/fixtures";

// The signed-in shell against the real accounts API: one account per worker, registered and verified
// through its e-mail (read from DATA_DIR/mail), then a fresh session per test from /auth/login. Few
// registrations and logins, so the suite stays far below the per-IP rate limits of the auth endpoints.

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
const toggle = (page: Page) => page.getByRole("button", { name: "Navigation menu" });
const accountMenu = (page: Page, firstname: string) =>
  page.getByRole("button", { name: `${firstname} (your account)` });

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

async function profileAnswer(request: APIRequestContext, token: string) {
  const response = await request.patch("/api/v1/auth/update-profile", {
    headers: { authorization: `Bearer ${token}` },
    data: { firstname: "Chiamaka", lastname: "Okafor" },
  });
  return response.status();
}

dashboardTest.describe("dashboard shell", () => {
  dashboardTest.use({ viewport: { width: 1280, height: 800 } });

  dashboardTest("a signed-out visitor of the dashboard lands on the home page", async ({ page }) => {
    await page.goto("/dashboard/profile");
    await expect(page).toHaveURL(/\/$/);
    await expect(toasts(page)).toContainText("Please log in to use the dashboard.");
    await expectHomeContent(page);
  });

  dashboardTest(
    "shows the top bar, the name menu and the user's pages, each with its own title",
    async ({ page, signedIn }) => {
      await openSignedIn(page, signedIn);
      const firstname = signedIn.user.firstname;

      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eyewitness report");
      await expect(page.getByText(`Welcome, ${firstname}.`)).toBeVisible();
      await expect(page).toHaveTitle("Eyewitness report | Inclusion Atlas");
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: "Inclusion Atlas" })).toHaveAttribute("href", "/");
      await expect(accountMenu(page, firstname)).toHaveAttribute("aria-expanded", "false");
      await expect(sidebar(page).getByRole("link")).toHaveText(["Eyewitness", "My reports", "Profile"]);
      await expect(sidebar(page).getByRole("link", { name: "User roles" })).toHaveCount(0);
      await expect(sidebar(page).getByRole("link", { name: "Eyewitness" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(250);
      await expectNoAxeViolations(page, "dashboard, sidebar expanded");

      await accountMenu(page, firstname).click();
      await expect(page.getByRole("link", { name: "Homepage" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
      await expectNoAxeViolations(page, "dashboard, account menu open");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("link", { name: "Homepage" })).toBeHidden();

      await sidebar(page).getByRole("link", { name: "Profile" }).click();
      await expect(page).toHaveURL(/\/dashboard\/profile$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile");
      await expect(sidebar(page).getByRole("link", { name: "Profile" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page).not.toHaveTitle("Eyewitness report | Inclusion Atlas");
      await expect(page).toHaveTitle(/Profile/);
    },
  );

  dashboardTest("the name menu works from the keyboard", async ({ page, signedIn }) => {
    await openSignedIn(page, signedIn);
    const button = accountMenu(page, signedIn.user.firstname);
    await button.focus();

    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("link", { name: "Homepage" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("button", { name: "Logout" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("link", { name: "Homepage" })).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Homepage" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/$/);
    await expectHomeContent(page);
  });

  dashboardTest(
    "collapses the sidebar to 80px of icons that keep their names",
    async ({ page, signedIn }) => {
      await openSignedIn(page, signedIn);
      await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");

      await toggle(page).click();

      await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
      await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(80);
      await expect(sidebar(page).getByRole("link", { name: "Eyewitness" })).toBeVisible();
      await expect(sidebar(page).getByRole("link", { name: "Profile" })).toBeVisible();
      await expect(sidebar(page).getByText("Profile")).toHaveClass(/visually-hidden/);
      await expectNoAxeViolations(page, "dashboard, sidebar collapsed");

      await page.reload();
      await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
      await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(80);
      await toggle(page).click();
      await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(250);
    },
  );

  dashboardTest(
    "logging out says so, goes home, and the session's token stops working",
    async ({ page, request, signedIn }) => {
      await openSignedIn(page, signedIn);
      expect(await profileAnswer(request, signedIn.token)).toBe(200);

      await accountMenu(page, signedIn.user.firstname).click();
      await page.getByRole("button", { name: "Logout" }).click();

      await expect(toasts(page)).toContainText("Logout successful");
      await expect(page).toHaveURL(/\/$/);
      expect(await page.evaluate(() => window.localStorage.getItem("user"))).toBeNull();
      expect(await profileAnswer(request, signedIn.token)).toBe(401);

      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/$/);
    },
  );
});

dashboardTest.describe("dashboard on a small screen", () => {
  dashboardTest.use({ viewport: { width: 375, height: 740 } });

  dashboardTest(
    "the navigation is a drawer: overlay click and Escape close it, focus returns to the toggle",
    async ({ page, signedIn }) => {
      await openSignedIn(page, signedIn);
      // The dashboard is drawn in the browser: measure it once it is there, not its loading state.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eyewitness report");
      await expect(sidebar(page)).toBeHidden();
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, "dashboard on a phone, drawer closed");

      await toggle(page).click();
      const drawer = page.getByRole("dialog", { name: "Navigation menu" });
      await expect(drawer).toBeVisible();
      await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
      await expect(drawer.getByRole("button", { name: "Close" })).toBeFocused();
      await expect(drawer.getByRole("link", { name: "Inclusion Atlas" })).toBeVisible();
      await expect(drawer.getByRole("navigation", { name: "Dashboard" }).getByRole("link")).toHaveText([
        "Eyewitness",
        "My reports",
        "Profile",
      ]);
      const box = await drawer.boundingBox();
      expect(box?.x).toBe(0);
      expect(box?.width).toBeLessThan(375);
      await expectNoAxeViolations(page, "dashboard on a phone, drawer open");

      // Focus stays inside the drawer.
      for (let press = 0; press < 6; press += 1) {
        await page.keyboard.press("Tab");
        expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }

      await page.mouse.click(360, 400); // the dark overlay to the right of the drawer
      await expect(drawer).toBeHidden();
      await expect(toggle(page)).toBeFocused();
      await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");

      await page.keyboard.press("Enter");
      await expect(drawer).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(toggle(page)).toBeFocused();

      await toggle(page).click();
      await drawer.getByRole("link", { name: "Profile" }).click();
      await expect(page).toHaveURL(/\/dashboard\/profile$/);
      await expect(drawer).toBeHidden();
    },
  );

  dashboardTest("fits a 320px screen without sideways scrolling", async ({ page, signedIn }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openSignedIn(page, signedIn);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eyewitness report");
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("banner").getByRole("link", { name: "Inclusion Atlas" })).toBeVisible();
    await accountMenu(page, signedIn.user.firstname).click();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    // The open list lies wholly on the screen.
    const list = await page.getByRole("link", { name: "Homepage" }).locator("xpath=../..").boundingBox();
    expect(list?.x).toBeGreaterThanOrEqual(0);
    expect((list?.x ?? 0) + (list?.width ?? 0)).toBeLessThanOrEqual(320);
  });
});

dashboardTest.describe("public pages for a signed-in person", () => {
  dashboardTest(
    "the site menu welcomes them by name and links to the dashboard",
    async ({ page, signedIn }) => {
      await openSignedIn(page, signedIn, "/");
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(menu.getByText(`Welcome, ${signedIn.user.firstname}`)).toBeVisible();
      await expect(menu.getByRole("link", { name: "Login" })).toHaveCount(0);
      await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
      await expectNoAxeViolations(page, "site menu, signed in");

      await menu.getByRole("link", { name: "Dashboard" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eyewitness report");

      await page.goto("/eyewitnesspage");
      await expect(page.getByRole("link", { name: "Go to dashboard" })).toHaveAttribute("href", "/dashboard");
      await expect(page.getByRole("link", { name: "Login to dashboard" })).toHaveCount(0);
    },
  );

  dashboardTest(
    "Logout in the site menu closes it and ends the session",
    async ({ page, request, signedIn }) => {
      await openSignedIn(page, signedIn, "/about");
      const opener = page.getByRole("button", { name: "Open menu" });
      await opener.click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Logout" }).click();

      await expect(toasts(page)).toContainText("Logout successful");
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
      await expect(page).toHaveURL(/\/$/);
      expect(await profileAnswer(request, signedIn.token)).toBe(401);

      await opener.click();
      await expect(
        page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Login" }),
      ).toBeVisible();
    },
  );
});
