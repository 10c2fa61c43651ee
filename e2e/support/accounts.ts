import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { expect, test } from "./fixtures";

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
      const verified = await fetch(`${baseUrl}/api/v1/auth/verify-email/${encodeURIComponent(token)}`, {
        headers: { cookie },
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

/** Waits for the outbox worker to write the verification e-mail and returns the token in its link. */
export async function verificationTokenFor(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run through playwright test (global setup).");
  const mailDir = path.join(dataDir, "mail");
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const files = await readdir(mailDir).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith(".eml"))) {
      const mail = await simpleParser(await readFile(path.join(mailDir, file)));
      const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      if (!to.some((address) => address.text.includes(email))) continue;
      const token = /\/verify-email\/([^\s"'<>]+)/.exec(mail.text ?? "")?.[1];
      if (token) return decodeURIComponent(token);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No verification e-mail for ${email} in ${mailDir}`);
}

/** Puts the session where the web app keeps it (localStorage `user`), then opens `url`. */
export async function openSignedIn(page: Page, signedIn: SignedIn, url = "/dashboard") {
  await page.goto("/about");
  await page.evaluate((stored) => window.localStorage.setItem("user", JSON.stringify(stored)), {
    ...signedIn.user,
    token: signedIn.token,
  });
  await page.goto(url);
}
