import type { Page } from "@playwright/test";
import sharp from "sharp";
import { openSignedIn, signedInTest } from "./support/accounts";
import { allowFailedLoads, expect, expectNoAxeViolations } from "./support/fixtures";

// Eyewitness reports end to end: real file inputs, the real upload, the stored report in My reports.

async function photo(
  colour: string,
  width = 64,
  height = 48,
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name: `${colour.replace("#", "")}.jpg`, mimeType: "image/jpeg", buffer };
}

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });

/** Where and when: Lagos, Ikeja, on 20 November 2026 (the form asks for all three). */
async function fillPlace(page: Page) {
  await page.getByLabel("State", { exact: true }).selectOption({ label: "Lagos" });
  await page.getByLabel("Local government area", { exact: true }).selectOption({ label: "Ikeja" });
  await page.getByLabel("Date it happened").fill("2026-11-20");
}

const consent = (page: Page) =>
  page.getByRole("checkbox", { name: "People shown agreed, or cannot be identified" });

signedInTest.describe("eyewitness reports", () => {
  signedInTest(
    "a report with two photographs, one described, is sent, the form resets, and it is listed in My reports",
    async ({ page, signedIn }) => {
      await openSignedIn(page, signedIn);
      await expect(page.getByRole("heading", { level: 1, name: "Eyewitness report" })).toBeVisible();
      await expect(page.getByLabel("E-mail address")).toHaveValue(signedIn.user.email);
      await expect(page.getByLabel("Local government area", { exact: true })).toBeDisabled();
      await fillPlace(page);
      await page.getByRole("radio", { name: "Barrier" }).check();
      const comment = `The ramp at the Ikeja clinic is too steep for a wheelchair (${Date.now()}).`;
      await page.getByLabel("Comment").fill(comment);
      await page.getByRole("radio", { name: "Photographs" }).check();
      await page
        .getByLabel("Add photographs")
        .setInputFiles([await photo("#336699"), await photo("#996633", 1600, 1200)]);
      await expect(page.getByRole("button", { name: /^Remove photo 1: / })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Remove photo 2: / })).toBeVisible();
      await page.getByLabel("Description of photo 1 (optional)").fill("The ramp's steep slope");
      await consent(page).check();
      await expectNoAxeViolations(page, "eyewitness form with photographs");

      await page.getByRole("button", { name: "Send report" }).click();
      await expect(toasts(page)).toContainText("Your eyewitness report has been submitted successfully!");
      await expect(page.getByLabel("Comment")).toHaveValue("");
      await expect(page.getByRole("button", { name: /^Remove photo/ })).toHaveCount(0);

      await page
        .getByRole("navigation", { name: "Dashboard" })
        .getByRole("link", { name: "My reports" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "My reports" })).toBeVisible();
      const report = page.getByRole("article").filter({ hasText: comment });
      await expect(report).toBeVisible();
      await expect(report).toContainText("Pending review");
      await expect(report).toContainText("Barrier");
      // Terms and values of a description list (the colon after each term is drawn by CSS).
      await expect(report).toContainText("WhereIkeja, Lagos");
      await expect(report).toContainText("Date it happened20 November 2026");
      const images = report.getByRole("img");
      await expect(images).toHaveCount(2);
      // The description came back from the server as the photo's text alternative.
      await expect(images.first()).toHaveAccessibleName(
        /^Photograph 1 of the report of .+: The ramp's steep slope$/,
      );
      await expect(images.nth(1)).toHaveAccessibleName(/^Photograph 2 of the report of [^:]+$/);
      // The WebP copies are made just after the answer, in the background: until they exist the list
      // shows the full photo, and once they do the page offers them through srcset.
      // Each try reloads the page, which alone may take longer than the default expect timeout on a loaded machine.
      await expect
        .poll(
          async () => {
            await page.reload();
            return images.nth(1).getAttribute("srcset", { timeout: 10_000 });
          },
          { timeout: 60_000, message: "the list offers the photo's WebP copies" },
        )
        .toMatch(/&w=320 320w, .*&w=640 640w, .*&w=1280 1280w$/);
      // The photographs really load (signed media links), and are real images: the small one as it is,
      // the large one as a WebP copy the browser chose from srcset, never the full 1600 px photo.
      await expect
        .poll(() => images.first().evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBe(64);
      await expect
        .poll(() => images.nth(1).evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      const large = await images.nth(1).evaluate((element) => ({
        width: (element as HTMLImageElement).naturalWidth,
        src: (element as HTMLImageElement).currentSrc,
      }));
      expect(large.src).toMatch(/&w=(320|640|1280)$/);
      // Its natural width is the variant's, scaled to the slot `sizes` gave it: never the photo's 1600.
      expect(large.width).toBeLessThanOrEqual(640);
      await expect(report.getByRole("link", { name: /^Open the full photo/ }).nth(1)).toHaveAttribute(
        "href",
        /^\/media\/[0-9a-f-]+\?u=\d+&exp=\d+&sig=[\w-]+$/,
      );
      await expectNoAxeViolations(page, "my reports");
    },
  );

  signedInTest(
    "a refused submission keeps everything typed and chosen",
    async ({ page, signedIn, pageErrors }) => {
      await openSignedIn(page, signedIn);
      await fillPlace(page);
      await page.getByRole("radio", { name: "Question" }).check();
      await page.getByLabel("Comment").fill("Where can my son learn sign language in Kano?");
      await page.getByRole("radio", { name: "Photographs" }).check();
      // Named and typed as a JPEG, but text inside: only the server, which reads the content, can tell.
      const fake = {
        name: "ramp.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("this is not a photograph"),
      };
      await page.getByLabel("Add photographs").setInputFiles([await photo("#228844"), fake]);
      await consent(page).check();
      await page.getByRole("button", { name: "Send report" }).click();
      await expect(toasts(page)).toContainText('The file "ramp.jpg" is not a JPG, PNG or GIF photograph.');
      allowFailedLoads(pageErrors, [415]);
      await expect(page.getByLabel("Comment")).toHaveValue("Where can my son learn sign language in Kano?");
      await expect(page.getByRole("radio", { name: "Question" })).toBeChecked();
      await expect(page.getByRole("button", { name: /^Remove photo 1: / })).toBeVisible();
      await expect(page.getByRole("button", { name: "Remove photo 2: ramp.jpg" })).toBeVisible();
      await expect(page.getByLabel("Local government area", { exact: true })).toHaveValue("Ikeja");
      await expect(consent(page)).toBeChecked();
    },
  );

  signedInTest(
    "missing fields are explained in an error summary that takes focus",
    async ({ page, signedIn }) => {
      await openSignedIn(page, signedIn);
      await page.getByRole("button", { name: "Send report" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toBeFocused();
      await expect(summary).toContainText("Please fill in all required fields");
      await expectNoAxeViolations(page, "eyewitness form with errors");
    },
  );

  signedInTest("a report can be written and sent with the keyboard alone", async ({ page, signedIn }) => {
    await openSignedIn(page, signedIn);
    // A closed select takes what is typed; the date input takes its parts in the browser's order.
    // Chromium forgets the letters typed into a select after a second, so a name typed letter by letter
    // on a busy machine could land elsewhere: "L" is Lagos alone, and the same letter pressed again moves
    // on to the next name with it (Ibeju-Lekki, Ifako-Ijaiye, Ikeja), however long the pauses.
    await page.getByLabel("State", { exact: true }).focus();
    await page.keyboard.press("L");
    await expect(page.getByLabel("State", { exact: true })).toHaveValue("25");
    await page.keyboard.press("Tab");
    for (let press = 0; press < 3; press++) await page.keyboard.press("I");
    await expect(page.getByLabel("Local government area", { exact: true })).toHaveValue("Ikeja");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Date it happened")).toBeFocused();
    await page.keyboard.type("11202026");
    await expect(page.getByLabel("Date it happened")).toHaveValue("2026-11-20");
    await page.getByRole("radio", { name: "Experience" }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("radio", { name: "Experience" })).toBeChecked();
    await page.keyboard.press("Tab");
    await page.keyboard.type("A teacher used sign language with every pupil.");
    await expect(page.getByLabel("Comment")).toHaveValue("A teacher used sign language with every pupil.");
    // On to the send button with Tab only.
    let onSend = false;
    for (let i = 0; i < 15 && !onSend; i++) {
      await page.keyboard.press("Tab");
      onSend = await page
        .getByRole("button", { name: "Send report" })
        .evaluate((b) => b === document.activeElement);
    }
    expect(onSend, "Tab reaches Send report").toBe(true);
    await page.keyboard.press("Enter");
    await expect(toasts(page)).toContainText("Your eyewitness report has been submitted successfully!");
  });

  signedInTest(
    "the place is chosen from the state's own LGAs, a future date is refused, and consent is asked only with media",
    async ({ page, signedIn }) => {
      await openSignedIn(page, signedIn);
      const lga = page.getByLabel("Local government area", { exact: true });
      await page.getByLabel("State", { exact: true }).selectOption({ label: "Kano" });
      await expect(lga.getByRole("option", { name: "Kano Municipal" })).toHaveCount(1);
      await expect(lga.getByRole("option", { name: "Ikeja" })).toHaveCount(0);
      await lga.selectOption({ label: "Kano Municipal" });
      await page.getByLabel("State", { exact: true }).selectOption({ label: "Lagos" });
      await expect(lga).toHaveValue("");
      await lga.selectOption({ label: "Ikeja" });
      await expect(page.getByLabel("Date it happened")).toHaveAttribute("min", "1960-01-01");
      await page.getByLabel("Date it happened").fill("2999-01-01");
      await page.getByRole("radio", { name: "Barrier" }).check();
      await page.getByLabel("Comment").fill("Steps only at the market entrance.");
      await expect(consent(page)).toHaveCount(0);
      await expect(page.getByRole("radio", { name: "The state only" })).toBeChecked();
      await page.getByRole("button", { name: "Send report" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toContainText("The date it happened cannot be in the future.");
      await expect(page.getByLabel("Date it happened")).toHaveAttribute("aria-invalid", "true");
      await page.getByRole("radio", { name: "Photographs" }).check();
      await page.getByLabel("Add photographs").setInputFiles([await photo("#445566")]);
      await expect(consent(page)).toBeVisible();
      await expectNoAxeViolations(page, "eyewitness form with place, date and consent");
    },
  );
});
