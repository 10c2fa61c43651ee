import type { Page } from "@playwright/test";
import { publicUrlFromEnv } from "../src/domain/public-url";
import { readLanguages } from "../src/i18n/catalogue-files";
import { openSignedIn, registerVerified, signIn, signInAsAdmin } from "./support/accounts";
import { inLanguage, message, messageIdPattern, plain } from "./support/catalogues";
import { allowFailedLoads, expect, expectNoAxeViolations, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";

// The five languages end to end: server-rendered pages per language, <html lang> and hreflang, the language
// switch (by keyboard), a shared link opening in its language, and e-mails in the account's language.

const languages = readLanguages();
const codes = languages.map((language) => language.code);
const prefix = (code: string) => (code === "en" ? "" : `/${code}`);
// The alternates are absolute, from PUBLIC_URL as the server has it (e2e/support/server.ts sets it to the
// server's own address), read when the server renders the page.
const publicUrl = publicUrlFromEnv({ PUBLIC_URL: process.env.E2E_BASE_URL });

async function expectNoMessageIds(page: Page) {
  const text = await page.locator("body").innerText();
  expect(text, "a message id instead of its text").not.toMatch(messageIdPattern());
}

async function expectAlternates(page: Page, path: string) {
  for (const code of codes) {
    await expect(page.locator(`head link[rel="alternate"][hreflang="${code}"]`)).toHaveAttribute(
      "href",
      publicUrl + (code === "en" ? path : `/${code}${path === "/" ? "" : path}`),
    );
  }
  await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    "href",
    publicUrl + path,
  );
}

for (const language of languages) {
  test(`the home page in ${language.englishName}: lang, hreflang, draft notice, no message ids, no axe violations`, async ({
    page,
  }) => {
    await page.goto(`${prefix(language.code)}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", language.code);
    await expectAlternates(page, "/");
    await expect(
      page.getByRole("link", { name: plain(message(language.code, "common.skipToMain")) }),
    ).toBeAttached();
    const notice = page
      .getByRole("note")
      .filter({ hasText: plain(message(language.code, "common.draftNotice")) });
    await expect(notice).toHaveCount(language.status === "draft" ? 1 : 0);
    await expectNoMessageIds(page);
    await expectNoAxeViolations(page, `home page in ${language.englishName}`);
  });
}

test("the language switch in the header works by keyboard on the home page and keeps the page elsewhere, and is remembered for /", async ({
  page,
}) => {
  await page.goto("/");
  const summary = page.locator("header details summary");
  await summary.focus();
  await page.keyboard.press("Enter");
  const hausa = page.locator("header").getByRole("link", { name: "Hausa", exact: true });
  await expect(hausa).toHaveAttribute("lang", "ha");
  await expect(hausa).toHaveAttribute("hreflang", "ha");
  await expect(page.locator("header").getByRole("link", { name: "English" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await hausa.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/ha$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  await expectAlternates(page, "/");
  await expectNoMessageIds(page);

  // On any other page the switch opens the same page in the other language.
  await page.goto("/ha/states/25");
  await page.locator("header details summary").click();
  await page.locator("header").getByRole("link", { name: "Yorùbá", exact: true }).click();
  await expect(page).toHaveURL(/\/yo\/states\/25$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.locator("html")).toHaveAttribute("lang", "yo");
  await expectAlternates(page, "/states/25");
  await page.locator("header details summary").click();
  await page.locator("header").getByRole("link", { name: "Hausa", exact: true }).click();
  await expect(page).toHaveURL(/\/ha\/states\/25$/);

  // The choice is remembered: the bare home page opens in Hausa; a shared English link stays English.
  await page.goto("/");
  await expect(page).toHaveURL(/\/ha$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // Back to English from the footer's list.
  await page.goto("/ha/about");
  await page.locator("footer").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a shared Igbo link opens in Igbo, and its links stay in Igbo", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto("/ig/states/25");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.locator("html")).toHaveAttribute("lang", "ig");
  await expectAlternates(page, "/states/25");
  const footerLinks = await page
    .locator("footer nav")
    .first()
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(footerLinks.filter((href) => href.startsWith("/")).every((href) => href.startsWith("/ig/"))).toBe(
    true,
  );
  await page
    .locator("footer")
    .getByRole("link", { name: plain(message("ig", "common.about")) })
    .click();
  await expect(page).toHaveURL(/\/ig\/about$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ig");
  await expectNoMessageIds(page);
  await context.close();
});

test("a draft page's notice opens the translation feedback form for that page, and the mistake reaches the moderators", async ({
  page,
  request,
}) => {
  await page.goto("/ha/states/25");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page
    .getByRole("note")
    .getByRole("link", { name: /<link>(.*)<\/link>/.exec(message("ha", "common.draftNotice"))?.[1] ?? "" })
    .click();
  await expect(page).toHaveURL(`/ha/translation-feedback?page=${encodeURIComponent("/ha/states/25")}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    message("ha", "corrections.translation.title"),
  );
  const pageField = page.getByLabel(message("ha", "corrections.translation.page"));
  await expect(pageField).toHaveValue("/ha/states/25");
  await expect(page.getByLabel(message("ha", "corrections.translation.language"))).toHaveValue("ha");
  await expectNoAxeViolations(page, "/ha/translation-feedback");

  // Too short: the summary says so in Hausa, takes focus, and nothing is sent.
  const text = page.getByLabel(message("ha", "corrections.translation.whatIsWrong"));
  await text.fill("Kuskure");
  await page
    .getByRole("button", { name: message("ha", "corrections.translation.send"), exact: true })
    .click();
  const summary = page.getByRole("alert").filter({ hasText: message("ha", "common.errorSummaryTitle") });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText(
    message("ha", "corrections.problems.textMissing").replace("{min}", "10"),
  );
  await expectNoAxeViolations(page, "/ha/translation-feedback with an error");

  const mistake = `The heading of Lagos reads “Jihar” alone (e2e ${Date.now()}).`;
  await text.fill(mistake);
  await page
    .getByRole("button", { name: message("ha", "corrections.translation.send"), exact: true })
    .click();
  const thanks = page.getByRole("heading", {
    level: 1,
    name: message("ha", "corrections.translation.sentTitle"),
  });
  await expect(thanks).toBeFocused();
  await expect(
    page.getByRole("link", { name: message("ha", "corrections.translation.backToPage") }),
  ).toHaveAttribute("href", "/ha/states/25");
  await expectNoMessageIds(page);

  // The moderators' queue has it, with its language and page, and shows it in the review area.
  const admin = await signInAsAdmin(request);
  const queue = await request.get("/api/v1/corrections?status=new&per_page=100", {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(queue.status()).toBe(200);
  const { corrections } = (await queue.json()) as {
    corrections: { subject: string; language: string; page: string; whatIsWrong: string }[];
  };
  expect(corrections.find((correction) => correction.whatIsWrong === mistake)).toMatchObject({
    subject: "translation",
    language: "ha",
    page: "/ha/states/25",
  });
  await openSignedIn(page, admin, "/dashboard/reviews");
  const card = page.getByRole("article", { name: "Translation: Hausa" }).filter({ hasText: mistake });
  await expect(card.getByRole("link", { name: "/ha/states/25" })).toHaveAttribute("href", "/ha/states/25");
});

for (const { path, title, language } of [
  { path: "/pcm/states/99", title: "states.notFound.title", language: "pcm" },
  { path: "/ha/schools/99999", title: "schools.notFound.title", language: "ha" },
]) {
  test(`an unknown id in another language (${path}) answers 404 with its "not found" page in that language`, async ({
    page,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(plain(message(language, title)));
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page).toHaveTitle(`${plain(message(language, title))} | Inclusion Atlas`);
    await expectNoMessageIds(page);
  });
}

test("registering on the Yoruba site sends the verification e-mail in Yoruba, linking to the Yoruba site", async ({
  page,
}) => {
  const email = `yoruba.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.org`;
  await page.goto("/yo/register");
  await expect(page.locator("html")).toHaveAttribute("lang", "yo");
  await page.getByRole("textbox", { name: inLanguage("yo", "First name") }).fill("Adébáyọ̀");
  await page.getByRole("textbox", { name: inLanguage("yo", "Last name") }).fill("Ọlánrewájú");
  await page.getByRole("textbox", { name: inLanguage("yo", "E-mail address") }).fill(email);
  await page.getByLabel(inLanguage("yo", "Password"), { exact: true }).fill("Kettle-Drum-42");
  await page.getByLabel(inLanguage("yo", "Confirm password"), { exact: true }).fill("Kettle-Drum-42");
  await page.getByRole("button", { name: inLanguage("yo", "Create account") }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: inLanguage("yo", "Verification Email Sent!") }),
  ).toBeVisible();

  const mail = await waitForMail(email, (candidate) =>
    candidate.links.some((link) => link.includes("/verify-email/")),
  );
  expect(mail.subject).toBe(message("yo", "email.verification.subject"));
  const link = new URL(mail.links.find((candidate) => candidate.includes("/verify-email/")) ?? "");
  expect(link.pathname).toMatch(/^\/yo\/verify-email\//);
  await page.goto(link.pathname);
  await expect(page).toHaveURL(/\/yo\/dashboard$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "yo");
});

test("Yoruba, Hausa and Igbo letters render from the page's fonts, never as empty boxes", async ({
  page,
}) => {
  await page.goto("/yo");
  const letters = "ẹọṣẸỌṢàáèéìíòóùúẹ́ọ̀ńɓɗƙƁƊƘʼyịọụỊỌỤṅṄ";
  const tofu = await page.evaluate((text) => {
    const font = getComputedStyle(document.body).font;
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no canvas");
    const draw = (character: string) => {
      context.clearRect(0, 0, 64, 64);
      context.font = font.replace(/\d+(\.\d+)?px/, "40px");
      context.fillText(character, 8, 48);
      return Array.from(context.getImageData(0, 0, 64, 64).data).join(",");
    };
    // A private-use code point no font has: what a missing glyph looks like in this browser.
    const missing = draw("\u{10FFFD}");
    const blank = (() => {
      context.clearRect(0, 0, 64, 64);
      return Array.from(context.getImageData(0, 0, 64, 64).data).join(",");
    })();
    return [...new Intl.Segmenter().segment(text)]
      .map((part) => part.segment)
      .filter((character) => {
        const drawn = draw(character);
        return drawn === missing || drawn === blank;
      });
  }, letters);
  expect(tofu, "letters drawn as a missing glyph").toEqual([]);
});

test("the report form switches to Hausa from the dashboard's bar, and a refusal by the server is shown in Hausa", async ({
  page,
  request,
  pageErrors,
}) => {
  // An account of its own: switching the language while signed in also sets the account's language,
  // which must not change the e-mails of other tests' shared accounts.
  const account = await registerVerified(request, "Hauwa", "Musa");
  const signedIn = await signIn(request, account.email, account.password);
  await openSignedIn(page, signedIn, "/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Eyewitness report" })).toBeVisible();
  await page.getByRole("banner").locator("details summary").click();
  await page.getByRole("banner").getByRole("link", { name: "Hausa", exact: true }).click();
  await expect(page).toHaveURL(/\/ha\/dashboard$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  const ha = (english: string) => inLanguage("ha", english, "report");
  await expect(page.getByRole("heading", { level: 1, name: ha("Eyewitness report") })).toBeVisible();
  await expectNoMessageIds(page);

  await page.getByLabel(ha("State"), { exact: true }).selectOption({ label: "Lagos" });
  await page.getByLabel(ha("Local government area"), { exact: true }).selectOption({ label: "Ikeja" });
  await page.getByLabel(ha("Date it happened")).fill("2026-11-20");
  await page.getByRole("radio", { name: ha("Question") }).check();
  await page
    .getByLabel(ha("Comment"))
    .fill("Ina yarana masu bukata ta musamman za su koyi yaren kurame a Ikeja?");
  await page.getByRole("radio", { name: ha("Photographs") }).check();
  // Named and typed as a JPEG, but text inside: only the server, which reads the content, refuses it.
  await page
    .getByLabel(ha("Add photographs"))
    .setInputFiles([
      { name: "ramp.jpg", mimeType: "image/jpeg", buffer: Buffer.from("this is not a photograph") },
    ]);
  await page.getByRole("checkbox", { name: ha("People shown agreed, or cannot be identified") }).check();
  await page.getByRole("button", { name: ha("Send report") }).click();
  const toasts = page.getByRole("region", { name: message("ha", "common.toast.region") });
  await expect(toasts).toContainText(message("ha", "errors.code.UNSUPPORTED_MEDIA_TYPE"));
  allowFailedLoads(pageErrors, [415]);
  // Nothing typed is lost.
  await expect(page.getByLabel(ha("Comment"))).toHaveValue(/yaren kurame/);
  await expectNoMessageIds(page);
  // The choice is saved on the account once the Hausa page has loaded: the stored session holds the
  // server's answer (the account's e-mails are now in Hausa).
  await expect
    .poll(() =>
      page.evaluate(
        () => (JSON.parse(window.localStorage.getItem("user") ?? "{}") as { language?: string }).language,
      ),
    )
    .toBe("ha");
});

test("dates on the language pages are the server's words, and the pages hydrate without a mismatch", async ({
  page,
}) => {
  // Node's and Chromium's locale data write ha, yo, ig and pcm dates differently: a date formatted again in
  // the browser would be a hydration error, which the fixtures fail the test on.
  for (const code of codes.filter((code) => code !== "en")) {
    await page.goto(`/${code}/states/25`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const [before = "", after = ""] = message(code, "common.lastChecked").split("{date}");
    const lastChecked = page.getByText(before.trim(), { exact: false }).filter({ hasText: after.trim() });
    await expect(lastChecked, code).toBeVisible();
    await expect(lastChecked, code).not.toHaveText(message(code, "common.lastChecked"));

    await page.goto(`/${code}/states/25/history`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.locator("main time").first(), code).toHaveText(/\S/);
  }
});
