import { expect, expectNoAxeViolations, test } from "./support/fixtures";

// The public history in the built product: /changes with its filter, its feeds announced in the
// page's <head>, and the Atom feed the server sends, parsed as XML by the browser. (Publications come with
// the publishing route; until then the product's history is empty, which is what this checks.)

test("/changes filters by state and kind, says when nothing is published there, and announces its feeds", async ({
  page,
}) => {
  const response = await page.goto("/changes");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What changed");
  await expect(page).toHaveTitle("What changed | Inclusion Atlas");
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    "/api/v1/open/changes.atom",
  );
  await expectNoAxeViolations(page, "/changes");

  await page.getByRole("combobox", { name: "State" }).selectOption({ label: "Lagos" });
  await page.getByRole("combobox", { name: "Kind of record" }).selectOption({ label: "Schools" });
  await page.getByRole("button", { name: "Show changes" }).click();
  await expect(page).toHaveURL(/\/changes\?state=25&kind=school$/);
  // No spec publishes a change to a Lagos school on the shared server (others publish elsewhere, in any
  // order), so this view is empty whatever ran before.
  await expect(page.getByText("No published changes yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Atom feed" })).toHaveAttribute(
    "href",
    "/api/v1/open/changes.atom?state=25&kind=school",
  );
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    "/api/v1/open/changes.atom?state=25&kind=school",
  );
  await expect(page.getByRole("combobox", { name: "State" })).toHaveValue("25");
});

test("the Atom feed is well-formed XML with the elements RFC 4287 requires", async ({ page }) => {
  await page.goto("/changes");
  const answer = await page.request.get("/api/v1/open/changes.atom?state=lagos");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  const xml = await answer.text();
  const feed = await page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, "application/xml");
    const root = document.documentElement;
    const atom = "http://www.w3.org/2005/Atom";
    const count = (name: string) => root.getElementsByTagNameNS(atom, name).length;
    return {
      errors: document.getElementsByTagName("parsererror").length,
      root: `${root.namespaceURI} ${root.localName}`,
      ids: count("id"),
      titles: count("title"),
      updated: count("updated"),
      authorName: root.getElementsByTagNameNS(atom, "author")[0]?.textContent ?? null,
      self: root.querySelector('link[rel="self"]')?.getAttribute("href") ?? null,
    };
  }, xml);
  expect(feed).toMatchObject({
    errors: 0,
    root: "http://www.w3.org/2005/Atom feed",
    ids: 1,
    titles: 1,
    updated: 1,
    authorName: "Inclusion Atlas editors",
  });
  expect(feed.self).toMatch(/\/api\/v1\/open\/changes\.atom\?state=25$/);
});
