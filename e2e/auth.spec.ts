import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { allowFailedLoads, expect, expectNoAxeViolations, test } from "./support/fixtures";
import { linkTo, waitForMail } from "./support/mail";

// Accounts end to end: a real browser, the built product and its real e-mails. With no SMTP_URL the
// server writes every message as an .eml file in DATA_DIR/mail; these tests read them and follow their
// links as a person would.

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });

function uniqueEmail(who: string): string {
  return `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.org`;
}

async function storedSession(page: Page): Promise<{ token: string; firstname: string } | null> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("user") ?? "null"));
}

async function register(
  page: Page,
  person: { first: string; last: string; email: string; password: string },
) {
  await page.goto("/register");
  await page.getByRole("textbox", { name: "First name" }).fill(person.first);
  await page.getByRole("textbox", { name: "Last name" }).fill(person.last);
  await page.getByRole("textbox", { name: "E-mail address" }).fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Confirm password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verification Email Sent!" })).toBeVisible();
}

async function logOutOnServer(request: APIRequestContext, token: string) {
  const response = await request.post("/api/v1/auth/logout", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
}

/** Presses Tab (only Tab) until `target` has focus. */
async function tabTo(page: Page, target: Locator, most = 40) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `Tab did not reach it within ${most} presses`).toBeFocused();
}

test("register, verify by e-mail, edit the profile, log out, reset the password and sign in with it", async ({
  page,
  request,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const person = { first: "Ada", last: "Okafor", email: uniqueEmail("journey"), password: "Kettle-Drum-42" };
  const newPassword = "Lantern-Harbour-77";
  const mailbox = new Set<string>();

  await register(page, person);
  expect(await page.evaluate(() => window.localStorage.getItem("pendingVerificationEmail"))).toBe(
    person.email,
  );

  const verification = await waitForMail(
    person.email,
    (mail) => /Verify your e-mail address/.test(mail.subject),
    mailbox,
  );
  await page.goto(linkTo(verification, "/verify-email/"));
  await expect(
    page.getByText("Your e-mail is verified. Signing you in and taking you to your dashboard in 3 seconds."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const verifiedSession = await storedSession(page);
  expect(verifiedSession?.firstname).toBe("Ada");

  // A second session, as if on another device: the password reset below must end it.
  const elsewhere = await request.post("/api/v1/auth/login", {
    data: { email: person.email, password: person.password },
  });
  expect(elsewhere.status()).toBe(200);
  const elsewhereToken = ((await elsewhere.json()) as { token: string }).token;

  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Profile" })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByText(person.email, { exact: true })).toBeVisible();
  await expect(page.getByText("Your e-mail address cannot be changed.")).toBeVisible();
  await page.getByRole("textbox", { name: "First name" }).fill("Adaeze");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toasts(page)).toContainText("Profile updated successfully");
  expect((await storedSession(page))?.firstname).toBe("Adaeze");

  await page.getByRole("button", { name: /^Adaeze/ }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(toasts(page)).toContainText("Logout successful");
  await expect(page).toHaveURL(/\/$/);
  expect(await storedSession(page)).toBeNull();
  const loggedOut = await request.patch("/api/v1/auth/update-profile", {
    headers: { authorization: `Bearer ${verifiedSession?.token}` },
    data: { firstname: "Ada", lastname: "Okafor" },
  });
  expect(loggedOut.status()).toBe(401);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The URL changes before the new page replaces the login page, whose own "E-mail address" box would
  // take the address: wait for the new page's heading first.
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByRole("textbox", { name: "E-mail address" }).fill(person.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeVisible();
  await expect(
    page.getByText("If your email is registered, you will receive a password reset link").first(),
  ).toBeVisible();

  const reset = await waitForMail(
    person.email,
    (mail) => /Reset your Inclusion Atlas password/.test(mail.subject),
    mailbox,
  );
  await page.goto(linkTo(reset, "/reset-password/"));
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Password Reset Successful!" })).toBeVisible();
  await expect(toasts(page)).toContainText("Password has been reset successfully");

  await page.getByRole("link", { name: "Log in with your new password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  const email = page.getByRole("textbox", { name: "E-mail address" });
  const password = page.getByLabel("Password", { exact: true });
  await email.fill(person.email);
  await password.fill(person.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText("Wrong e-mail address or password");
  await expect(toasts(page)).toContainText("Wrong e-mail address or password");
  await expect(page).toHaveURL(/\/login$/);

  await password.fill(newPassword);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toasts(page)).toContainText("Welcome back, Adaeze!");

  const ended = await request.patch("/api/v1/auth/update-profile", {
    headers: { authorization: `Bearer ${elsewhereToken}` },
    data: { firstname: "Ada", lastname: "Okafor" },
  });
  expect(ended.status(), "the reset ends the sessions that were open before it").toBe(401);
  allowFailedLoads(pageErrors, [401]);
});

test("every account screen shows its validation errors accessibly, with zero axe violations", async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  const loginRequests: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().includes("/api/v1/auth/login")) loginRequests.push(sent.url());
  });

  await page.goto("/register");
  await expect(page).toHaveTitle(/^Create an account \| /);
  await page.getByRole("button", { name: "Create account" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Please fill out all fields");
  await expect(page.getByRole("textbox", { name: "First name" })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "registration with errors");
  await page.getByLabel("Password", { exact: true }).fill("kettle");
  await page.getByLabel("Confirm password", { exact: true }).fill("kettles");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(summary).toContainText("Please fill out all fields");
  await expect(page.getByText("Passwords do not match").first()).toBeVisible();
  await expectNoAxeViolations(page, "registration with password problems and live hints");

  await page.goto("/login");
  await expect(page).toHaveTitle(/^Log in \| /);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText("Please Fill out all fields");
  await expectNoAxeViolations(page, "login with errors");
  expect(loginRequests, "an empty login sends nothing").toEqual([]);

  await page.goto("/forgot-password");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("alert")).toContainText("Please provide your email address");
  await page.getByRole("textbox", { name: "E-mail address" }).fill("not-an-address");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("alert")).toContainText("Please enter a valid email address");
  await expectNoAxeViolations(page, "forgot password with errors");
  await page.getByRole("textbox", { name: "E-mail address" }).fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeFocused();
  await expectNoAxeViolations(page, "Check Your Email");

  await page.goto(`/reset-password/${"x".repeat(43)}`);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert")).toContainText("Please fill out all fields");
  await expectNoAxeViolations(page, "reset password with errors");
  await page.getByLabel("New password", { exact: true }).fill("Kettle-Drum-42");
  await page.getByLabel("Confirm new password", { exact: true }).fill("Kettle-Drum-42");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert")).toContainText("This password reset link is not valid");
  await expect(page.getByRole("link", { name: "Request a new password reset" })).toBeVisible();
  await expectNoAxeViolations(page, "reset password with a dead link");

  await page.goto("/reset-password");
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(
    page.getByText("Invalid reset link. Please request a new password reset.").first(),
  ).toBeVisible();

  await page.goto(`/verify-email/${"y".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1, name: "E-mail verification failed" })).toBeVisible();
  await expect(
    page.getByText("This verification link is not valid. Please ask for a new one.").first(),
  ).toBeVisible();
  await page.getByRole("button", { name: "Resend verification email" }).click();
  await expect(page.getByRole("alert")).toContainText("Please provide your email address");
  await expectNoAxeViolations(page, "verification failed, with Resend asking for the address");

  await page.setViewportSize({ width: 320, height: 640 });
  for (const screenPath of ["/register", "/login", "/forgot-password", `/reset-password/${"x".repeat(43)}`]) {
    await page.goto(screenPath);
    await page.getByRole("button", { name: /Create account|Log in|Send reset link|Reset password/ }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${screenPath} scrolls sideways by ${overflow}px at 320 px`).toBeLessThanOrEqual(0);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await register(page, {
    first: "Bola",
    last: "Ade",
    email: uniqueEmail("axe"),
    password: "Kettle-Drum-42",
  });
  await expect(page.getByRole("heading", { level: 1, name: "Verification Email Sent!" })).toBeFocused();
  await expectNoAxeViolations(page, "Verification Email Sent!");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Waiting for your verification e-mail?" })).toBeVisible();
  await expectNoAxeViolations(page, "registration offering Resend for the remembered address");
  allowFailedLoads(pageErrors, [400]);
});

test("keyboard only: register, meet 'verify first' with Resend, then log in", async ({
  page,
  request,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("keyboard");
  const password = "Harbour-Lantern-58";
  const mailbox = new Set<string>();

  await page.goto("/register");
  for (const [field, text] of [
    [page.getByRole("textbox", { name: "First name" }), "Kemi"],
    [page.getByRole("textbox", { name: "Last name" }), "Adebayo"],
    [page.getByRole("textbox", { name: "E-mail address" }), email],
    [page.getByLabel("Password", { exact: true }), password],
    [page.getByLabel("Confirm password", { exact: true }), password],
  ] as const) {
    await tabTo(page, field);
    await page.keyboard.type(text);
  }
  await tabTo(page, page.getByRole("button", { name: "Create account" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Verification Email Sent!" })).toBeFocused();
  await waitForMail(email, (mail) => /Verify your e-mail address/.test(mail.subject), mailbox);

  // Signing in before verifying says so, and offers a new link.
  await page.goto("/login");
  await tabTo(page, page.getByRole("textbox", { name: "E-mail address" }));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toContainText("Please verify your e-mail address before signing in");
  await tabTo(page, page.getByRole("button", { name: "Resend verification email" }));
  await page.keyboard.press("Enter");
  await expect(toasts(page)).toContainText("we have sent a new link");

  const resent = await waitForMail(email, (mail) => /Verify your e-mail address/.test(mail.subject), mailbox);
  await page.goto(linkTo(resent, "/verify-email/"));
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = await storedSession(page);
  if (!session) throw new Error("verification did not sign in");
  await logOutOnServer(request, session.token);
  await page.evaluate(() => window.localStorage.removeItem("user"));

  await page.goto("/login");
  await tabTo(page, page.getByRole("textbox", { name: "E-mail address" }));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(password);
  await tabTo(page, page.getByRole("button", { name: "Log in" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toasts(page)).toContainText("Welcome back, Kemi!");

  // Signed in, the login page says so and moves on by itself.
  await page.goto("/login");
  await expect(page.getByRole("status").filter({ hasText: "You are signed in as Kemi" })).toContainText(
    "Taking you to your dashboard in 2 seconds.",
  );
  // The page waits 2 s, then the dashboard's code loads: leave room for a busy machine.
  await expect(page).toHaveURL(/\/dashboard$/);
  allowFailedLoads(pageErrors, [403]);
});

test("the sign-up, login and forgot-password forms are in the HTML before any JavaScript runs", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/register");
  await expect(page.getByRole("textbox", { name: "First name" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your password needs:" })).toBeVisible();
  await page.goto("/login");
  await expect(page.getByRole("textbox", { name: "E-mail address" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot password?" })).toBeVisible();
  await page.goto("/forgot-password");
  await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
  await context.close();
});
