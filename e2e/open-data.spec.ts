import { parse } from "csv-parse/sync";
import { expect, expectNoAxeViolations, test } from "./support/fixtures";

// The /data page: every download listed with its format, size, rows and date, each of them served as
// listed; the field dictionaries, the licence and the citation; no accessibility violations.

const downloads = [
  "states.json",
  "states.csv",
  "states.csv?hxl=1",
  "states.geojson",
  "schools.json",
  "schools.csv",
  "schools.csv?hxl=1",
  "schools.geojson",
  "estimates.json",
  "estimates.csv",
  "estimates.csv?hxl=1",
  "reports.json",
  "reports.csv",
  "reports.csv?hxl=1",
];

test("/data lists every download, and each is served with the size and rows it lists", async ({ page }) => {
  // Other specs publish changes to states and schools on the same server at any moment: one published
  // between the page's render and a download changes that download's size, rows and version. The page
  // is read again and every check made again until a round sees no publication in between (a real
  // fault fails every round, so it still fails the test, at the cap).
  await expect(async () => {
    const response = await page.goto("/data");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Open data \| Inclusion Atlas$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Open data");

    for (const file of downloads) {
      const link = page.getByRole("link", { name: new RegExp(`^${file.replace(/[.?]/g, "\\$&")}\\s*,`) });
      await expect(link, file).toHaveAttribute("href", `/api/v1/open/${file}`);
      const item = page.getByRole("listitem").filter({ has: link });
      const answer = await page.request.get(`/api/v1/open/${file}`);
      expect(answer.status(), file).toBe(200);
      expect(answer.headers()["access-control-allow-origin"], file).toBe("*");
      if (file.startsWith("reports")) {
        await expect(item, file).toContainText("every verified report at the time of download");
        continue;
      }
      // The listed size and rows are those of what the server sends.
      const [bytes, rows] = await item
        .locator("data")
        .evaluateAll((elements) => elements.map((element) => Number(element.getAttribute("value"))));
      const body = await answer.body();
      expect(bytes, file).toBe(body.length);
      const text = body.toString("utf8");
      const served = file.includes(".csv")
        ? (parse(text) as string[][]).length - (file.endsWith("?hxl=1") ? 2 : 1)
        : (
            (JSON.parse(text) as { data?: unknown[]; features?: unknown[] }).data ??
            (JSON.parse(text) as { features: unknown[] }).features
          ).length;
      expect(rows, file).toBe(served);
      await expect(item, file).toContainText("data as of November 2026");
    }

    // Each dataset's version and its last change; the states' GeoJSON at that version, as served now.
    const states = page.getByRole("region", { name: "State disability policy records, Nigeria" });
    await expect(states).toContainText(/Version \d+, last changed \d{1,2} \w+ \d{4}\./);
    const listed = /Version (\d+), last changed/.exec((await states.textContent()) ?? "")?.[1];
    expect(listed, "the states' version").toMatch(/^\d+$/);
    const versioned = states.getByRole("link", { name: new RegExp(`^states\\.geojson\\?version=${listed}`) });
    await expect(versioned).toHaveAttribute("href", `/api/v1/open/states.geojson?version=${listed}`);
    const [now, then] = await Promise.all([
      page.request.get("/api/v1/open/states.geojson"),
      page.request.get(`/api/v1/open/states.geojson?version=${listed}`),
    ]);
    expect((await then.body()).equals(await now.body())).toBe(true);
  }).toPass({ timeout: 80_000 });
});

test("/data explains every field, the licence and how to cite, with no accessibility violations", async ({
  page,
}) => {
  await page.goto("/data");
  for (const title of [
    "State disability policy records, Nigeria",
    "Inclusive and special schools, Nigeria",
    "Published estimates of disability prevalence, Nigeria",
    "Verified eyewitness reports",
  ]) {
    const dataset = page.getByRole("region", { name: title });
    await expect(dataset, title).toBeVisible();
    await dataset.getByText(/^Field dictionary: \d+ fields$/).click();
    await expect(dataset.getByRole("term").first(), title).toBeVisible();
  }
  // Any number of schools: the data desk's specs may publish an imported school on this server first.
  await expect(page.getByRole("region", { name: "Inclusive and special schools, Nigeria" })).toContainText(
    /none of the \d+ schools has them yet, so it is a valid, empty FeatureCollection/,
  );

  const licence = page.getByRole("region", { name: "Licence" });
  await expect(licence.getByRole("link", { name: /Creative Commons Attribution 4\.0/ })).toHaveAttribute(
    "href",
    "https://creativecommons.org/licenses/by/4.0/",
  );
  // Citations name the numbered versions ?version= downloads again, and the day each was published.
  const statesVersion = await page
    .getByRole("region", { name: "State disability policy records, Nigeria" })
    .getByText(/^Version \d+, last changed/)
    .textContent();
  const statesNumber = /^Version (\d+)/.exec(statesVersion ?? "")?.[1];
  expect(statesNumber, "the states dataset's version").toMatch(/^\d+$/);
  await expect(page.getByRole("region", { name: "State disability policy records, Nigeria" })).toContainText(
    new RegExp(
      `Cite as: Inclusion Atlas \\(\\d{4}\\)\\. State disability policy records, Nigeria \\[Data set\\], version ${statesNumber} of \\d{4}-\\d{2}-\\d{2}\\.`,
    ),
  );
  const cite = page.getByRole("region", { name: "How to cite" });
  await expect(cite).toContainText(
    new RegExp(
      `Inclusion Atlas \\(\\d{4}\\)\\. Inclusion Atlas open data: disability inclusion in Nigeria \\[Data set\\], as published on \\d{4}-\\d{2}-\\d{2} \\(states version ${statesNumber}, schools version \\d+, estimates version \\d+\\)\\.`,
    ),
  );
  await expect(cite).toContainText(new RegExp(`Available at ${new URL(page.url()).origin}/data\\.`));

  // With every field dictionary open too.
  await expectNoAxeViolations(page, "/data");
});

test("the footer leads to /data, and a state page downloads its own record", async ({ page }) => {
  await page.goto("/states/25");
  const download = page
    .getByRole("region", { name: "Sources" })
    .getByRole("link", { name: /^Download data/ });
  const answer = await page.request.get((await download.getAttribute("href")) ?? "");
  expect(answer.headers()["content-disposition"]).toBe(
    'attachment; filename="inclusion-atlas-states-lagos-2026-11.csv"',
  );
  expect((await answer.text()).split("\r\n")[1]).toMatch(/^25,lagos,Lagos,NG-LA,/);

  await page.getByRole("contentinfo").getByRole("link", { name: "Open data", exact: true }).click();
  await expect(page).toHaveURL(/\/data$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Open data");
});

test("/ha/data gives each dataset's version and day of last change in Hausa, as the server wrote it", async ({
  page,
}) => {
  // The fixtures fail the test on a console error: a date formatted again in the browser (whose locale
  // data differ from Node's for ha) would be a hydration error.
  await page.goto("/ha/data");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const states = page.getByRole("region", { name: "State disability policy records, Nigeria" });
  const day = states.locator("time");
  await expect(day).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  // Other specs publish changes to states on the same server, in any order: the version is the one listed.
  const listed = /Siga ta (\d+),/.exec((await states.textContent()) ?? "")?.[1];
  expect(listed, "the states' version").toMatch(/^\d+$/);
  await expect(states).toContainText(
    `Siga ta ${listed}, an canza ta na ƙarshe a ranar ${await day.innerText()}.`,
  );
  await expect(
    states.getByRole("link", { name: new RegExp(`^states\\.geojson\\?version=${listed}`) }),
  ).toBeVisible();
});
