import type { Locator, Page } from "@playwright/test";
import { paths } from "../src/domain/routes";
import { openSignedIn, registerVerified, signedInTest, signIn, signInAsAdmin } from "./support/accounts";
import { expect, expectNoAxeViolations } from "./support/fixtures";

// Role administration against the real roles API. The admin is made by the real create-admin CLI before
// the server starts (global-setup.ts); the people whose roles change are registered and verified here,
// each test its own, so other tests' accounts keep the role "user".

const accessDenied = "Access Denied - You don't have permission to access this page.";
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });
const heading = (page: Page) => page.getByRole("heading", { level: 1, name: "User roles" });
const searchbox = (page: Page) => page.getByRole("searchbox", { name: "Search users by name or e-mail" });
const tableRegion = (page: Page) => page.getByRole("region", { name: "Users and their roles" });
const rowOf = (page: Page, email: string) =>
  page.getByRole("table", { name: "Users and their roles" }).getByRole("row").filter({ hasText: email });

/** Types a search and presses Enter, then waits for the status line to give the count. */
async function search(page: Page, text: string) {
  await searchbox(page).fill(text);
  await searchbox(page).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: /match/ })).toContainText(`“${text}”`);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "horizontal overflow of the page in px").toBeLessThanOrEqual(0);
}

/** Records the page's requests to the roles API. */
function rolesRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/v1/roles/")) seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

const roleCell = (row: Locator) => row.getByRole("cell").nth(4);

signedInTest.describe("user roles", () => {
  signedInTest.use({ viewport: { width: 1280, height: 800 } });

  signedInTest(
    "a plain user sees 'Access Denied' and the page asks the server nothing",
    async ({ page, signedIn }) => {
      const asked = rolesRequests(page);
      await openSignedIn(page, signedIn, paths.userRoles());

      await expect(heading(page)).toBeVisible();
      await expect(page.getByText(accessDenied, { exact: true })).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      await expect(
        page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "User roles" }),
      ).toHaveCount(0);
      await expect(page).toHaveTitle("User roles | Inclusion Atlas");
      expect(asked).toEqual([]);
    },
  );

  signedInTest(
    "an admin promotes a user to moderator, who then sees the list with 'No permission'",
    async ({ page, request }) => {
      const account = await registerVerified(request, "Ada", "Obi");
      const admin = await signInAsAdmin(request);
      await openSignedIn(page, admin, paths.userRoles());
      await expect(heading(page)).toBeVisible();
      await expect(page).toHaveTitle("User roles | Inclusion Atlas");

      await search(page, account.email);
      await expect(page).toHaveURL(new RegExp(`\\?search=${encodeURIComponent(account.email)}$`));
      const row = rowOf(page, account.email);
      await expect(row).toHaveCount(1);
      await expect(roleCell(row)).toHaveText("User");
      const select = row.getByRole("combobox", { name: "Role of Ada Obi" });
      await select.selectOption("moderator");
      await row.getByRole("button", { name: "Save role of Ada Obi" }).click();

      await expect(toasts(page)).toContainText("User role updated successfully");
      await expect(roleCell(row)).toHaveText("Moderator");
      await expect(select).toHaveValue("moderator");

      // The change is stored: a fresh load shows it.
      await page.reload();
      await expect(roleCell(rowOf(page, account.email))).toHaveText("Moderator");

      const moderator = await signIn(request, account.email, account.password);
      expect(moderator.user.role).toBe("moderator");
      await openSignedIn(page, moderator, paths.userRoles());
      await expect(
        page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "User roles" }),
      ).toBeVisible();
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole("table", { name: "Users and their roles" })).toBeVisible();
      await expect(page.getByRole("combobox")).toHaveCount(0);
      await search(page, account.email);
      const ownRow = rowOf(page, account.email);
      await expect(ownRow.getByRole("cell").last()).toHaveText("No permission");
      await expectNoAxeViolations(page, "user roles, moderator view");
    },
  );

  signedInTest(
    "the admin's own select is disabled with its reason, and the admin view is axe-clean",
    async ({ page, request }) => {
      const admin = await signInAsAdmin(request);
      await openSignedIn(page, admin, paths.userRoles());
      await expect(page.getByRole("table", { name: "Users and their roles" })).toBeVisible();
      await expectNoAxeViolations(page, "user roles, admin view");

      await search(page, admin.user.email);
      const own = rowOf(page, admin.user.email).getByRole("combobox", {
        name: `Role of ${admin.user.firstname} ${admin.user.lastname}`,
      });
      await expect(own).toBeDisabled();
      await expect(own).toHaveValue("admin");
      await expect(own).toHaveAccessibleDescription("You cannot change your own role");
      await expect(rowOf(page, admin.user.email).getByRole("button", { name: /^Save/ })).toHaveCount(0);
    },
  );

  signedInTest(
    "from the keyboard alone: making someone an admin asks first, and Cancel keeps their role",
    async ({ page, request }) => {
      const account = await registerVerified(request, "Bola", "Ade");
      const admin = await signInAsAdmin(request);
      const asked = rolesRequests(page);
      await openSignedIn(page, admin, paths.userRoles());
      await expect(page.getByRole("table", { name: "Users and their roles" })).toBeVisible();

      await searchbox(page).focus();
      await page.keyboard.type(account.email);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: /match/ })).toContainText("1 user matches");

      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Search", exact: true })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(tableRegion(page)).toBeFocused();
      await page.keyboard.press("Tab");
      const select = page.getByRole("combobox", { name: "Role of Bola Ade" });
      await expect(select).toBeFocused();
      await select.selectOption("admin");
      await page.keyboard.press("Tab");
      const save = page.getByRole("button", { name: "Save role of Bola Ade" });
      await expect(save).toBeFocused();
      await page.keyboard.press("Enter");

      const dialog = page.getByRole("dialog", { name: "Make Bola Ade an admin?" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      await expectNoAxeViolations(page, "user roles, confirming a new admin");
      await page.keyboard.press("Enter");

      await expect(dialog).toBeHidden();
      await expect(save).toBeFocused();
      await expect(select).toHaveValue("user");
      await expect(roleCell(rowOf(page, account.email))).toHaveText("User");
      expect(asked.filter((line) => line.startsWith("PATCH"))).toEqual([]);
    },
  );

  for (const [width, height] of [
    [320, 640],
    [360, 740],
  ] as const) {
    signedInTest.describe(`at ${width} px wide`, () => {
      signedInTest.use({ viewport: { width, height } });

      signedInTest(
        "each user is a card that fits: neither the page nor the table scrolls sideways",
        async ({ page, request }) => {
          const account = await registerVerified(request, "Chidi", "Eze");
          const admin = await signInAsAdmin(request);
          await openSignedIn(page, admin, paths.userRoles());
          await search(page, account.email);
          const region = tableRegion(page);
          await expect(region).toBeVisible();
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth, "the page's width in px").toBeLessThanOrEqual(width);
          await expectNoHorizontalScroll(page);
          const inner = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
          expect(inner, "horizontal overflow of the table in px").toBeLessThanOrEqual(0);
          // Still a table to assistive technology, its cells named by the column headers.
          const row = rowOf(page, account.email);
          await expect(roleCell(row)).toHaveText("User");
          await expect(row.getByRole("rowheader")).toHaveText(account.email);
          const select = page.getByRole("combobox", { name: "Role of Chidi Eze" });
          await expect(select).toBeVisible();
          await select.selectOption("admin");
          await page.getByRole("button", { name: "Save role of Chidi Eze" }).click();
          const dialog = page.getByRole("dialog", { name: "Make Chidi Eze an admin?" });
          await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
          await dialog.getByRole("button", { name: "Cancel" }).click();
          await expect(dialog).toBeHidden();
          await expectNoAxeViolations(page, `user roles at ${width} px`);
        },
      );
    });
  }
});
