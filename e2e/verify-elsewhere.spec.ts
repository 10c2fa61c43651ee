import { expect, expectNoAxeViolations, test } from "./support/fixtures";
import { verificationLinkFor } from "./support/mail";

// Pre-registration takeover, in a real browser: the address is registered in one browser (here the API
// client, with its own cookies), and its verification link opened in another. That browser is not
// signed in: the page confirms the address and asks for the password, and only then signs the person in.

test("a verification link opened in another browser asks for the password before signing in", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Unique even when two runs of this test start in the same millisecond on two workers.
  const email = `elsewhere.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.org`;
  // Someone registers the address with a password of their own (another browser: the API client).
  const registered = await request.post("/api/v1/auth/register", {
    data: { email, password: "Crimson-Harbour-31", firstname: "Mallory", lastname: "Thief" },
  });
  expect(registered.status()).toBe(201);

  // The address's owner follows the link in their own browser.
  const link = await verificationLinkFor(email);
  await page.goto(new URL(link).pathname);

  await expect(page.getByRole("heading", { level: 1, name: "Choose your password" })).toBeVisible();
  await expect(page.getByText(/any password chosen before has been removed/)).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("user"))).toBeNull();
  await expectNoAxeViolations(page, "choose your password after verifying elsewhere");
  // The password set at registration no longer signs in.
  const squatter = await request.post("/api/v1/auth/login", {
    data: { email, password: "Crimson-Harbour-31" },
  });
  expect(squatter.status()).toBe(401);

  await page.getByRole("textbox", { name: "New password", exact: true }).fill("Tangerine_Bicycle_84");
  await page.getByRole("textbox", { name: "Confirm new password" }).fill("Tangerine_Bicycle_84");
  await page.getByRole("button", { name: "Save password and sign in" }).click();

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("user") ?? "null"));
  expect(stored?.email).toBe(email);
  const owner = await request.post("/api/v1/auth/login", {
    data: { email, password: "Tangerine_Bicycle_84" },
  });
  expect(owner.status()).toBe(200);
});
