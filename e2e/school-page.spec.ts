import path from "node:path";
import { paths } from "../src/domain/routes";
import { proposeChange, publishChange, type Proposal } from "../src/server/datadesk/change-store";
import { seedAtStartUp } from "../src/server/datadesk/seed";
import { openDatabase } from "../src/server/db/database";
import { addEditor } from "../src/test/server/publications";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, test } from "./support/fixtures";
import { startBuiltServer, type BuiltServer } from "./support/server";

// A school's page on a phone: directions and a call link, "Back to results" to the
// filtered list it was opened from, and a merged school's old address landing on the school it lives in
// now. Merging cannot be undone, so this spec runs its own server (its own DATA_DIR), whose database gets,
// before it starts, two changes published by the data desk's own functions: Atunda Olu School (128, in
// Lagos) gets coordinates and a phone number with a source, and Amosun Primary School (122) is merged into it.

const ATUNDA = 128;
const AMOSUN = 122;
const ATUNDA_NAME = "Atunda Olu School for the Physically and Mentally Challenged";

async function publishSchoolChanges(env: NodeJS.ProcessEnv): Promise<void> {
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(env.DATA_DIR ?? "", "db") });
  try {
    await database.migrate();
    await seedAtStartUp(database.db, new Date());
    const editor = (email: string) => addEditor(database.db, { email, firstname: "Ada", lastname: "Obi" });
    const [author, reviewer] = [await editor("ada@e2e.example"), await editor("bayo@e2e.example")];
    const publish = async (proposal: Partial<Proposal> & Pick<Proposal, "recordId" | "changeKind">) => {
      const base = { kind: "school", fields: {}, sourceDocumentId: "", correctionId: "", mergeInto: "" };
      const note = "Visited the school.";
      const sourceUrl = "https://punchng.com/atunda-olu-school-directory";
      const id = await proposeChange(
        database.db,
        {
          ...base,
          note,
          sourceUrl,
          sourceTitle: "Atunda Olu school directory",
          sourcePublisher: "Punch",
          sourceRead: "2024-06-01",
          ...proposal,
        } as Proposal,
        author,
        new Date(),
      );
      await publishChange(database.db, id, reviewer, new Date());
    };
    await publish({
      recordId: String(ATUNDA),
      changeKind: "edit",
      fields: { latitude: 6.5005, longitude: 3.3581, phone: "0803 123 4567" },
    });
    await publish({ recordId: String(AMOSUN), changeKind: "merge", mergeInto: String(ATUNDA) });
  } finally {
    await database.close();
  }
}

test.describe("a school's page on a phone", () => {
  // One server for the file: its tests run in one worker, in order.
  test.describe.configure({ mode: "serial" });
  test.use({ viewport: { width: 360, height: 740 } });
  let server: BuiltServer;
  const at = (address: string) => `${server.baseUrl}${address}`;

  test.beforeAll(async () => {
    // Two openings of an embedded database (the changes, then the server) and two seedings: over 90 s once,
    // on this 2-core machine at load average 15 to 18.
    test.setTimeout(240_000);
    server = await startBuiltServer({
      dataDirPrefix: "inclusion-atlas-e2e-school-",
      beforeStart: publishSchoolChanges,
    });
  });
  test.afterAll(async () => server?.stop());

  test("offers directions to its coordinates and a call link with its +234 number", async ({ page }) => {
    await page.goto(at(paths.school(ATUNDA)));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ATUNDA_NAME);
    const directions = page.getByRole("link", { name: "Directions to the school (opens in a new tab)" });
    await expect(directions).toHaveAttribute(
      "href",
      "https://www.google.com/maps/dir/?api=1&destination=6.5005%2C3.3581",
    );
    await expect(directions).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: "Call +2348031234567" })).toHaveAttribute(
      "href",
      "tel:+2348031234567",
    );
    // The phone's and the place's own source, named by its publisher, beside each.
    for (const term of ["Phone", "Location"]) {
      const value = page.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("+ dd");
      await expect(value.getByRole("link", { name: /^Atunda Olu school directory \(Punch\)/ })).toBeVisible();
    }
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, "a school's page with directions and a call link");
  });

  test("'Back to results' returns to the filtered list the school was opened from", async ({ page }) => {
    await page.goto(at("/?schools=lagos&name=atunda"));
    const dialog = page.getByRole("dialog", { name: "Schools" });
    await expect(dialog.getByText("1 inclusive school found")).toBeVisible();
    await dialog.getByRole("link", { name: ATUNDA_NAME, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ATUNDA_NAME);

    await page.getByRole("link", { name: "Back to results" }).click();
    await expect(page).toHaveURL(at("/?schools=lagos&name=atunda"));
    await expect(dialog.getByText("1 inclusive school found")).toBeVisible();
    await expect(dialog.getByRole("link", { name: ATUNDA_NAME, exact: true })).toBeVisible();
  });

  test("a merged school's old address lands on the school it was merged into", async ({ page }) => {
    const answer = await page.goto(at(paths.school(AMOSUN)));
    expect(answer?.request().redirectedFrom()?.url()).toBe(at(paths.school(AMOSUN)));
    await expect(page).toHaveURL(at(paths.school(ATUNDA)));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ATUNDA_NAME);

    await page.goto(at(`/ha${paths.school(AMOSUN)}`));
    await expect(page).toHaveURL(at(`/ha${paths.school(ATUNDA)}`));

    // Within the app too: the public history links the old record, and following it lands on the new one.
    await page.goto(at(paths.changes("?kind=school")));
    await page.getByRole("link", { name: "Amosun Primary School" }).first().click();
    await expect(page).toHaveURL(at(paths.school(ATUNDA)));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ATUNDA_NAME);
  });
});
