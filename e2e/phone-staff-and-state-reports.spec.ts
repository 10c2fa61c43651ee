import type { APIRequestContext, Page } from "@playwright/test";
import { paths } from "../src/domain/routes";
import { newStaff, openSignedIn, signedInTest, type SignedIn } from "./support/accounts";
import { expect, expectNoAxeViolations } from "./support/fixtures";
import { verifiedReport } from "./support/reports";

// Reports on a phone (360 × 740): a state's page shows its verified eyewitness reports, and staff who sign
// in land on the review queue. (The user-roles page at 360 px is in user-roles.spec.ts.)

signedInTest.use({ viewport: { width: 360, height: 740 } });

/** Sends a report from Ado Ekiti (state 13, which no other spec uses) and has a moderator verify it. */
async function verifiedEkitiReport(request: APIRequestContext, reporter: SignedIn, comment: string) {
  await verifiedReport(request, reporter, {
    firstName: "Ngozi",
    lastName: "Secretlastname",
    comment,
    stateId: "13",
    lga: "Ado Ekiti",
    placePrecision: "lga",
    showFirstName: "true",
  });
}

async function expectNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "the page's width in px").toBeLessThanOrEqual(360);
}

signedInTest(
  "a state's page shows its verified eyewitness reports and links to them all",
  async ({ page, signedIn, request }) => {
    const comment = `The ramp at the Ado Ekiti library is broken, ${Date.now()}.`;
    await verifiedEkitiReport(request, signedIn, comment);

    await page.goto(paths.state(13));
    const section = page.getByRole("region", { name: "Eyewitness reports" });
    await expect(section.getByRole("status")).toHaveText(/^\d+ verified reports?$/);
    const report = section.getByRole("article").filter({ hasText: comment });
    await expect(report).toContainText("Happened on 20 November 2026");
    await expect(report).toContainText("Ado Ekiti, Ekiti");
    await expect(report).toContainText("Reported by Ngozi");
    await expect(section).not.toContainText("Secretlastname");
    await expect(section).not.toContainText(signedIn.user.email);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, "state page with its eyewitness reports");

    await section.getByRole("link", { name: "See all reports from Ekiti" }).click();
    await expect(page).toHaveURL(/\/eyewitness-reports\?state=13$/);
    // The URL changes while the list's code is still loading and the state page still shows: wait for the
    // list's own heading before looking for the report, or the state page's copy of it matches too.
    await expect(page.getByRole("heading", { level: 1, name: "Verified eyewitness reports" })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: comment })).toHaveCount(1);
    await expect(page.getByRole("article").filter({ hasText: comment })).toBeVisible();
  },
);

signedInTest(
  "without JavaScript the state page says the reports need it, and its link works",
  async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(paths.state(13));
    const section = page.getByRole("region", { name: "Eyewitness reports" });
    // Chromium's "JavaScript disabled" keeps the parser's scripting flag, so <noscript> stays raw text here:
    // read it as such (a browser without scripting shows it as a paragraph).
    expect(await section.locator("noscript").textContent()).toContain(
      "The latest verified reports need JavaScript; the link below lists them all.",
    );
    await expect(section).not.toContainText("Loading");
    await expect(section.getByRole("link", { name: "See all reports from Ekiti" })).toHaveAttribute(
      "href",
      "/eyewitness-reports?state=13",
    );
    await context.close();
  },
);

signedInTest("a moderator who signs in lands on the review queue", async ({ page, request }) => {
  const { account } = await newStaff(request, "moderator");
  await page.goto(paths.login());
  await page.getByRole("textbox", { name: "E-mail address" }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await expectNoAxeViolations(page, "login page");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/reviews$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  // Measured with the queue loaded, not while its status line says it is loading.
  await expect(page.getByRole("status").filter({ hasText: /pending reports?/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

signedInTest("a user who signs in still lands on the dashboard", async ({ page, account }) => {
  await page.goto(paths.login());
  await page.getByRole("textbox", { name: "E-mail address" }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** Every select and date field of a filter form is a control's height, not a column's. */
async function filterControlsAreControlSized(page: Page, form: string) {
  const fields = page.getByRole("form", { name: form }).locator("select, input");
  await expect(fields.first()).toBeVisible();
  const heights = await fields.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect().height),
  );
  expect(heights.length).toBeGreaterThan(0);
  for (const height of heights) expect(height, `a field of "${form}" in px`).toBeLessThanOrEqual(64);
}

signedInTest(
  "the filters of the public list and of the review queue are controls' height at 360 px",
  async ({ page, request }) => {
    await page.goto(paths.publishedReports());
    await expect(page.getByRole("heading", { level: 1, name: "Verified eyewitness reports" })).toBeVisible();
    await filterControlsAreControlSized(page, "Filter the reports");
    const { signedIn: moderator } = await newStaff(request, "moderator");
    await openSignedIn(page, moderator, "/dashboard/reviews");
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    await filterControlsAreControlSized(page, "Filter the review queue");
  },
);
