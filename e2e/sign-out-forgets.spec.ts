import type { BrowserContext, Page } from "@playwright/test";
import { expectServiceWorkerInControl } from "./support/service-worker";
import { openSignedIn, registerVerified, signIn, signedInTest, type SignedIn } from "./support/accounts";
import { comment, fillIn, waitForOutboxCode } from "./support/eyewitness-form";
import { allowFailedLoads, expect, expectNoAxeViolations } from "./support/fixtures";

// A shared phone after sign-out, in Chromium: the account writes a draft, queues a report without a
// connection and reads My reports (an API answer, through the service worker); after Logout the browser's
// storage (every IndexedDB database, localStorage, sessionStorage, CacheStorage) is searched for the
// account's e-mail, token and texts. The unsent report is sent, kept for the account's next sign-in (and
// shown to no other account) or deleted, as the person answers; a session the server ends keeps it.

interface DeviceContents {
  drafts: { userId: number; comment: string }[];
  outbox: { userId: number; comment: string }[];
  /** Every other place that holds one of the texts looked for, as "place: text". */
  holding: string[];
  /** The paths kept in CacheStorage (the service worker's caches). */
  cachedPaths: string[];
}

/** What this browser keeps: the reports' drafts and outbox, and where else any of `needles` is found. */
function deviceContents(page: Page, needles: string[]): Promise<DeviceContents> {
  return page.evaluate(async (texts) => {
    const holding: string[] = [];
    const search = (place: string, content: string) => {
      for (const text of texts) if (content.includes(text)) holding.push(`${place}: ${text}`);
    };
    for (const [name, storage] of [
      ["localStorage", window.localStorage],
      ["sessionStorage", window.sessionStorage],
    ] as const) {
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index) ?? "";
        search(`${name} ${key}`, `${key}=${storage.getItem(key)}`);
      }
    }
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
      });
    type Kept = { userId: number; draft?: { comment: string }; submission?: { comment: string } };
    const drafts: DeviceContents["drafts"] = [];
    const outbox: DeviceContents["outbox"] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await read(indexedDB.open(name));
      for (const storeName of db.objectStoreNames) {
        const records = await read(db.transaction(storeName).objectStore(storeName).getAll());
        if (name === "inclusion-atlas-reports" && storeName === "drafts") {
          drafts.push(
            ...(records as Kept[]).map((kept) => ({ userId: kept.userId, comment: kept.draft!.comment })),
          );
        } else if (name === "inclusion-atlas-reports" && storeName === "outbox") {
          outbox.push(
            ...(records as Kept[]).map((kept) => ({
              userId: kept.userId,
              comment: kept.submission!.comment,
            })),
          );
        } else {
          search(`IndexedDB ${name}/${storeName}`, JSON.stringify(records));
        }
      }
      db.close();
    }
    const cachedPaths: string[] = [];
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        cachedPaths.push(path);
        const response = await cache.match(request);
        search(`CacheStorage ${cacheName} ${path}`, (await response?.text()) ?? "");
      }
    }
    return { drafts, outbox, holding, cachedPaths };
  }, needles);
}

/** Paths that carry a person's data: never to be kept by the service worker. */
const personalPath = /^(\/[a-z]{2,3})?\/(api|media|dashboard)(\/|$)/;

interface Written {
  draftText: string;
  queuedText: string;
  /** What must be found nowhere after Logout but where the person chose to keep it. */
  needles: string[];
}

/**
 * Signed in with the service worker in control, reads My reports, queues a report without a connection,
 * then types a draft. Submissions then answer 503 (the connection is back, the server is not): the report
 * stays unsent until a test lets it through.
 */
async function writeDraftAndQueueReport(
  page: Page,
  context: BrowserContext,
  signedIn: SignedIn,
): Promise<Written> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const written = {
    draftText: `A draft on a shared phone (${stamp}).`,
    queuedText: `A report queued on a shared phone (${stamp}).`,
  };
  await openSignedIn(page, signedIn);
  await expectServiceWorkerInControl(page);
  const dashboardLink = (name: string) =>
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name });
  await dashboardLink("My reports").click();
  await expect(page.getByRole("heading", { level: 1, name: "My reports" })).toBeVisible();
  await dashboardLink("Eyewitness").click();
  await expect(page.getByRole("heading", { level: 1, name: "Eyewitness report" })).toBeVisible();

  await fillIn(page, written.queuedText);
  await waitForOutboxCode(page);
  await context.setOffline(true);
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("status").filter({ hasText: "waiting to be sent" })).toHaveText(
    "1 report waiting to be sent",
  );
  await comment(page).fill(written.draftText);
  await expect
    .poll(async () => (await deviceContents(page, [])).drafts)
    .toEqual([{ userId: signedIn.user.id, comment: written.draftText }]);
  // The search below finds what it looks for: the session, while it lasts, and the token kept beside the
  // waiting report for the service worker (to send it with no page open).
  expect((await deviceContents(page, [signedIn.token])).holding).toEqual([
    `localStorage user: ${signedIn.token}`,
    `IndexedDB inclusion-atlas-reports/credentials: ${signedIn.token}`,
  ]);

  await page.route("**/api/v1/eyewitness", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        success: false,
        message: "The service is unavailable. Please try again later.",
        code: "SERVICE_UNAVAILABLE",
      }),
    }),
  );
  await context.setOffline(false);
  return {
    ...written,
    needles: [signedIn.user.email, signedIn.token, written.draftText, written.queuedText],
  };
}

const question = (page: Page) => page.getByRole("dialog", { name: "A report has not been sent" });

/** The account menu's button, named by the account's first name as the server gave it at sign-in. */
const accountButton = (page: Page, signedIn: SignedIn) =>
  page.getByRole("button", { name: `${signedIn.user.firstname} (your account)` });

async function logOutAndAnswer(
  page: Page,
  signedIn: SignedIn,
  answer: "Send it now" | "Keep it on this phone" | "Delete it",
) {
  await accountButton(page, signedIn).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole("button", { name: answer }).click();
}

async function expectSignedOutAtHome(page: Page, said = "Logout successful") {
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(said);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem("user"))).toBeNull();
}

/** Nothing of the account anywhere in the browser, but the reports kept in the outbox (`outbox`). */
async function expectNothingOfTheAccount(page: Page, written: Written, outbox: DeviceContents["outbox"]) {
  // The drafts and the outbox are let go a moment after the session.
  await expect
    .poll(async () => {
      const { drafts, outbox } = await deviceContents(page, []);
      return { drafts, outbox };
    })
    .toEqual({ drafts: [], outbox });
  const contents = await deviceContents(page, written.needles);
  expect(contents.holding, "places in the browser holding the account's data").toEqual([]);
  // The service worker did keep pages (the ones visited), and nothing personal among them.
  expect(contents.cachedPaths.length).toBeGreaterThan(0);
  expect(contents.cachedPaths.filter((path) => personalPath.test(path))).toEqual([]);
}

signedInTest.describe("a shared phone after sign-out", () => {
  signedInTest(
    "Logout asks about the unsent report; Delete leaves nothing of the account in the browser",
    async ({ page, context, signedIn, pageErrors }) => {
      const written = await writeDraftAndQueueReport(page, context, signedIn);
      await accountButton(page, signedIn).click();
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(question(page)).toBeVisible();
      await expect(question(page)).toHaveAccessibleDescription(
        "It is kept on this phone. Send it now, keep it on this phone for your next sign-in, or delete it?",
      );
      await expect(question(page).getByRole("button", { name: "Send it now" })).toBeFocused();
      await expectNoAxeViolations(page, "the question about the unsent report");

      await question(page).getByRole("button", { name: "Delete it" }).click();
      await expectSignedOutAtHome(page);
      await expectNothingOfTheAccount(page, written, []);
      allowFailedLoads(pageErrors, [503]);
    },
  );

  signedInTest(
    "Send it now: says when it cannot send, then sends, signs out and leaves nothing behind",
    async ({ page, context, signedIn, request, account, pageErrors }) => {
      const written = await writeDraftAndQueueReport(page, context, signedIn);
      await logOutAndAnswer(page, signedIn, "Send it now");
      await expect(question(page).getByRole("alert")).toHaveText(
        "The report could not be sent: there is no connection, or the server did not answer. Try again, keep it on this phone, or delete it.",
      );
      expect(await page.evaluate(() => window.localStorage.getItem("user"))).not.toBeNull();

      await page.unroute("**/api/v1/eyewitness");
      await question(page).getByRole("button", { name: "Send it now" }).click();
      await expectSignedOutAtHome(page, "Your report was sent, and you are logged out.");
      await expectNothingOfTheAccount(page, written, []);

      const again = await signIn(request, account.email, account.password);
      const mine = await request.get("/api/v1/eyewitness/mine", {
        headers: { authorization: `Bearer ${again.token}` },
      });
      expect(mine.status()).toBe(200);
      expect(await mine.text()).toContain(written.queuedText);
      allowFailedLoads(pageErrors, [503]);
    },
  );

  signedInTest(
    "Keep: the report waits for this account's next sign-in, unseen by another account, then is sent",
    async ({ page, context, signedIn, request, account, pageErrors }) => {
      const written = await writeDraftAndQueueReport(page, context, signedIn);
      await logOutAndAnswer(page, signedIn, "Keep it on this phone");
      await expectSignedOutAtHome(page);
      const kept = [{ userId: signedIn.user.id, comment: written.queuedText }];
      await expectNothingOfTheAccount(page, written, kept);
      await page.unroute("**/api/v1/eyewitness");

      // Another account on the same phone: an empty form, nothing waiting, and the report left alone.
      const other = await registerVerified(request, "Tunde", "Bakare");
      await openSignedIn(page, await signIn(request, other.email, other.password));
      await expect(page.getByRole("heading", { level: 1, name: "Eyewitness report" })).toBeVisible();
      await waitForOutboxCode(page);
      await expect(page.getByLabel("E-mail address")).toHaveValue(other.email);
      await expect(comment(page)).toHaveValue("");
      await expect(page.getByText("Draft restored")).toHaveCount(0);
      await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
      expect((await deviceContents(page, [])).outbox).toEqual(kept);
      await page.getByRole("button", { name: "Tunde (your account)" }).click();
      await page.getByRole("button", { name: "Logout" }).click();
      await expectSignedOutAtHome(page);

      // The account that kept it signs in again: it is sent.
      await openSignedIn(page, await signIn(request, account.email, account.password));
      await expect(
        page.getByRole("status").filter({ hasText: "Your waiting report was sent." }),
      ).toBeVisible();
      await expect.poll(async () => (await deviceContents(page, [])).outbox).toEqual([]);
      allowFailedLoads(pageErrors, [503]);
    },
  );

  signedInTest(
    "a session the server ended: the next answer signs out, the draft goes and the report is kept",
    async ({ page, context, signedIn, request, pageErrors }) => {
      const written = await writeDraftAndQueueReport(page, context, signedIn);
      // Ended on the server (as an expiry or a password reset would), unknown to the browser.
      const ended = await request.post("/api/v1/auth/logout", {
        headers: { authorization: `Bearer ${signedIn.token}` },
      });
      expect(ended.status()).toBe(200);

      await page
        .getByRole("navigation", { name: "Dashboard" })
        .getByRole("link", { name: "My reports" })
        .click();
      await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
        "Unauthorized! Logging Out...",
      );
      await expect(page).toHaveURL(/\/$/);
      await expectNothingOfTheAccount(page, written, [
        { userId: signedIn.user.id, comment: written.queuedText },
      ]);
      allowFailedLoads(pageErrors, [401, 503]);
    },
  );
});
