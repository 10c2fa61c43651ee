import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { newStaff, openSignedIn, signedInTest, type SignedIn } from "./support/accounts";
import { expect } from "./support/fixtures";

// The review that protects, end to end on a 360 × 740 phone: a report from Kaduna (state 19, which no
// other spec uses) published by state only, whose text names a facility, a phone number and the reporter's
// own surname. The moderator sees the three marked, removes two, draws a rectangle to blur on the photo with the mouse, confirms the
// third and publishes; the public page, its link-preview tags and open data carry the redacted text only,
// and the public's copies of the photo are blurred where the moderator drew, never the photo as sent.

signedInTest.use({ viewport: { width: 360, height: 740 } });

const surname = "Danjuma";

/** Red on the left, blue on the right, a white square in the red half: blurring shows in the pixels. */
function twoColourPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([
      { input: { create: { width: 200, height: 200, channels: 3, background: "#ff0000" } }, left: 0, top: 0 },
      { input: { create: { width: 40, height: 40, channels: 3, background: "#ffffff" } }, left: 80, top: 80 },
    ])
    .png()
    .toBuffer();
}

/** The mean difference per channel between `copy` and the original scaled to its size, inside `box`. */
async function differenceInside(
  original: Buffer,
  copy: Buffer,
  box: { x: number; y: number; w: number; h: number },
): Promise<number> {
  const seen = await sharp(copy).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = seen.info;
  const expected = await sharp(original)
    .resize(width, height, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer();
  let sum = 0;
  let count = 0;
  for (let y = Math.ceil((box.y + 0.02) * height); y < (box.y + box.h - 0.02) * height; y++) {
    for (let x = Math.ceil((box.x + 0.02) * width); x < (box.x + box.w - 0.02) * width; x++) {
      for (let channel = 0; channel < 3; channel++) {
        const at = (y * width + x) * 3 + channel;
        sum += Math.abs(seen.data[at]! - expected[at]!);
        count++;
      }
    }
  }
  return sum / count;
}

async function sendKadunaReport(
  request: APIRequestContext,
  reporter: SignedIn,
  comment: string,
  photo: Buffer,
) {
  const response = await request.post("/api/v1/eyewitness", {
    headers: { authorization: `Bearer ${reporter.token}` },
    multipart: {
      firstName: "Hauwa",
      lastName: surname,
      email: reporter.user.email,
      commentType: "barrier",
      comment,
      stateId: "19",
      lga: "Kaduna North",
      occurredOn: "2026-11-20",
      peopleConsent: "true",
      media: { name: "entrance.png", mimeType: "image/png", buffer: photo },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { report: { id: string; media: { id: string }[] } }).report;
}

signedInTest(
  "a moderator sees what identifies, redacts two findings, blurs a photo and confirms before publishing",
  async ({ page, signedIn, request, browser }) => {
    signedInTest.slow();
    const stamp = Date.now();
    const comment = `No ramp at General Hospital Kawo, ${stamp}. Call Mrs ${surname} on 0803 123 4567.`;
    const photo = await twoColourPhoto();
    const report = await sendKadunaReport(request, signedIn, comment, photo);
    const { signedIn: moderator } = await newStaff(request, "moderator");

    await openSignedIn(page, moderator, "/dashboard/reviews?state=19");
    const card = page
      .getByRole("article")
      .filter({ hasText: String(stamp) })
      .first();
    const publicView = card.getByRole("region", { name: "What the public will see" });
    await expect(publicView.locator("mark")).toHaveText([
      "Name of a facility: General Hospital Kawo",
      `The reporter's name: ${surname}`,
      "Phone number: 0803 123 4567",
    ]);
    await expect(
      card.getByRole("region", { name: "What the reporter sent (moderators only)" }),
    ).toContainText(comment);

    const notifications = page.getByRole("region", { name: "Notifications" });
    await publicView.getByRole("button", { name: "Remove “0803 123 4567”" }).click();
    await expect(publicView.locator("mark")).toHaveCount(2);
    await publicView.getByRole("button", { name: "Remove “General Hospital Kawo”" }).click();
    await expect(publicView.locator("mark")).toHaveCount(1);
    const redacted = `No ramp at [removed], ${stamp}. Call Mrs ${surname} on [removed].`;
    // The remaining finding is marked with its name in words: "The reporter's name: Danjuma".
    await expect(publicView.locator("p").first()).toHaveText(
      `No ramp at [removed], ${stamp}. Call Mrs The reporter's name: ${surname} on [removed].`,
    );

    // Blur the left part of the photo, where the white square is, by drawing on it with the mouse: from
    // 10% of its width and 20% of its height to 40% and 80%. The rectangle is listed with its numbers.
    const drawing = publicView.getByRole("img", { name: "Photo 1, to draw the rectangles to blur on" });
    await drawing.scrollIntoViewIfNeeded();
    await expect(drawing).toHaveJSProperty("complete", true);
    const onScreen = (await drawing.boundingBox())!;
    const at = (x: number, y: number) =>
      [onScreen.x + x * onScreen.width, onScreen.y + y * onScreen.height] as const;
    await page.mouse.move(...at(0.1, 0.2));
    await page.mouse.down();
    await page.mouse.move(...at(0.25, 0.5), { steps: 4 });
    await page.mouse.move(...at(0.4, 0.8), { steps: 4 });
    await page.mouse.up();
    const drawn = publicView.getByRole("group", { name: "Rectangle 1" });
    const typed = async (label: string) => Number(await drawn.getByLabel(label).inputValue()) / 100;
    const box = {
      x: await typed("From the left (%)"),
      y: await typed("From the top (%)"),
      w: await typed("Width (%)"),
      h: await typed("Height (%)"),
    };
    for (const [side, drawnAt] of Object.entries({ x: 0.1, y: 0.2, w: 0.3, h: 0.6 })) {
      expect(box[side as keyof typeof box]).toBeCloseTo(drawnAt, 1);
    }
    // The keyboard's way: an arrow key in a field nudges the rectangle by 1%, and back.
    const left = drawn.getByLabel("From the left (%)");
    const drawnLeft = Number(await left.inputValue());
    await left.press("ArrowUp");
    await expect(left).toHaveValue(String(Math.round((drawnLeft + 1) * 10) / 10));
    await left.press("ArrowDown");
    await expect(left).toHaveValue(String(drawnLeft));
    const blurred = page.waitForResponse((response) => response.url().endsWith("/blur"));
    await publicView.getByRole("button", { name: "Blur 1 rectangle" }).click();
    expect((await blurred).status()).toBe(200);
    await expect(notifications).toContainText("Saved. The public will see the report as shown.");

    await card.getByRole("button", { name: "Verify" }).click();
    const confirm = card.getByRole("group", { name: "Publish this report?" });
    await expect(confirm).toContainText(`Text: ${redacted}`);
    await confirm.getByRole("button", { name: "Publish" }).click();
    await expect(confirm.getByRole("alert")).toBeVisible();
    await confirm
      .getByRole("checkbox", { name: `The reporter's name “${surname}” is meant to be public` })
      .check();
    await confirm.getByRole("button", { name: "Publish" }).click();
    await expect(notifications).toContainText("The report is verified and now public.");

    // The public: its API, its page's link-preview tags, and open data carry the redacted text only.
    const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const published = await visitor.request.get(`/api/v1/eyewitness/published/${report.id}`);
    const view = (await published.json()) as {
      report: { comment: string; media: { url: string; variants: { url: string }[] }[] };
    };
    expect(view.report.comment).toBe(redacted);
    const pageHtml = await (await visitor.request.get(`/eyewitness-reports/${report.id}`)).text();
    expect(pageHtml).toMatch(/<meta property="og:description" content="No ramp at \[removed\]/);
    expect(pageHtml).not.toContain("0803");
    expect(pageHtml).not.toContain("Kawo");
    for (const file of ["reports.json", "reports.csv"]) {
      const openData = await (await visitor.request.get(`/api/v1/open/${file}`)).text();
      expect(openData).toContain(`No ramp at [removed], ${stamp}`);
      expect(openData).not.toContain("0803 123 4567");
      expect(openData).not.toContain(`General Hospital Kawo, ${stamp}`);
    }
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/eyewitness-reports/${report.id}`);
    await expect(publicPage.locator("main")).toContainText(redacted);
    await expect(publicPage.locator("main")).not.toContainText("0803");

    // The photo: the public's full photo and each smaller copy differ from the original where blurred.
    const media = view.report.media[0]!;
    for (const url of [media.url, ...media.variants.map((variant) => variant.url)]) {
      const served = await visitor.request.get(url);
      expect(served.status()).toBe(200);
      expect(await differenceInside(photo, await served.body(), box)).toBeGreaterThan(8);
    }
    // The photo as sent is refused to the public: its address serves only the blurred copy.
    const asSent = await visitor.request.get(`/media/${report.media[0]!.id}`);
    expect(await differenceInside(photo, await asSent.body(), box)).toBeGreaterThan(8);
    await visitor.close();
  },
);
