import type { Page } from "@playwright/test";
import { paths } from "../src/domain/routes";
import { formatted } from "./support/catalogues";
import { allowFailedLoads, expect, test } from "./support/fixtures";
import { createAdmin, e2eAdmin } from "./support/global-setup";
import { startBuiltServer, type BuiltServer } from "./support/server";

// Every failure the server answers with reads in the page's language: on each language's pages, a 400 (a
// reset link the server does not know), a 401 (a wrong password), a 403 (the right password of an address
// not verified yet), a 409 (a correction another reviewer decided a moment before) and a 429 (a fourth
// sign-in for one address within the window) each show the catalogue's sentence for the problem key the
// server sent, never the server's English message. The spec runs its own server, whose per-address
// sign-in limit is 3, so the 429 takes four attempts; every other address here is tried at most once.

const languages = ["en", "ha", "yo", "ig", "pcm"] as const;
const ACCOUNT_LIMIT = 3;
const password = "Atlas-Shell-2026!x";

test.describe("server failures in every language", () => {
  let server: BuiltServer;
  let admin: { token: string; user: Record<string, unknown> };
  const at = (address: string) => `${server.baseUrl}${address}`;

  const api = async (method: string, address: string, body?: unknown, token?: string) => {
    const response = await fetch(at(address), {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  test.beforeAll(async () => {
    server = await startBuiltServer({
      dataDirPrefix: "inclusion-atlas-e2e-failures-",
      beforeStart: createAdmin,
      env: { AUTH_ACCOUNT_RATE_LIMIT_MAX: String(ACCOUNT_LIMIT) },
    });
    // Once for the whole spec: the admin's address counts towards its own limit too.
    const signedIn = await api("POST", "/api/v1/auth/login", {
      email: e2eAdmin.email,
      password: e2eAdmin.password,
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    admin = signedIn.body as typeof admin;
  });
  test.afterAll(async () => server?.stop());

  for (const language of languages) {
    test(`${language}: a 400, 401, 403, 409 and 429 each read in the page's language`, async ({
      page,
      pageErrors,
    }) => {
      const say = (id: string, values?: Record<string, unknown>) => formatted(language, id, values);
      const inLanguage = (path: string) => at(language === "en" ? path : `/${language}${path}`);
      const run = `${language}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      const shows = async (id: string, english: string, values?: Record<string, unknown>) => {
        await expect(
          page
            .getByRole("alert")
            .filter({ hasText: say(id, values) })
            .first(),
        ).toBeVisible();
        if (language !== "en") await expect(page.getByText(english, { exact: false })).toHaveCount(0);
      };

      // 401: a wrong password.
      await signIn(page, inLanguage(paths.login()), say, `nobody-${run}@example.org`, "Wrong-Harbour-2026!");
      await shows("errors.account.wrongCredentials", "Wrong e-mail address or password");

      // 403: the right password of an account whose address is not verified yet.
      const unverified = `unverified-${run}@example.org`;
      const registered = await api("POST", "/api/v1/auth/register", {
        email: unverified,
        password,
        firstname: "Chiamaka",
        lastname: "Okafor",
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
      await signIn(page, inLanguage(paths.login()), say, unverified, password);
      await shows("errors.account.notVerified", "Please verify your e-mail address");

      // 429: one attempt more than the address's limit.
      const limited = `limited-${run}@example.org`;
      for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt++) {
        const refused = await api("POST", "/api/v1/auth/login", { email: limited, password: "Wrong-1!aaaa" });
        expect(refused.status).toBe(401);
      }
      const answer = page.waitForResponse((response) => response.url().endsWith("/api/v1/auth/login"));
      await signIn(page, inLanguage(paths.login()), say, limited, password);
      const tooMany = await answer;
      expect(tooMany.status()).toBe(429);
      const { problem } = (await tooMany.json()) as { problem: { key: string; params: { minutes: number } } };
      expect(problem.key).toBe("account.tooManyAttempts");
      await shows("errors.account.tooManyAttempts", "Too many attempts", { minutes: problem.params.minutes });

      // 400: a reset link whose token the server does not know.
      await page.goto(inLanguage(paths.resetPassword(`unknown-${run}-token`)));
      await page.getByLabel(say("auth.fields.newPassword"), { exact: true }).fill("Kettle-Harbour-2026!");
      await page
        .getByLabel(say("auth.fields.confirmNewPassword"), { exact: true })
        .fill("Kettle-Harbour-2026!");
      await page.getByRole("button", { name: say("auth.reset.submit") }).click();
      await shows("errors.account.resetLinkInvalid", "This password reset link is not valid");

      // 409: a correction another reviewer decides while it is on this admin's screen.
      const marker = `The figure for this state is out of date (${run}).`;
      const sent = await api("POST", "/api/v1/corrections", {
        subject: "state",
        subjectId: 25,
        whatIsWrong: marker,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const queue = await api("GET", "/api/v1/corrections?status=new&per_page=100", undefined, admin.token);
      const corrections = queue.body.corrections as { id: string }[];
      const correctionId = corrections.find((item) => JSON.stringify(item).includes(run))?.id;
      expect(correctionId).toBeDefined();
      await page.goto(at("/about"));
      await page.evaluate((stored) => window.localStorage.setItem("user", JSON.stringify(stored)), {
        ...admin.user,
        token: admin.token,
      });
      await page.goto(inLanguage(paths.reviews()));
      const item = page.getByRole("listitem").filter({ hasText: marker });
      const accept = item.getByRole("button").first();
      await expect(accept).toBeVisible();
      const decided = await api(
        "PATCH",
        `/api/v1/corrections/${correctionId}`,
        { status: "accepted" },
        admin.token,
      );
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      await accept.click();
      await expect(
        page.getByRole("status").filter({ hasText: say("errors.corrections.conflict") }),
      ).toBeVisible();
      if (language !== "en") await expect(page.getByText("Someone else has already decided")).toHaveCount(0);
      await page.evaluate(() => window.localStorage.removeItem("user"));

      allowFailedLoads(pageErrors, [400, 401, 403, 409, 429]);
    });
  }
});

/** Fills the sign-in form of the page at `address` and sends it. */
async function signIn(
  page: Page,
  address: string,
  say: (id: string) => string,
  email: string,
  secret: string,
): Promise<void> {
  await page.goto(address);
  await page.getByLabel(say("auth.fields.email"), { exact: true }).fill(email);
  await page.getByLabel(say("auth.fields.password"), { exact: true }).fill(secret);
  await page.getByRole("button", { name: say("auth.login.submit"), exact: true }).click();
}
