import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/fixtures";

// The suite's accessibility check (axe-core run in the page, support/fixtures.ts) is itself checked: it
// names each violation it finds, reads the page as it is at each check (not as it was at the first), and
// checks a new document as well as the first.

const withViolations =
  '<!doctype html><html lang="en"><head><title>Check</title></head><body><main>' +
  '<h1>Check</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button id="b"></button>' +
  "</main></body></html>";

test("the accessibility check names what it finds, sees the page as it is now, and checks a new page too", async ({
  page,
}) => {
  await page.setContent(withViolations);
  const found = await expectNoAxeViolations(page, "the first check").then(
    () => "",
    (error: unknown) => String(error),
  );
  expect(found).toContain("image-alt (critical): img");
  expect(found).toContain("button-name (critical): #b");

  // Mended in the same document: the next check passes.
  await page.locator("img").evaluate((image) => image.setAttribute("alt", ""));
  await page.locator("#b").evaluate((button) => (button.textContent = "Send"));
  await expectNoAxeViolations(page, "after mending");

  // A new document starts without the check's code: it is put there again, and finds the same faults.
  await page.goto(`data:text/html,${encodeURIComponent(withViolations)}`);
  await expect(expectNoAxeViolations(page, "a new document")).rejects.toThrow(/image-alt/);
});
