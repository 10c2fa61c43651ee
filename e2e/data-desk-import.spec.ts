import { paths } from "../src/domain/routes";
import { newStaff, openSignedIn, signedInTest } from "./support/accounts";
import { fillSourceDetails } from "./support/editors";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll } from "./support/fixtures";

// Importing schools from a CSV, in a real browser against the real server: editor A runs a dry
// run of a file with a mistake and reads the problem by row and column; fixes it, runs it again, sees the
// school it adds, and proposes the import with a source and a note; editor B publishes it from the review
// queue; the new school's public page shows it.

const csvFile = (text: string) => ({ name: "schools.csv", mimeType: "text/csv", buffer: Buffer.from(text) });

signedInTest.describe("importing schools", () => {
  signedInTest.use({ viewport: { width: 1280, height: 900 } });

  signedInTest(
    "a dry run lists the problems, the fixed file is proposed, another editor publishes it and the school appears",
    async ({ page, request }) => {
      const { signedIn: editorA } = await newStaff(request, "editor", {
        firstname: "Ada",
        lastname: "Importer",
      });
      const { signedIn: editorB } = await newStaff(request, "editor", {
        firstname: "Bayo",
        lastname: "Reviewer",
      });
      // Unique, so the spec can run again on the same database (a second school of one name is refused).
      const name = `Gwale Inclusive Learning Centre ${Date.now()}`;
      const header = "id,name,state,local_government,type,disability_groups\r\n";

      await openSignedIn(page, editorA, paths.dataDesk());
      await page.getByRole("link", { name: "Import schools from a CSV file" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Import schools" })).toBeVisible();
      await expectNoAxeViolations(page, "the import screen");

      // A dry run of a file with a mistake: the problem by row, column and message.
      const file = page.getByLabel("CSV file");
      await file.setInputFiles(csvFile(`${header},"${name}",Kano,Gwale,tertiary,hearing\r\n`));
      await page.getByRole("button", { name: "Dry run: check the file" }).click();
      const summary = page.getByText(/^Checked 1 row:/);
      await expect(summary).toBeFocused();
      await expect(summary).toHaveText("Checked 1 row: 1 problem, 0 schools to add, 0 schools to change.");
      const problems = page.getByRole("table", { name: "1 problem to correct" });
      await expect(problems.getByRole("row").nth(1)).toHaveText(
        /^2type\s*Please choose one of the listed values\.$/,
      );
      await expect(page.getByRole("button", { name: "Propose this import" })).toHaveCount(0);
      await expectNoAxeViolations(page, "a dry run with a problem");
      // On a 360 px phone the problems' table scrolls within itself, never the page.
      await page.setViewportSize({ width: 360, height: 800 });
      await expectNoHorizontalScroll(page);
      await page.setViewportSize({ width: 1280, height: 900 });

      // The file fixed: the school it adds, then the proposal with a source and a note.
      await file.setInputFiles(csvFile(`${header},"${name}",Kano,gwale,special,hearing; visual\r\n`));
      await page.getByRole("button", { name: "Dry run: check the file" }).click();
      await expect(page.getByText(/^Checked 1 row:/)).toBeFocused();
      await expect(page.getByText(/^Checked 1 row:/)).toHaveText(
        "Checked 1 row: no problems, 1 school to add, 0 schools to change.",
      );
      await expect(page.getByRole("heading", { name: "1 school to add" })).toBeVisible();
      await expect(page.getByText(`Row 2: ${name}`)).toBeVisible();
      await expect(page.getByText("Local government area: Gwale")).toBeVisible();
      await page.getByRole("button", { name: "Propose this import" }).click();
      await expect(page.getByRole("link", { name: /^Please give a source/ })).toBeVisible();
      await page
        .getByRole("textbox", { name: "Source (web address)" })
        .fill("https://education.kano.gov.ng/special-schools");
      await fillSourceDetails(page);
      const note = `The ministry's 2026 list adds ${name}.`;
      await page.getByRole("textbox", { name: "Note" }).fill(note);
      await expectNoAxeViolations(page, "the import ready to propose");
      await page.getByRole("button", { name: "Propose this import" }).click();
      await expect(page.getByRole("heading", { name: "Import sent for review" })).toBeFocused();
      await expect(page.getByText(/^Your import was sent for review: 1 school to add/)).toBeVisible();

      // B reviews it: the counts and the school, then publishes.
      await openSignedIn(page, editorB, paths.dataChanges());
      const card = page.getByRole("article").filter({ hasText: note });
      await expect(card).toContainText("Adds 1 school, changes 0 schools.");
      await expect(card.getByText(`Row 2: ${name}`)).toBeVisible();
      await expectNoAxeViolations(page, "an import in the review queue");
      await card.getByRole("button", { name: "Publish the change to Import of schools" }).click();
      await card.getByRole("button", { name: "Yes, publish" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();

      // The new school has its number and its public page.
      const found = await request.get(`/api/v1/datadesk/records?kind=school&q=${encodeURIComponent(name)}`, {
        headers: { authorization: `Bearer ${editorB.token}` },
      });
      const records = ((await found.json()) as { records: { id: string; name: string }[] }).records;
      expect(records.map((record) => record.name)).toEqual([name]);
      await page.goto(paths.school(Number(records[0]!.id)));
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    },
  );

  signedInTest(
    "a long file's dry run shows its schools a page at a time, by keyboard, the page said aloud",
    async ({ page, request }) => {
      const { signedIn: editor } = await newStaff(request, "editor", {
        firstname: "Pagi",
        lastname: "Nated",
      });
      const stamp = Date.now();
      const rows = Array.from({ length: 60 }, (_, index) => `,Paged School ${index + 1} ${stamp},Kano,Gwale`);
      await openSignedIn(page, editor, paths.dataImport());
      await page
        .getByLabel("CSV file")
        .setInputFiles(csvFile(`id,name,state,local_government\r\n${rows.join("\r\n")}\r\n`));
      await page.getByRole("button", { name: "Dry run: check the file" }).click();
      await expect(page.getByText(/^Checked 60 rows:/)).toBeFocused();
      await expect(page.getByRole("heading", { name: "60 schools to add" })).toBeVisible();
      await expect(page.getByText(`Row 2: Paged School 1 ${stamp}`)).toBeVisible();
      await expect(page.getByText(`Row 52: Paged School 51 ${stamp}`)).toHaveCount(0);

      const pages = page.getByRole("navigation", { name: "Pages of the import's schools" });
      await expect(pages.getByRole("status")).toHaveText("Page 1 of 2: schools 1 to 50 of 60.");
      await expectNoAxeViolations(page, "a dry run a page at a time");
      const next = pages.getByRole("button", { name: "Next page" });
      await next.focus();
      await page.keyboard.press("Enter");
      await expect(pages.getByRole("status")).toHaveText("Page 2 of 2: schools 51 to 60 of 60.");
      await expect(page.getByText(`Row 52: Paged School 51 ${stamp}`)).toBeVisible();
      await expect(page.getByText(`Row 2: Paged School 1 ${stamp}`)).toHaveCount(0);
      await expect(next).toBeFocused();
      await expect(next).toHaveAttribute("aria-disabled", "true");
    },
  );
});
