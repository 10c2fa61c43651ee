import { expect, test } from "./support/fixtures";

// On a slow phone the form is on screen seconds before its JavaScript, and people type into it. Here the
// page's scripts are held back until the visitor has typed, as a slow connection would; once the page is
// interactive, the form must know what was typed: Send never says a filled-in field is empty.

test.use({ viewport: { width: 360, height: 740 } });

test("what a visitor typed before the page was interactive is kept and sent", async ({ page }) => {
  let release = () => {};
  const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });

  // The fixture's goto waits until the page is interactive, which waits for the scripts held above.
  const opened = page.goto("/register");
  const firstName = page.getByRole("textbox", { name: "First name" });
  await firstName.fill("Hauwa");
  await page.getByRole("textbox", { name: "Last name" }).fill("Danjuma");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  release();
  await opened;

  await page.getByRole("button", { name: "Create account" }).click();
  const problems = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(problems).toContainText("Enter your e-mail address");
  await expect(problems).not.toContainText("Enter your first name");
  await expect(problems).not.toContainText("Enter your last name");
  await expect(firstName).toHaveValue("Hauwa");
});
