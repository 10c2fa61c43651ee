import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/fixtures";

// /api/docs: the API reference, a plain server-made page (no app, no hydration, no script). It works
// under its own Content-Security-Policy (its style applies, nothing is blocked) with no axe violations.

test.use({ baseURL: process.env.E2E_BASE_URL });

test("/api/docs is a readable, accessible reference that its CSP does not break", async ({ page }) => {
  // axe reads every one of the page's few thousand elements (every endpoint, every field).
  test.slow();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );

  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Inclusion Atlas API reference");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inclusion Atlas API reference");
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Endpoints" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Accounts" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "POST /api/v1/auth/login" })).toBeVisible();
  // The inline style is allowed by its hash: the layout is a grid, not the browser's defaults.
  expect(await page.locator(".layout").evaluate((element) => getComputedStyle(element).display)).toBe("grid");

  // The contents lead to each operation, by keyboard too.
  await page.getByRole("link", { name: "GET /api/v1/health" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#get-api-v1-health$/);

  await expectNoAxeViolations(page, "/api/docs");
  expect(errors).toEqual([]);
});
