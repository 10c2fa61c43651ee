import type { APIRequestContext, Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { newStaff, openSignedIn, signedInTest, type SignedIn } from "./support/accounts";
import { waitForMail } from "./support/mail";
import { allowFailedLoads, expect, expectNoAxeViolations } from "./support/fixtures";

// Review and publication end to end: a reporter sends a report with a photograph, a moderator decides,
// the public page shows verified reports only, without the reporter's e-mail or last name.

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
      const comment = `No lift at the Kano state library, ${Date.now()}.`;
      const reportId = await sendReport(request, signedIn, comment, true);
      const moderator = await newModerator(request);

      await openSignedIn(page, moderator, "/dashboard/reviews");
      await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
      const card = page.getByRole("article").filter({ hasText: comment });
      await expect(card).toBeVisible();
      await expect(card).toContainText(signedIn.user.email);
      await expectNoAxeViolations(page, "review queue");
      await card.getByRole("textbox", { name: "Note to the reporter" }).fill("Confirmed with the library.");
      await card.getByRole("button", { name: "Verify" }).click();
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

      const mail = await decisionMailFor(signedIn.user.email, "Confirmed with the library.");
      expect(mail).toMatch(/verified/i);
      await openSignedIn(page, signedIn, "/dashboard/my-reports");
      const mine = page.getByRole("article").filter({ hasText: comment });
      await expect(mine).toContainText("Verified");
      await expect(mine).toContainText("Note from the reviewer: Confirmed with the library.");
    },
  );

  signedInTest(
    "a rejected report never appears and its photo is refused to anonymous visitors",
    async ({ page, signedIn, request, browser }) => {
      const comment = `Rejected example ${Date.now()}.`;
      await sendReport(request, signedIn, comment, false);
      const moderator = await newModerator(request);
      const queue = await request.get("/api/v1/eyewitness/reviews?status=pending&per_page=100", {
        headers: { authorization: `Bearer ${moderator.token}` },
      });
      const report = (
        (await queue.json()) as { reports: { id: string; comment: string; media: { id: string }[] }[] }
      ).reports.find((candidate) => candidate.comment === comment);
      expect(report).toBeDefined();

      await openSignedIn(page, moderator, "/dashboard/reviews");
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
      const comment = `The bus park has no ramp, ${Date.now()}.`;
      await sendReport(request, signedIn, comment, false, {
        stateId: "25",
        lga: "Ikeja",
        place: "Ikeja market",
        placePrecision: "lga",
      });
      const moderator = await newModerator(request);

      await openSignedIn(page, moderator, "/dashboard/reviews");
      await page.getByLabel("State", { exact: true }).selectOption({ label: "Lagos" });
      await page.getByRole("button", { name: "Show", exact: true }).click();
      await expect(page).toHaveURL(/[?&]state=25/);
      const card = page.getByRole("article").filter({ hasText: comment });
      // Terms and values of a description list (the colon after each term is drawn by CSS).
      await expect(card).toContainText("WhereIkeja market, Ikeja, Lagos");
      await expect(card).toContainText("Date it happened20 November 2026");
      await expect(card).toContainText(
        "Place on the public pageIkeja, Lagos (the state and local government area)",
      );
      await expectNoAxeViolations(page, "review queue filtered by state");
      await card.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
        "The report is verified and now public.",
      );

      const visitor = await anonymousPage(browser);
      await visitor.goto("/eyewitness-reports");
      await visitor.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await visitor.getByLabel("State", { exact: true }).selectOption({ label: "Lagos" });
      await visitor.getByLabel("Local government area", { exact: true }).selectOption({ label: "Ikeja" });
      await visitor.getByRole("button", { name: "Show reports" }).click();
      await expect(visitor).toHaveURL(/\?state=25&lga=Ikeja$/);
      const published = visitor.getByRole("article").filter({ hasText: comment });
      await expect(published).toContainText("WhereIkeja, Lagos");
      await expect(published).toContainText("Date it happened20 November 2026");
      await expect(published).toContainText("Reported by Anonymous reporter.");
      await expect(published).not.toContainText("Ikeja market");
      await expectNoAxeViolations(visitor, "public verified reports filtered by place");

      const counts = (await (await visitor.request.get("/api/v1/eyewitness/published/counts")).json()) as {
        counts: { stateId: number; verified: number }[];
      };
      const lagos = counts.counts.find((entry) => entry.stateId === 25)?.verified ?? 0;
      expect(lagos).toBeGreaterThanOrEqual(1);
      await visitor.goto("/states");
      await visitor.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      const row = visitor.getByRole("row").filter({ has: visitor.getByRole("rowheader", { name: "Lagos" }) });
      await expect(row.getByRole("cell").last()).toHaveText(String(lagos));
      await expectNoAxeViolations(visitor, "states compared, with verified reports");
      await visitor.context().close();
    },
  );
});
