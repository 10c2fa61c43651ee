import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { verificationTokenFor } from "./mail";

// Signed-in tests against the real accounts API: one account per worker, registered and verified through
// its e-mail (read from DATA_DIR/mail), then a fresh session per test from /auth/login.

export interface Account {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

export interface SignedIn {
  token: string;
  user: { id: number; firstname: string; lastname: string; email: string; role: string };
}

export const signedInTest = test.extend<{ signedIn: SignedIn }, { account: Account }>({
  account: [
    async ({}, use, workerInfo) => {
      const baseUrl = process.env.E2E_BASE_URL;
      if (!baseUrl) throw new Error("E2E_BASE_URL is not set: run through playwright test (global setup).");
      const account: Account = {
        email: `signed-in-${workerInfo.workerIndex}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`,
        password: "Atlas-Shell-2026!x",
        firstname: "Chiamaka",
        lastname: "Okafor",
      };
      const registered = await fetch(`${baseUrl}/api/v1/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(account),
      });
      expect(registered.status, await registered.clone().text()).toBe(201);
      const token = await verificationTokenFor(account.email);
      // Sent back as a browser would: the link signs in only the browser that registered.
      const cookie = registered.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      const verified = await fetch(`${baseUrl}/api/v1/auth/verify-email`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ token }),
      });
      expect(verified.status, await verified.clone().text()).toBe(200);
      await use(account);
    },
    { scope: "worker" },
  ],
  signedIn: async ({ account, request }, use) => {
    const response = await request.post("/api/v1/auth/login", {
      data: { email: account.email, password: account.password },
    });
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as SignedIn;
    await use({ token: body.token, user: body.user });
  },
});

/**
 * Puts the session where the web app keeps it (localStorage `user`), then opens `url`. Written from a file of
 * the site's origin that runs none of the app: a page of the app open meanwhile would read the session behind
 * its back when it next renders (as the router's late answer about its links makes it do) and act as the
 * account there, sending its waiting reports from a page about to be left.
 */
export async function openSignedIn(page: Page, signedIn: SignedIn, url = "/dashboard") {
  // The frame's own goto: the fixture's page.goto waits for a hydrated app, which this file never is.
  await page.mainFrame().goto("/favicon.svg");
  await page.evaluate((stored) => window.localStorage.setItem("user", JSON.stringify(stored)), {
    ...signedIn.user,
    token: signedIn.token,
  });
  await page.goto(url);
}

/** Signs in through the API, as the login page does, and returns the session. */
export async function signIn(request: APIRequestContext, email: string, password: string): Promise<SignedIn> {
  const response = await request.post("/api/v1/auth/login", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as SignedIn;
  return { token: body.token, user: body.user };
}

/** The admin made by the real create-admin CLI before the server started (global-setup.ts). */
export function signInAsAdmin(request: APIRequestContext): Promise<SignedIn> {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error("E2E_ADMIN_EMAIL is not set: run through playwright test.");
  return signIn(request, email, password);
}

/** A new account, registered and verified through its e-mail, with the role "user". */
export async function registerVerified(
  request: APIRequestContext,
  firstname: string,
  lastname: string,
): Promise<Account> {
  const account: Account = {
    email: `${firstname.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`,
    password: "Atlas-Roles-2026!x",
    firstname,
    lastname,
  };
  const registered = await request.post("/api/v1/auth/register", { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = await verificationTokenFor(account.email);
  // The same client registered: its registration cookie goes back, and the token alone verifies.
  const verified = await request.post("/api/v1/auth/verify-email", { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  return account;
}

/** A fresh account, verified through its e-mail, given `role` by the e2e admin, and signed in. */
export async function newStaff(
  request: APIRequestContext,
  role: "moderator" | "editor" | "admin",
  name: { firstname: string; lastname: string } = { firstname: "Bola", lastname: "Moderator" },
): Promise<{ account: Account; signedIn: SignedIn }> {
  const account = await registerVerified(request, name.firstname, name.lastname);
  const admin = await signInAsAdmin(request);
  const me = await signIn(request, account.email, account.password);
  const promoted = await request.patch("/api/v1/roles/update-role", {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { userId: me.user.id, role },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return { account, signedIn: await signIn(request, account.email, account.password) };
}
