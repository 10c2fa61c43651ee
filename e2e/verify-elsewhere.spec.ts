import { expect, expectNoAxeViolations, test } from "./support/fixtures";
import { verificationLinkFor } from "./support/mail";

// An e-mailed verification link, in real browsers. The address is registered by the API client (a browser
// of its own, with its own cookies); the link is then opened elsewhere: by a mail service's link checker
// (plain requests, and a browser that runs the page's scripts), and by the owner in another browser. Only
// the owner's action uses the link: the password chosen at registration, or a new one instead.

/** Unique even when two runs of a test start in the same millisecond on two workers. */
const uniqueAddress = (what: string) =>
  `${what}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.org`;

test("a link checker changes nothing; the owner verifies in another browser with the password they chose", async ({
  page,
  request,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueAddress("checked");
  const password = "Tangerine_Bicycle_84";
  const registered = await request.post("/api/v1/auth/register", {
    data: { email, password, firstname: "Amina", lastname: "Bello" },
  });
  expect(registered.status()).toBe(201);
  const link = new URL(await verificationLinkFor(email)).pathname;

  // The checker: GET and HEAD of the page and of what the page reads, then a browser that runs the page.
  const checker = await playwright.request.newContext({ baseURL });
  for (const method of ["GET", "HEAD"] as const) {
    expect((await checker.fetch(link, { method })).status()).toBe(200);
    expect((await checker.fetch(`/api/v1/auth${link}/registration`, { method })).status()).toBe(200);
  }
  await checker.dispose();
  const scanner = await browser.newContext({ baseURL });
  const scanned = await scanner.newPage();
  await scanned.goto(link);
  // A page of its own, not the fixture's: wait, as the fixture does, until it has hydrated (the screen is
  // drawn in the browser; under load that took longer than an assertion's 7 s).
  await scanned.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(scanned.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
  await scanner.close();
  // Still waiting for its owner: the right password is told "verify first".
  expect((await request.post("/api/v1/auth/login", { data: { email, password } })).status()).toBe(403);

  // The owner, in a browser that did not register.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeFocused();
  await expect(page.getByText("in the name of Amina Bello")).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("user"))).toBeNull();
  await expectNoAxeViolations(page, "confirm a verification link opened in another browser");

  await page.getByRole("textbox", { name: "Password chosen when registering" }).fill(password);
  await page.getByRole("button", { name: "Verify and sign in" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("user") ?? "null"));
  expect(stored?.email).toBe(email);
  expect((await request.post("/api/v1/auth/login", { data: { email, password } })).status()).toBe(200);
});

test("someone registered the owner's address: the owner chooses a new password, and the squatter's stops working", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueAddress("elsewhere");
  const registered = await request.post("/api/v1/auth/register", {
    data: { email, password: "Crimson-Harbour-31", firstname: "Mallory", lastname: "Thief" },
  });
  expect(registered.status()).toBe(201);

  // The address's owner follows the link in their own browser: the page says whose registration it is.
  await page.goto(new URL(await verificationLinkFor(email)).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
  await expect(page.getByText("in the name of Mallory Thief")).toBeVisible();

  await page.getByRole("button", { name: "Choose a new password instead" }).click();
  await expect(page.getByText(/removes the password chosen when registering/)).toBeVisible();
  await expectNoAxeViolations(page, "choose a new password with a verification link opened elsewhere");
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("Tangerine_Bicycle_84");
  await page.getByRole("textbox", { name: "Confirm new password" }).fill("Tangerine_Bicycle_84");
  await page.getByRole("button", { name: "Save password and sign in" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const squatter = await request.post("/api/v1/auth/login", {
    data: { email, password: "Crimson-Harbour-31" },
  });
  expect(squatter.status()).toBe(401);
  const owner = await request.post("/api/v1/auth/login", {
    data: { email, password: "Tangerine_Bicycle_84" },
  });
  expect(owner.status()).toBe(200);
});
