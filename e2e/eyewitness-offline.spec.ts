import type { Page } from "@playwright/test";
import sharp from "sharp";
import { openSignedIn, signedInTest } from "./support/accounts";
import { comment, fillIn, waitForOutboxCode } from "./support/eyewitness-form";
import { expect, expectNoAxeViolations } from "./support/fixtures";

// The report form on a weak network, in Chromium: a draft kept on the device across a reload,
// a report queued while offline and sent when the connection returns, and a 12-megapixel photo of about
// 8 MB made smaller in the browser and accepted by the server (whose limit is 5 MB).

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });

/**
 * The comment of the draft kept on the device for `userId`, or null. Read only once the form has saved a
 * draft, so the database exists (opened here without a version, it is never created or upgraded).
 */
function storedDraftComment(page: Page, userId: number): Promise<string | null> {
  return page.evaluate(
    (id) =>
      new Promise<string | null>((resolve) => {
        const opening = indexedDB.open("inclusion-atlas-reports");
        opening.onupgradeneeded = () => opening.transaction?.abort();
        opening.onerror = () => resolve(null);
        opening.onsuccess = () => {
          const db = opening.result;
          const read = db.transaction("drafts").objectStore("drafts").get(id);
          read.onsuccess = () => {
            db.close();
            resolve((read.result as { draft?: { comment?: string } } | undefined)?.draft?.comment ?? null);
          };
          read.onerror = () => {
            db.close();
            resolve(null);
          };
        };
      }),
    userId,
  );
}

async function expectListedInMyReports(page: Page, text: string) {
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My reports" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: text })).toBeVisible();
}

signedInTest.describe("the eyewitness form on a weak network", () => {
  signedInTest("a draft is restored after a reload, and can be discarded", async ({ page, signedIn }) => {
    await openSignedIn(page, signedIn);
    const text = `Draft kept on the phone (${Date.now()}).`;
    await fillIn(page, text);
    await expect(page.getByText("Draft saved on this device.")).toBeVisible();
    // That line shows after the first write, which may have come before the comment was typed (the form
    // writes once typing pauses, and a reload does not wait for the next write): wait for the comment.
    await expect.poll(() => storedDraftComment(page, signedIn.user.id)).toBe(text);

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.getByRole("status").filter({ hasText: "Draft restored" })).toBeVisible();
    await expect(comment(page)).toHaveValue(text);
    await expect(page.getByLabel("Local government area", { exact: true })).toHaveValue("Ikeja");
    await expect(page.getByRole("radio", { name: "Barrier" })).toBeChecked();
    await expectNoAxeViolations(page, "eyewitness form with a restored draft");

    await page.getByRole("button", { name: "Discard draft" }).click();
    await expect(comment(page)).toHaveValue("");
    await expect(page.getByText("Draft restored")).toHaveCount(0);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.getByRole("heading", { level: 1, name: "Eyewitness report" })).toBeVisible();
    await expect(comment(page)).toHaveValue("");
    await expect(page.getByRole("button", { name: "Discard draft" })).toHaveCount(0);
  });

  signedInTest(
    "a report submitted offline waits in the outbox and is sent when the connection returns",
    async ({ page, context, signedIn }) => {
      await openSignedIn(page, signedIn);
      const text = `Sent from the outbox (${Date.now()}).`;
      await fillIn(page, text);

      await waitForOutboxCode(page);
      await context.setOffline(true);
      await page.getByRole("button", { name: "Send report" }).click();
      await expect(
        page.getByText(/^There is no connection, so your report is kept on this device\./),
      ).toBeVisible();
      const outbox = page.getByRole("status").filter({ hasText: "waiting to be sent" });
      await expect(outbox).toHaveText("1 report waiting to be sent");
      await expect(comment(page)).toHaveValue("");
      await expectNoAxeViolations(page, "eyewitness form with the outbox notice");

      await context.setOffline(false);
      await expect(
        page.getByRole("status").filter({ hasText: "Your waiting report was sent." }),
      ).toBeVisible();
      await expect(page.getByText("1 report waiting to be sent")).toHaveCount(0);
      await expectListedInMyReports(page, text);
    },
  );

  signedInTest(
    "an 8 MB 12-megapixel photo is made smaller in the browser and accepted by the server",
    async ({ page, signedIn }) => {
      signedInTest.setTimeout(120_000);
      // Gaussian noise, so that the JPEG stays large, with a GPS position in its EXIF.
      const photo = await sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 3,
          background: "#808080",
          noise: { type: "gaussian", mean: 128, sigma: 40 },
        },
      })
        .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 35/1 0/1" } })
        .jpeg({ quality: 93 })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(7 * 1024 * 1024);
      expect(photo.includes(Buffer.from("Exif\0\0", "latin1")), "the photo chosen has EXIF").toBe(true);

      // Notes the body of each upload, to look at the photo the browser really sent.
      await page.addInitScript(() => {
        const send = XMLHttpRequest.prototype.send;
        XMLHttpRequest.prototype.send = function (body) {
          if (body instanceof FormData) (window as unknown as { sentBody?: FormData }).sentBody = body;
          send.call(this, body as XMLHttpRequestBodyInit | null);
        };
      });
      const workers: string[] = [];
      page.on("worker", (worker) => workers.push(worker.url()));
      await openSignedIn(page, signedIn);
      const text = `A 12-megapixel photo of the steps (${Date.now()}).`;
      await fillIn(page, text);
      await page.getByRole("radio", { name: "Photographs" }).check();
      await page
        .getByLabel("Add photographs")
        .setInputFiles([{ name: "steps.jpg", mimeType: "image/jpeg", buffer: photo }]);
      // "Photo 1: steps.jpg (8.1 MB → 2.3 MB)": the size before and after.
      await expect(page.getByText(/^Photo 1: steps\.jpg \([\d.]+ MB → [\d.]+ (MB|KB)\)$/)).toBeVisible({
        timeout: 60_000,
      });
      // Chromium has OffscreenCanvas: the work was done off the main thread.
      expect(
        workers.some((url) => /\/assets\/photo-shrink\.worker-[\w-]+\.js$/.test(url)),
        workers.join(),
      ).toBe(true);
      await page.getByRole("checkbox", { name: "People shown agreed, or cannot be identified" }).check();

      await page.getByRole("button", { name: "Send report" }).click();
      await expect(toasts(page)).toContainText("Your eyewitness report has been submitted successfully!");
      // What the browser sent (noted by the init script above): a JPEG under the server's 5 MB limit, with
      // no EXIF segment at all, so no GPS position.
      const sent = await page.evaluate(async () => {
        const body = (window as unknown as { sentBody?: FormData }).sentBody;
        const file = body?.get("media");
        if (!(file instanceof File)) return null;
        const bytes = new Uint8Array(await file.arrayBuffer());
        const exif = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0", the start of an APP1 EXIF segment
        const hasExif = bytes.some((_, index) =>
          exif.every((byte, offset) => bytes[index + offset] === byte),
        );
        return { name: file.name, type: file.type, size: file.size, hasExif, start: [bytes[0], bytes[1]] };
      });
      expect(sent).toEqual({
        name: "steps.jpg",
        type: "image/jpeg",
        size: expect.any(Number),
        hasExif: false,
        start: [0xff, 0xd8],
      });
      expect(sent!.size).toBeLessThanOrEqual(5 * 1024 * 1024);

      await expectListedInMyReports(page, text);
      const image = page.getByRole("article").filter({ hasText: text }).getByRole("img");
      await expect(image).toHaveCount(1);
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    },
  );
});
