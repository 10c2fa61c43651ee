import type { APIRequestContext, Page } from "@playwright/test";
import { openSignedIn, signedInTest, type SignedIn } from "./support/accounts";
import { fillIn, waitForOutboxCode } from "./support/eyewitness-form";
import { expect, expectNoAxeViolations } from "./support/fixtures";
import { expectServiceWorkerInControl } from "./support/service-worker";

// A report written without a connection is never stranded, on a 360 px phone: it survives a reload, the
// offline page lists it, it is sent by itself once the connection is back on whatever page is open, and a
// retry after an answer lost on the way back is stored once (the phone's idempotency key).

signedInTest.use({ viewport: { width: 360, height: 740 } });

/** The reporter's reports on the server whose comment is `text` (asked of the API, as the reporter). */
async function storedReports(request: APIRequestContext, signedIn: SignedIn, text: string) {
  const answer = await request.get("/api/v1/eyewitness/mine?per_page=100", {
    headers: { authorization: `Bearer ${signedIn.token}` },
  });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { reports: { comment: string; idempotencyKey: string | null }[] };
  return body.reports.filter((report) => report.comment === text);
}

/** Opens a page of the dashboard from its navigation, behind the menu button on a phone. */
async function openFromDashboardMenu(page: Page, name: string) {
  await page.getByRole("button", { name: "Navigation menu" }).click();
  await page
    .getByRole("dialog", { name: "Navigation menu" })
    .getByRole("link", { name, exact: true })
    .click();
}

/**
 * Reloads the page while the context is offline. Chromium's offline emulation lapses for the outgoing
 * document during a navigation: between its beforeunload and pagehide it gets an `online` event with
 * navigator.onLine true, and a request it makes then reaches the server unseen by Playwright (seen in about
 * one run in ten: the layout's outbox sender sent the queued report from the page being replaced, so the
 * server had it while the test was offline). A phone without a connection never says it is back online
 * halfway through a reload, so the outgoing page alone goes on saying what the emulation said (every
 * sender checks navigator.onLine before it sends); the new page, and the connection's real return later,
 * are untouched.
 */
async function reloadWhileOffline(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
  });
  await page.reload();
}

signedInTest(
  "a report queued offline survives a reload, is listed on the offline page, and is sent by itself on another page",
  async ({ page, context, request, signedIn, pageErrors }) => {
    await openSignedIn(page, signedIn);
    await expectServiceWorkerInControl(page);
    const text = `Queued offline, never stranded (${Date.now()}): the lift at the secretariat is broken.`;
    await fillIn(page, text);
    await waitForOutboxCode(page);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(
      page.getByText(/^There is no connection, so your report is kept on this device\./),
    ).toBeVisible();

    // A reload without a connection: the worker's offline page, which lists the report and what happens next.
    await reloadWhileOffline(page);
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    const waiting = page.getByRole("region", { name: "Reports waiting on this phone" });
    await expect(waiting).toContainText("They will be sent by themselves when the phone is back online.");
    await expect(waiting.getByRole("listitem")).toHaveCount(1);
    await expect(waiting.getByRole("listitem")).toContainText("Barrier: Queued offline, never stranded (");
    await expect(waiting.getByRole("listitem")).toContainText("Kept on this phone since");
    await expectNoAxeViolations(page, "offline page with a waiting report");
    expect(await storedReports(request, signedIn, text)).toEqual([]);

    // Back online, the reporter opens a public page, not the dashboard: the report goes by itself.
    await context.setOffline(false);
    await page.goto("/about");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.getByRole("status").filter({ hasText: "Your waiting report was sent." })).toBeVisible();
    await expect.poll(async () => (await storedReports(request, signedIn, text)).length).toBe(1);

    // My reports lists it once, from the server, no longer as waiting on the phone.
    await openSignedIn(page, signedIn, "/dashboard/my-reports");
    await expect(page.getByRole("article").filter({ hasText: text })).toHaveCount(1);
    await expect(page.getByText("Waiting to be sent from this phone")).toHaveCount(0);
    const offline = /ERR_INTERNET_DISCONNECTED|status of 503/;
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !offline.test(error)));
  },
);

signedInTest(
  "My reports shows a report waiting on the phone as 'Waiting to be sent from this phone'",
  async ({ page, context, signedIn, pageErrors }) => {
    // My reports first, then the form: the code of both pages is fetched while there is a connection.
    await openSignedIn(page, signedIn, "/dashboard/my-reports");
    await openFromDashboardMenu(page, "Eyewitness");
    const text = `Waiting in My reports (${Date.now()}).`;
    await fillIn(page, text);
    await waitForOutboxCode(page);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(
      page.getByText(/^There is no connection, so your report is kept on this device\./),
    ).toBeVisible();

    await openFromDashboardMenu(page, "My reports");
    const card = page.getByRole("list", { name: "Reports waiting on this phone" }).getByRole("article");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Waiting to be sent from this phone");
    await expect(card).toContainText(text);

    await context.setOffline(false);
    await expect(page.getByRole("article").filter({ hasText: text })).toHaveCount(1);
    await expect(page.getByRole("article").filter({ hasText: text })).toContainText("Pending review");
    await expect(page.getByText("Waiting to be sent from this phone")).toHaveCount(0);
    const offline = /ERR_INTERNET_DISCONNECTED/;
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !offline.test(error)));
  },
);

signedInTest(
  "a report whose answer was lost on the way back is stored once when the phone sends it again",
  async ({ page, request, signedIn, pageErrors }) => {
    let tries = 0;
    await page.route("**/api/v1/eyewitness", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      tries += 1;
      if (tries > 1) return route.continue();
      // The first try reaches the server, which stores the report; its answer never comes back.
      const answer = await route.fetch();
      expect(answer.status()).toBe(201);
      return route.abort("connectionreset");
    });
    await openSignedIn(page, signedIn);
    const text = `Answer lost on the way back (${Date.now()}).`;
    await fillIn(page, text);
    await waitForOutboxCode(page);
    await page.getByRole("button", { name: "Send report" }).click();

    // No answer: the form keeps it in the outbox, which sends it again at once, with the same key.
    await expect(page.getByRole("status").filter({ hasText: "Your waiting report was sent." })).toBeVisible();
    expect(tries).toBe(2);
    const stored = await storedReports(request, signedIn, text);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const lost = /ERR_CONNECTION_RESET|ERR_FAILED/;
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !lost.test(error)));
    await openFromDashboardMenu(page, "My reports");
    await expect(page.getByRole("article").filter({ hasText: text })).toHaveCount(1);
  },
);
