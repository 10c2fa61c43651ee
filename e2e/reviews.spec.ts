import type { APIRequestContext, Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { newStaff, openSignedIn, signedInTest, type SignedIn } from "./support/accounts";
import { waitForMail } from "./support/mail";
import { allowFailedLoads, expect, expectNoAxeViolations } from "./support/fixtures";

// Review and publication end to end: a reporter sends a report with a photograph, a moderator decides,
// the public page shows verified reports only, without the reporter's e-mail or last name.
//
// Tests run in parallel and share the server: the queue lists pending reports oldest first, 20 a page, and
// other specs leave reports pending (Lagos, from the eyewitness form). So each test here opens the queue
// filtered to a state no other spec reports from: Kano (20), and Oyo (31) for the place test.

/** The review queue of pending reports from Kano, where only this spec's reports wait. */
const kanoQueue = "/dashboard/reviews?state=20";

/** A fresh moderator: registered, verified through its e-mail, promoted by the e2e admin. */
async function newModerator(request: APIRequestContext): Promise<SignedIn> {
  return (await newStaff(request, "moderator")).signedIn;
}

async function sendReport(
  request: APIRequestContext,
  reporter: SignedIn,
  comment: string,
  showFirstName: boolean,
  place: Record<string, string> = {},
): Promise<string> {
  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#447799" } })
    .jpeg()
    .toBuffer();
  const response = await request.post("/api/v1/eyewitness", {
    headers: { authorization: `Bearer ${reporter.token}` },
    multipart: {
      firstName: "Ngozi",
      lastName: "Secretlastname",
      email: reporter.user.email,
      commentType: "barrier",
      comment,
      stateId: "20",
      lga: "Kano Municipal",
      occurredOn: "2026-11-20",
      peopleConsent: "true",
      ...place,
      ...(showFirstName ? { showFirstName: "true" } : {}),
      media: { name: "ramp.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { report: { id: string } }).report.id;
}

async function decisionMailFor(email: string, words: string): Promise<string> {
  return (await waitForMail(email, (mail) => mail.text.includes(words))).text;
}

async function anonymousPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  return context.newPage();
}

signedInTest.describe("review and publication", () => {
  signedInTest(
    "a moderator verifies a report: it is public without e-mail or last name, its photo loads for anyone, and the reporter is told",
    async ({ page, signedIn, request, browser }) => {
      // A moderator made through an e-mail round trip and several axe runs: 30 s is tight on a busy machine.
      signedInTest.slow();
      const comment = `No lift at the Kano state library, ${Date.now()}.`;
      // Unique, so the e-mail waited for below is this decision's (the reporter's account is the worker's).
      const note = `Confirmed with the library, ${Date.now()}.`;
      const reportId = await sendReport(request, signedIn, comment, true);
      const moderator = await newModerator(request);

      await openSignedIn(page, moderator, kanoQueue);
      await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
      const card = page.getByRole("article").filter({ hasText: comment });
      await expect(card).toBeVisible();
      await expect(card).toContainText(signedIn.user.email);
      await expectNoAxeViolations(page, "review queue");
      await card.getByRole("textbox", { name: "Note to the reporter" }).fill(note);
      await card.getByRole("button", { name: "Verify" }).click();
      await card.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
        "The report is verified and now public.",
      );

      const visitor = await anonymousPage(browser);
      await visitor.goto("/eyewitness-reports");
      await expect(
        visitor.getByRole("heading", { level: 1, name: "Verified eyewitness reports" }),
      ).toBeVisible();
      const published = visitor.getByRole("article").filter({ hasText: comment });
      await expect(published).toContainText("Ngozi");
      await expect(visitor.locator("main")).not.toContainText("Secretlastname");
      await expect(visitor.locator("main")).not.toContainText(signedIn.user.email);
      const image = published.getByRole("img");
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBe(40);
      await expectNoAxeViolations(visitor, "public verified reports");
      const api = await visitor.request.get("/api/v1/eyewitness/published");
      const text = await api.text();
      expect(text).not.toContain("Secretlastname");
      expect(text).not.toContain(signedIn.user.email);
      expect(text).toContain(reportId);
      await visitor.context().close();

      const mail = await decisionMailFor(signedIn.user.email, note);
      expect(mail).toMatch(/verified/i);
      await openSignedIn(page, signedIn, "/dashboard/my-reports");
      const mine = page.getByRole("article").filter({ hasText: comment });
      await expect(mine).toContainText("Verified");
      await expect(mine).toContainText(`Note from the reviewer: ${note}`);
    },
  );

  signedInTest(
    "a rejected report never appears and its photo is refused to anonymous visitors",
    async ({ page, signedIn, request, browser }) => {
      const comment = `Rejected example ${Date.now()}.`;
      await sendReport(request, signedIn, comment, false);
      const moderator = await newModerator(request);
      const queue = await request.get("/api/v1/eyewitness/reviews?status=pending&state=20&per_page=100", {
        headers: { authorization: `Bearer ${moderator.token}` },
      });
      const report = (
        (await queue.json()) as { reports: { id: string; comment: string; media: { id: string }[] }[] }
      ).reports.find((candidate) => candidate.comment === comment);
      expect(report).toBeDefined();

      await openSignedIn(page, moderator, kanoQueue);
      const card = page.getByRole("article").filter({ hasText: comment });
      await card.getByRole("button", { name: "Reject" }).click();
      await expect(card.getByText(/Please write a note saying why the report is rejected\./)).toBeVisible();
      await card.getByRole("textbox", { name: "Note to the reporter" }).fill("This is not about disability.");
      await card.getByRole("button", { name: "Reject" }).click();
      await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
        "The report is rejected.",
      );

      const visitor = await anonymousPage(browser);
      await visitor.goto("/eyewitness-reports");
      await expect(
        visitor.getByRole("heading", { level: 1, name: "Verified eyewitness reports" }),
      ).toBeVisible();
      await expect(visitor.locator("main")).not.toContainText(comment);
      const media = await visitor.request.get(`/media/${report?.media[0]?.id}`);
      expect(media.status()).toBe(404);
      await visitor.context().close();
    },
  );

  signedInTest(
    "a verified report has its own page: link-preview tags in the served HTML, escaped; shared by WhatsApp or a copied link",
    async ({ page, signedIn, request }) => {
      // A moderator made through an e-mail round trip and several axe runs: 30 s is tight on a busy machine.
      signedInTest.slow();
      const comment = `Ramp "too steep" <script>alert('x')</script> at the Kano bus park, ${Date.now()}.`;
      const reportId = await sendReport(request, signedIn, comment, true);
      const moderator = await newModerator(request);
      const decided = await request.patch(`/api/v1/eyewitness/${reportId}/review`, {
        headers: { authorization: `Bearer ${moderator.token}` },
        data: { status: "verified", fromStatus: "pending", note: "" },
      });
      expect(decided.status(), await decided.text()).toBe(200);
      const baseUrl = process.env.E2E_BASE_URL ?? "";
      const title = "Barrier report, Kano, 20 November 2026";

      // What WhatsApp, X and Facebook read: the HTML as served, without running any script.
      const served = await page.request.get(`/eyewitness-reports/${reportId}`);
      expect(served.status()).toBe(200);
      const html = await served.text();
      const escaped = comment
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;")
        .replace(/'/g, "&#39;");
      expect(html).toContain(`<title>${title} | Inclusion Atlas</title>`);
      expect(html).toContain(`<meta name="description" content="${escaped}"/>`);
      expect(html).toContain('<meta property="og:type" content="article"/>');
      expect(html).toContain(`<meta property="og:title" content="${title} | Inclusion Atlas"/>`);
      expect(html).toContain(`<meta property="og:description" content="${escaped}"/>`);
      expect(html).toContain(`<meta property="og:url" content="${baseUrl}/eyewitness-reports/${reportId}"/>`);
      expect(html).toMatch(
        new RegExp(`<meta property="og:image" content="${baseUrl}/media/[0-9a-f-]+(\\?w=\\d+)?"/>`),
      );
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("Secretlastname");
      expect(html).not.toContain(signedIn.user.email);
      const unknown = await page.request.get("/eyewitness-reports/3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f70");
      expect(unknown.status()).toBe(404);
      expect(await unknown.text()).not.toContain("og:title");

      // No Web Share here, so the fallbacks show.
      await page.addInitScript(() => {
        delete (Navigator.prototype as { share?: unknown }).share;
      });
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto("/eyewitness-reports");
      const listed = page.getByRole("article").filter({ hasText: `at the Kano bus park` }).filter({
        hasText: comment,
      });
      await listed.getByRole("heading").getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`/eyewitness-reports/${reportId}$`));
      const heading = page.getByRole("heading", { level: 1, name: title });
      await expect(heading).toBeVisible();
      await expect(page).toHaveTitle(`${title} | Inclusion Atlas`);
      const article = page.getByRole("article", { name: title });
      await expect(article).toContainText("Reported by Ngozi.");
      await expect(article).toContainText(comment);
      await expect(article).not.toContainText("Secretlastname");
      const image = article.getByRole("img");
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBe(40);
      const whatsApp = page.getByRole("link", { name: /Share on WhatsApp/ });
      expect(await whatsApp.getAttribute("href")).toBe(
        `https://wa.me/?text=${encodeURIComponent(`${title} ${baseUrl}/eyewitness-reports/${reportId}`)}`,
      );
      await page.getByRole("button", { name: "Copy link" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.locator("main").getByRole("status")).toHaveText("Link copied.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${baseUrl}/eyewitness-reports/${reportId}`,
      );
      await expectNoAxeViolations(page, "a verified report's page");

      // Opened directly, the page hydrates over the served shell without errors (the fixture checks).
      await page.goto(`/eyewitness-reports/${reportId}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await page.goto("/eyewitness-reports/3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f70");
      await expect(page.getByRole("heading", { level: 1, name: "Report not found" })).toBeVisible();
      await expectNoAxeViolations(page, "a report that is not published");
    },
  );

  signedInTest("a plain user cannot review", async ({ page, signedIn, request, pageErrors }) => {
    const answer = await request.get("/api/v1/eyewitness/reviews", {
      headers: { authorization: `Bearer ${signedIn.token}` },
    });
    expect(answer.status()).toBe(403);
    await openSignedIn(page, signedIn, "/dashboard/reviews");
    await expect(
      page.getByText("Access Denied - You don't have permission to access this page."),
    ).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reviews" }),
    ).toHaveCount(0);
    allowFailedLoads(pageErrors, [403]);
  });

  signedInTest(
    "a verified report shows its place only as precisely as chosen, the filters find it, and /states counts it",
    async ({ page, signedIn, request, browser }) => {
      // A moderator made through an e-mail round trip and several axe runs: 30 s is tight on a busy machine.
      signedInTest.slow();
      const comment = `The bus park has no ramp, ${Date.now()}.`;
      await sendReport(request, signedIn, comment, false, {
        stateId: "31",
        lga: "Oluyole",
        place: "Oluyole market",
        placePrecision: "lga",
      });
      const moderator = await newModerator(request);

      await openSignedIn(page, moderator, "/dashboard/reviews");
      await page.getByLabel("State", { exact: true }).selectOption({ label: "Oyo" });
      await page.getByRole("button", { name: "Show", exact: true }).click();
      await expect(page).toHaveURL(/[?&]state=31/);
      // The URL changes before the filtered list replaces the whole queue: wait for the filtered one.
      await expect(page.getByRole("status").filter({ hasText: /pending reports? from Oyo/ })).toBeVisible();
      const card = page.getByRole("article").filter({ hasText: comment });
      // Terms and values of a description list (the colon after each term is drawn by CSS).
      await expect(card).toContainText("WhereOluyole market, Oluyole, Oyo");
      await expect(card).toContainText("Date it happened20 November 2026");
      await expect(card).toContainText(
        "Place on the public pageOluyole, Oyo (the state and local government area)",
      );
      await expectNoAxeViolations(page, "review queue filtered by state");
      await card.getByRole("button", { name: "Verify" }).click();
      await card.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
        "The report is verified and now public.",
      );

      const visitor = await anonymousPage(browser);
      await visitor.goto("/eyewitness-reports");
      await visitor.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await visitor.getByLabel("State", { exact: true }).selectOption({ label: "Oyo" });
      await visitor.getByLabel("Local government area", { exact: true }).selectOption({ label: "Oluyole" });
      await visitor.getByRole("button", { name: "Show reports" }).click();
      await expect(visitor).toHaveURL(/\?state=31&lga=Oluyole$/);
      // The unfiltered list, which holds the report too, may still be on screen: wait for the filtered one.
      await expect(
        visitor.getByRole("status").filter({ hasText: /verified reports? from Oluyole, Oyo/ }),
      ).toBeVisible();
      const published = visitor.getByRole("article").filter({ hasText: comment });
      await expect(published).toContainText("WhereOluyole, Oyo");
      await expect(published).toContainText("Date it happened20 November 2026");
      await expect(published).toContainText("Reported by Anonymous reporter.");
      await expect(published).not.toContainText("Oluyole market");
      await expectNoAxeViolations(visitor, "public verified reports filtered by place");

      // Another run of this test on the other worker may verify an Oyo report meanwhile: the page shows
      // at least the count read before it loaded and at most the count read after.
      const verifiedInOyo = async () => {
        const answer = await visitor.request.get("/api/v1/eyewitness/published/counts");
        const { counts } = (await answer.json()) as { counts: { stateId: number; verified: number }[] };
        return counts.find((entry) => entry.stateId === 31)?.verified ?? 0;
      };
      const before = await verifiedInOyo();
      expect(before).toBeGreaterThanOrEqual(1);
      await visitor.goto("/states");
      const row = visitor.getByRole("row").filter({ has: visitor.getByRole("rowheader", { name: "Oyo" }) });
      const cell = row.getByRole("cell").last();
      await expect.poll(async () => Number(await cell.textContent())).toBeGreaterThanOrEqual(before);
      const shown = Number(await cell.textContent());
      expect(shown).toBeLessThanOrEqual(await verifiedInOyo());
      await expectNoAxeViolations(visitor, "states compared, with verified reports");
      await visitor.context().close();
    },
  );
});
