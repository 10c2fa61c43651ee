import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Locator, Page } from "@playwright/test";
import notifications from "../src/server/channels/whatsapp/fixtures/notifications.json" with { type: "json" };
import { startGraphApiPeer, type GraphApiPeer } from "../src/test/server/graph-api-peer";
import { ffmpegPath } from "../src/test/server/videos";
import type { SignedIn } from "./support/accounts";
import { expect, expectNoAxeViolations, test } from "./support/fixtures";
import { createAdmin } from "./support/global-setup";
import { startBuiltServer, type BuiltServer } from "./support/server";

// A report by WhatsApp, end to end: the spec's own server talks to a loopback Graph API peer (it plays
// Meta's Cloud API: serves the voice note's bytes, records what the product sends). A text and a voice
// note from one number, signed as Meta signs them, make one report; a moderator (made by the real
// create-admin CLI) completes its place, type and date, writes the voice note's transcript and publishes,
// once at 1280 × 800 by keyboard only and once at 360 × 740 by touch. The public page shows the transcript
// and never the number; the reporter got the reference on receipt and the decision after publication.

const run = promisify(execFile);
const CALLBACK_SECRET = "e2e-whatsapp-callback-secret-0123456789";
const APP_SECRET = "e2e-app-secret-of-the-meta-app";
const ACCESS_TOKEN = "EAAG-e2e-access-token";
const PHONE_NUMBER_ID = notifications.text.entry[0]!.changes[0]!.value.metadata.phone_number_id;
const moderatorAccount = {
  email: "amaka.moderator@e2e.example",
  password: "Atlas-Phone-Review-2026!e2e",
  firstname: "Amaka",
  lastname: "Nwosu",
};

type Notification = typeof notifications.text;

/** A documented notification from `from`, its message's id and text or audio media id changed. */
function notification(
  kind: "text" | "audio",
  change: { id: string; from: string; body?: string; mediaId?: string },
): Notification {
  const copy = structuredClone(notifications[kind]) as unknown as Notification;
  const value = copy.entry[0]!.changes[0]!.value;
  const message = value.messages[0]! as Record<string, unknown> & {
    text?: { body: string };
    audio?: { id: string };
  };
  message.id = change.id;
  message.from = change.from;
  message.timestamp = String(Math.floor(Date.now() / 1000));
  value.contacts[0]!.wa_id = change.from;
  if (message.text && change.body !== undefined) message.text.body = change.body;
  if (message.audio && change.mediaId) message.audio.id = change.mediaId;
  return copy;
}

const signatureOf = (raw: string, secret: string) =>
  `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

/** A one-second voice note as WhatsApp sends one (Ogg Opus), made by the real ffmpeg. */
async function oggVoiceNote(): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), "ia-e2e-voice-"));
  try {
    const output = path.join(folder, "voice.ogg");
    await run(await ffmpegPath(), [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
      ...["-i", "sine=frequency=440:duration=1", "-c:a", "libopus", "-f", "ogg", output],
    ]);
    return await readFile(output);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

test.describe("a report by WhatsApp, reviewed and published", () => {
  // One server and one peer for the file: its tests run in one worker, in order.
  test.describe.configure({ mode: "serial" });
  let server: BuiltServer;
  let peer: GraphApiPeer;
  let voiceNote: Buffer;
  let moderator: SignedIn;

  test.beforeAll(async () => {
    // ffmpeg, create-admin and a second server's start on a loaded machine: more than a test's 90 s.
    test.setTimeout(240_000);
    voiceNote = await oggVoiceNote();
    peer = await startGraphApiPeer(ACCESS_TOKEN);
    server = await startBuiltServer({
      dataDirPrefix: "inclusion-atlas-e2e-phone-",
      env: {
        CHANNELS_PHONE_HASH_KEY: "e2e-phone-hash-key-0123456789abcdefghij",
        CHANNELS_PHONE_ENCRYPTION_KEY: "e2e-phone-encryption-key-0123456789abcdef",
        WHATSAPP_CALLBACK_SECRET: CALLBACK_SECRET,
        WHATSAPP_VERIFY_TOKEN: "e2e-verify-token",
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_ACCESS_TOKEN: ACCESS_TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        WHATSAPP_GRAPH_API_URL: peer.url,
        WHATSAPP_GRAPH_API_VERSION: peer.version,
      },
      beforeStart: (env) => createAdmin(env, moderatorAccount),
    });
    const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: moderatorAccount.email, password: moderatorAccount.password }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    moderator = (await login.json()) as SignedIn;
  });
  test.afterAll(async () => {
    await server?.stop();
    await peer?.stop();
  });

  const webhook = () => `${server.baseUrl}/api/v1/channels/whatsapp/${CALLBACK_SECRET}/webhook`;
  const notify = (body: unknown, secret = APP_SECRET) => {
    const raw = JSON.stringify(body);
    return fetch(webhook(), {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signatureOf(raw, secret) },
      body: raw,
    });
  };

  /** Sends a text and a voice note from `from`, as Meta would; answers the text (unique to the report). */
  async function sendByWhatsApp(from: string, stamp: string): Promise<string> {
    const text = `The ramp at the bus terminal ends in a high step, ${stamp}`;
    const mediaId = `e2e-voice-${stamp}`;
    peer.media.set(mediaId, { bytes: voiceNote, mimeType: "audio/ogg" });
    const sentText = await notify(
      notification("text", { id: `wamid.text-${stamp}`, from, body: `REPORT ${text}` }),
    );
    expect(sentText.status, await sentText.text()).toBe(200);
    const sentVoice = await notify(notification("audio", { id: `wamid.voice-${stamp}`, from, mediaId }));
    expect(sentVoice.status, await sentVoice.text()).toBe(200);
    return text;
  }

  /** The texts the peer was asked to send to `to`. */
  const sentTo = (to: string) => () => peer.sent.filter((message) => message.to === to).map((m) => m.body);

  async function openQueue(page: Page): Promise<void> {
    await page.goto(`${server.baseUrl}/about`);
    await page.evaluate((stored) => window.localStorage.setItem("user", JSON.stringify(stored)), {
      ...moderator.user,
      token: moderator.token,
    });
    await page.goto(`${server.baseUrl}/dashboard/reviews`);
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  }

  /** What the card shows of a phone report before anything is done, and its reference. */
  async function checkPhoneCard(page: Page, card: Locator): Promise<string> {
    await expect(card).toBeVisible();
    const term = (name: string) => card.locator("dt", { hasText: new RegExp(`^${name}$`) }).locator("+ dd");
    await expect(term("Sent from").first()).toHaveText("WhatsApp");
    await expect(term("Reporter").first()).toHaveText(/^Phone reporter #[0-9a-f]{4}$/);
    const reference = (await term("Reference").first().textContent()) ?? "";
    expect(reference).toMatch(/^IA-[0-9A-F]{8}$/);
    const audio = card.locator("audio");
    await expect(audio).toHaveCount(1);
    await expect(audio).toHaveAttribute("aria-label", /^Voice note 1 of the report of /);
    await expect(card.getByRole("textbox", { name: "What the voice note says" })).toBeVisible();
    await expectNoAxeViolations(page, "a WhatsApp report with its voice note and transcript form");
    return reference;
  }

  /** Sends a report by WhatsApp from `from`, waits for its receipt and opens its card in the review queue:
   *  the card and the report's reference. */
  async function openSentReport(
    page: Page,
    from: string,
    stamp: string,
  ): Promise<{ card: Locator; reference: string }> {
    const text = await sendByWhatsApp(from, stamp);
    await expect
      .poll(sentTo(from), { message: "the receipt" })
      .toContainEqual(expect.stringMatching(/we received your report IA-[0-9A-F]{8}/));
    await openQueue(page);
    const card = page.getByRole("article").filter({ hasText: text });
    const reference = await checkPhoneCard(page, card);
    expect(sentTo(from)()[0]).toContain(reference);
    return { card, reference };
  }

  /** The decision's reply, once sent; its link is the published report's page. */
  async function publishedLink(from: string, reference: string): Promise<string> {
    await expect
      .poll(sentTo(from), { message: "the decision's reply", timeout: 30_000 })
      .toContainEqual(expect.stringContaining(`your report ${reference} is published`));
    const decision = sentTo(from)().find((body) => body.includes(`${reference} is published`))!;
    const link = /https?:\/\/\S+/.exec(decision)?.[0];
    expect(link, decision).toBeDefined();
    return link!;
  }

  /** The public page: the transcript, and the reporter's number nowhere in its HTML. */
  async function checkPublicPage(page: Page, link: string, transcript: string, from: string): Promise<void> {
    await page.goto(link);
    await expect(page.locator("main")).toContainText(transcript);
    await expect(page.locator("main")).toContainText("The voice note, as transcribed by a moderator:");
    await expect(page.locator("audio")).toHaveCount(0);
    const national = from.slice(3);
    expect(await page.content()).not.toContain(national);
    // The HTML as served (the page's shell and its loader data) carries no number either.
    expect(await (await fetch(link)).text()).not.toContain(national);
  }

  test("a notification signed with another secret is refused and makes no report", async () => {
    const from = "2348030000001";
    const response = await notify(
      notification("text", { id: "wamid.forged-1", from, body: "REPORT a forged report" }),
      "not-the-app-secret",
    );
    expect(response.status).toBe(401);
    const queue = await fetch(`${server.baseUrl}/api/v1/eyewitness/reviews?status=pending`, {
      headers: { authorization: `Bearer ${moderator.token}` },
    });
    expect(JSON.stringify(await queue.json())).not.toContain("a forged report");
    expect(peer.sent.filter((message) => message.to === from)).toEqual([]);
  });

  test("at 1280 × 800, by keyboard only, a moderator completes, transcribes and publishes it", async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 800 });
    const from = "2348031234567";
    const { card, reference } = await openSentReport(page, from, `k${Date.now()}`);

    const details = card.getByRole("form", { name: "Complete the report before publishing" });
    const choose = async (label: string, typed: string, value: RegExp | string) => {
      const field = details.getByLabel(label, { exact: true });
      await field.focus();
      await page.keyboard.type(typed);
      await expect(field).toHaveValue(value);
    };
    await choose("State", "Lagos", /^\d+$/);
    await choose("Local government area", "Ikeja", "Ikeja");
    await choose("Kind of report", "Barrier", "barrier");
    const date = details.getByLabel("Date it happened");
    await date.focus();
    await page.keyboard.type("11202026");
    await expect(date).toHaveValue("2026-11-20");
    await details.getByRole("button", { name: "Save the details" }).focus();
    await page.keyboard.press("Enter");
    await expect(details).toHaveCount(0);

    const transcript = `The ramp ends in a step as high as a knee, so no wheelchair gets in, ${Date.now()}.`;
    const transcriptField = card.getByRole("textbox", { name: "What the voice note says" });
    await transcriptField.focus();
    await page.keyboard.type(transcript);
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: "Save the transcript" })).toBeFocused();
    await page.keyboard.press("Enter");
    // Saved: the rule that one is due gives way to the hint.
    await expect(card).toContainText("The public page shows this transcript, never the voice.");

    await card.getByRole("button", { name: "Verify" }).focus();
    await page.keyboard.press("Enter");
    const confirm = card.getByRole("group", { name: "Publish this report?" });
    for (const tick of await confirm.getByRole("checkbox").all()) {
      await tick.focus();
      await page.keyboard.press("Space");
      await expect(tick).toBeChecked();
    }
    await confirm.getByRole("button", { name: "Publish" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
      "The report is verified and now public.",
    );

    const link = await publishedLink(from, reference);
    await checkPublicPage(page, link, transcript, from);
  });

  test("at 360 × 740, by touch, a moderator completes, transcribes and publishes it", async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const from = "2348059876543";
    const { card, reference } = await openSentReport(page, from, `t${Date.now()}`);

    const details = card.getByRole("form", { name: "Complete the report before publishing" });
    await details.getByLabel("State", { exact: true }).selectOption({ label: "Kano" });
    await details.getByLabel("Local government area", { exact: true }).selectOption("Kano Municipal");
    await details.getByLabel("Kind of report", { exact: true }).selectOption("barrier");
    await details.getByLabel("Date it happened").fill("2026-11-21");
    await details.getByRole("button", { name: "Save the details" }).tap();
    await expect(details).toHaveCount(0);

    const transcript = `The clinic's door is too narrow for a wheelchair, ${Date.now()}.`;
    await card.getByRole("textbox", { name: "What the voice note says" }).fill(transcript);
    await card.getByRole("button", { name: "Save the transcript" }).tap();
    // Saved: the rule that one is due gives way to the hint.
    await expect(card).toContainText("The public page shows this transcript, never the voice.");

    await card.getByRole("button", { name: "Verify" }).tap();
    const confirm = card.getByRole("group", { name: "Publish this report?" });
    for (const tick of await confirm.getByRole("checkbox").all()) {
      await tick.tap();
      await expect(tick).toBeChecked();
    }
    await confirm.getByRole("button", { name: "Publish" }).tap();
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
      "The report is verified and now public.",
    );

    const link = await publishedLink(from, reference);
    await checkPublicPage(page, link, transcript, from);
    await context.close();
  });
});
