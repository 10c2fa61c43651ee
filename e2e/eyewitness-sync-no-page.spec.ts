import type { APIRequestContext, CDPSession } from "@playwright/test";
import { openSignedIn, signedInTest, type SignedIn } from "./support/accounts";
import { fillIn, waitForOutboxCode } from "./support/eyewitness-form";
import { expect } from "./support/fixtures";
import { expectServiceWorkerInControl } from "./support/service-worker";

// Background Sync with no page of the product open: a report queued offline is sent by the service worker
// itself, with the token it keeps only while reports wait, and that token is gone once the report is sent.
// Chromium fires the sync itself when the connection returns; Playwright has no call for it, so it is
// also fired through Chromium's DevTools protocol (ServiceWorker.dispatchSyncEvent).

signedInTest.use({ viewport: { width: 360, height: 740 } });

async function storedReports(request: APIRequestContext, signedIn: SignedIn, text: string) {
  const answer = await request.get("/api/v1/eyewitness/mine?per_page=100", {
    headers: { authorization: `Bearer ${signedIn.token}` },
  });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { reports: { comment: string }[] };
  return body.reports.filter((report) => report.comment === text);
}

/** The service worker's registration id for `origin`, as the DevTools protocol names it. */
async function registrationOf(cdp: CDPSession, origin: string): Promise<string> {
  const registrations = new Map<string, string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
    for (const { registrationId, scopeURL, isDeleted } of updated) {
      if (!isDeleted) registrations.set(scopeURL, registrationId);
    }
  });
  await cdp.send("ServiceWorker.enable");
  await expect
    .poll(() => registrations.get(`${origin}/`), { message: "the worker's registration" })
    .toBeTruthy();
  return registrations.get(`${origin}/`)!;
}

/** What the device keeps for the service worker to send with: the accounts whose token is kept. */
function keptTokens(): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open("inclusion-atlas-reports");
    opening.onerror = () => reject(opening.error ?? new Error("not opened"));
    opening.onsuccess = () => {
      const db = opening.result;
      const read = db.transaction("credentials").objectStore("credentials").getAllKeys();
      read.onsuccess = () => {
        db.close();
        resolve(read.result as number[]);
      };
      read.onerror = () => reject(read.error ?? new Error("not read"));
    };
  });
}

signedInTest(
  "a report queued offline is sent by the service worker with no page of the product open",
  async ({ page, context, request, signedIn, pageErrors }) => {
    signedInTest.slow();
    await openSignedIn(page, signedIn);
    await expectServiceWorkerInControl(page);
    const text = `Sent with no page open (${Date.now()}): the clinic's ramp has no handrail.`;
    await fillIn(page, text);
    await waitForOutboxCode(page);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(
      page.getByText(/^There is no connection, so your report is kept on this device\./),
    ).toBeVisible();
    expect(await page.evaluate(keptTokens)).toEqual([signedIn.user.id]);

    // Every page of the product closed (the one left is a blank page, no page of the site), then the
    // connection returns and the browser fires the sync.
    const origin = new URL(page.url()).origin;
    const blank = await context.newPage();
    // Chromium's offline emulation lapses for a page being unloaded (see eyewitness-never-stranded.spec.ts):
    // the closing page goes on saying it is offline, as a phone would, so it sends nothing as it goes.
    await page.evaluate(() => {
      Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    });
    await page.close();
    expect(await storedReports(request, signedIn, text)).toEqual([]);
    await context.setOffline(false);
    // Chromium fires the sync by itself when the connection returns; it is fired here too, in case the
    // browser waits (a second sync finds nothing left to send, and a report sent twice is stored once).
    const cdp = await context.newCDPSession(blank);
    const registrationId = await registrationOf(cdp, origin);
    await cdp.send("ServiceWorker.dispatchSyncEvent", {
      origin,
      registrationId,
      tag: "eyewitness-outbox",
      lastChance: false,
    });
    await expect.poll(async () => (await storedReports(request, signedIn, text)).length).toBe(1);
    await cdp.detach();
    expect(await storedReports(request, signedIn, text)).toHaveLength(1);

    // The reporter's next page says it was sent; the token kept for the worker went with the last report.
    await blank.goto(`${origin}/about`);
    await expect(
      blank.getByRole("status").filter({ hasText: "Your waiting report was sent." }),
    ).toBeVisible();
    await expect.poll(() => blank.evaluate(keptTokens)).toEqual([]);
    const offline = /ERR_INTERNET_DISCONNECTED|status of 503/;
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !offline.test(error)));
  },
);
