import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { useChannelTestApp } from "../../../test/server/channels";
import { testDatabaseKinds } from "../../../test/server/databases";
import { startGraphApiPeer, type GraphApiPeer } from "../../../test/server/graph-api-peer";
import {
  decide,
  hasGpsBlock,
  jpegWithGps,
  publishedList,
  readStored,
  type ReportsTestApp,
} from "../../../test/server/reports";
import { describeVideo, ffmpegPath } from "../../../test/server/videos";
import { channelMessages, channelOutbox, eyewitnessReports, reportMedia } from "../../db/schema";
import { deliverDueReplies } from "../reply-outbox";
import { GraphApi } from "./graph-api";
import { WhatsAppSender } from "./sender";
import notifications from "./fixtures/notifications.json" with { type: "json" };
import verification from "./fixtures/verification.json" with { type: "json" };

// WhatsApp's documented requests (fixtures/) replayed into the review queue, signed as Meta signs them;
// the Graph API played on loopback for media and replies; and the reporter's number searched for in
// every table and every log line once the decision's reply is sent.

const run = promisify(execFile);
const SECRET = "wa-callback-secret-0123456789abcdef";
const APP_SECRET = "the-app-secret-of-the-meta-app";
const VERIFY_TOKEN = "meatyhamhock";
const ACCESS_TOKEN = "EAAG-test-access-token";
const PHONE_NUMBER_ID = "106540352242922";
const FROM = "2348031234567";
const TEMPLATES = { published: "report_published", notPublished: "report_not_published" };
const HOUR = 60 * 60 * 1000;

type Fixture = typeof notifications.text;

/** A documented notification with its message's id, text, caption or media id changed. */
function notification(
  kind: "text" | "image" | "audio",
  changes: { id: string; from?: string; body?: string; caption?: string; mediaId?: string },
): Fixture {
  const copy = structuredClone(notifications[kind]) as unknown as Fixture;
  const message = copy.entry[0]!.changes[0]!.value.messages[0]! as Record<string, unknown> & {
    text?: { body: string };
    image?: { id: string; caption?: string };
    audio?: { id: string };
  };
  message.id = changes.id;
  message.from = changes.from ?? FROM;
  copy.entry[0]!.changes[0]!.value.contacts[0]!.wa_id = changes.from ?? FROM;
  if (changes.body !== undefined && message.text) message.text.body = changes.body;
  if (message.image) {
    if (changes.caption === undefined) delete message.image.caption;
    else message.image.caption = changes.caption;
    if (changes.mediaId) message.image.id = changes.mediaId;
  }
  if (message.audio && changes.mediaId) message.audio.id = changes.mediaId;
  return copy;
}

const sign = (raw: string, secret = APP_SECRET) =>
  `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

/** A voice note as WhatsApp sends one (Ogg Opus), carrying tags that must never be kept. */
async function voiceNote(): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), "ia-voice-"));
  try {
    const output = path.join(folder, "voice.ogg");
    await run(await ffmpegPath(), [
      ...["-hide_banner", "-loglevel", "error", "-y"],
      ...["-f", "lavfi", "-i", "sine=frequency=300:duration=1"],
      ...[
        "-c:a",
        "libopus",
        "-metadata",
        "title=Amina-at-12-Allen-Avenue",
        "-metadata",
        "artist=Amina-Bello",
      ],
      ...["-f", "ogg", output],
    ]);
    return await readFile(output);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe.each(testDatabaseKinds())("WhatsApp on %s", (kind) => {
  const fixture = useChannelTestApp(kind, {
    startPeer: () => startGraphApiPeer(ACCESS_TOKEN),
    channels: (peer, base) => ({
      ...base,
      whatsapp: {
        callbackSecret: SECRET,
        verifyToken: VERIFY_TOKEN,
        appSecret: APP_SECRET,
        accessToken: ACCESS_TOKEN,
        phoneNumberId: PHONE_NUMBER_ID,
        graphUrl: peer.url,
        graphVersion: peer.version,
        templates: TEMPLATES,
      },
    }),
    reset: (peer) => {
      peer.sent.length = 0;
      peer.media.clear();
    },
  });
  const { logLines, deliver, pending } = fixture;
  let t: ReportsTestApp;
  let peer: GraphApiPeer;
  let moderator: string;
  beforeEach(() => {
    ({ t, peer, moderator } = fixture);
  });

  const notify = (body: unknown, options: { secret?: string; signature?: string | null } = {}) => {
    const raw = JSON.stringify(body);
    const signature = options.signature === undefined ? sign(raw) : options.signature;
    return t.app.inject({
      method: "POST",
      url: `/api/v1/channels/whatsapp/${options.secret ?? SECRET}/webhook`,
      payload: raw,
      headers: {
        "content-type": "application/json",
        ...(signature === null ? {} : { "x-hub-signature-256": signature }),
      },
    });
  };
  const complete = (reportId: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${reportId}/details`,
      headers: { authorization: `Bearer ${moderator}` },
      payload: {
        stateId: 25,
        lga: "Ikeja",
        commentType: "barrier",
        occurredOn: "2026-03-01",
        precision: "lga",
      },
    });

  it("answers Meta's verification of the callback address with the challenge, and only with the right token", async () => {
    const query = new URLSearchParams(verification.request.query).toString();
    const answered = await t.app.inject({
      method: "GET",
      url: `/api/v1/channels/whatsapp/${SECRET}/webhook?${query}`,
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toBe(verification.answer.body);

    const wrongToken = new URLSearchParams({ ...verification.request.query, "hub.verify_token": "guess" });
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/v1/channels/whatsapp/${SECRET}/webhook?${wrongToken}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/v1/channels/whatsapp/not-the-secret-0123456789abcdef/webhook?${query}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("a text report enters the queue and its reference is sent back on WhatsApp", async () => {
    const received = await notify(notification("text", { id: "wamid.text-1" }));
    expect(received.statusCode).toBe(200);
    const [report, ...others] = await pending();
    expect(others).toEqual([]);
    expect(report).toMatchObject({
      channel: "whatsapp",
      detailsDue: true,
      comment: "The ramp at Ikeja bus terminal ends in a high step",
      firstName: "",
      email: "",
    });
    expect(report!.phoneReporter).toMatch(/^[0-9a-f]{4}$/);

    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(peer.sent).toEqual([
      expect.objectContaining({
        phoneNumberId: PHONE_NUMBER_ID,
        authorization: `Bearer ${ACCESS_TOKEN}`,
        to: FROM,
        type: "text",
      }),
    ]);
    expect(peer.sent[0]!.body).toContain(report!.reference);
  });

  it("refuses a wrongly signed or unsigned notification and stores nothing of it", async () => {
    const body = notification("text", { id: "wamid.forged" });
    expect(
      (await notify(body, { signature: sign(JSON.stringify(body), "another-app-secret") })).statusCode,
    ).toBe(401);
    expect((await notify(body, { signature: null })).statusCode).toBe(401);
    expect((await notify(body, { signature: "sha256=zz" })).statusCode).toBe(401);
    // Signed over other bytes than those sent: a body changed on the way.
    const raw = JSON.stringify(body);
    const tampered = await t.app.inject({
      method: "POST",
      url: `/api/v1/channels/whatsapp/${SECRET}/webhook`,
      payload: raw.replace("high step", "low step"),
      headers: { "content-type": "application/json", "x-hub-signature-256": sign(raw) },
    });
    expect(tampered.statusCode).toBe(401);
    expect((await notify(body, { secret: "not-the-secret-0123456789abcdef" })).statusCode).toBe(404);
    expect(await pending()).toEqual([]);
    expect(await t.db.select().from(channelMessages)).toEqual([]);
    expect(await t.db.select().from(channelOutbox)).toEqual([]);
  });

  it("a replayed message is stored once and answered once", async () => {
    const body = notification("text", { id: "wamid.replayed" });
    expect((await notify(body)).statusCode).toBe(200);
    expect((await notify(body)).statusCode).toBe(200);
    expect(await pending()).toHaveLength(1);
    expect(await t.db.select().from(channelMessages)).toHaveLength(1);
    await deliver();
    expect(peer.sent).toHaveLength(1);
  });

  it("ignores the delivery statuses of its own replies", async () => {
    expect((await notify(notifications.status)).statusCode).toBe(200);
    expect(await t.db.select().from(channelMessages)).toEqual([]);
    expect(await pending()).toEqual([]);
  });

  it("a photo is fetched from the Graph API and stored without its GPS position", async () => {
    const original = await jpegWithGps();
    expect(hasGpsBlock((await sharp(original).metadata()).exif)).toBe(true);
    peer.media.set("1003383421387256", { bytes: original, mimeType: "image/jpeg" });

    const received = await notify(
      notification("image", { id: "wamid.photo-1", caption: "REPORT The school gate" }),
    );
    expect(received.statusCode).toBe(200);
    expect(peer.requests).toContain("GET /download/1003383421387256");

    const [report] = await pending();
    expect(report).toMatchObject({ channel: "whatsapp", comment: "The school gate" });
    expect(report!.media).toEqual([expect.objectContaining({ kind: "photo", contentType: "image/jpeg" })]);
    const [row] = await t.db.select().from(reportMedia).where(eq(reportMedia.reportId, report!.id));
    const stored = await readStored(t, row!.storageKey);
    expect(stored.equals(original)).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(hasGpsBlock(metadata.exif)).toBe(false);
    expect(stored.includes(Buffer.from("PhoneCo"))).toBe(false);
    expect(metadata.width).toBeGreaterThan(0);
  });

  it("a voice note is kept as playable audio without its tags, heard by moderators only, and published by its transcript", async () => {
    const note = await voiceNote();
    expect(note.includes(Buffer.from("Amina-at-12-Allen-Avenue"))).toBe(true);
    peer.media.set("1946097382877433", { bytes: note, mimeType: "audio/ogg; codecs=opus" });

    expect((await notify(notification("audio", { id: "wamid.voice-1" }))).statusCode).toBe(200);
    const [report] = await pending();
    expect(report).toMatchObject({ channel: "whatsapp", transcriptDue: true, transcript: null });
    expect(report!.media).toEqual([expect.objectContaining({ kind: "audio", contentType: "audio/mp4" })]);

    const [row] = await t.db.select().from(reportMedia).where(eq(reportMedia.reportId, report!.id));
    const stored = await readStored(t, row!.storageKey);
    expect(stored.includes(Buffer.from("Amina"))).toBe(false);
    const probe = await describeVideo(stored, "mp4");
    expect(probe.streams.map((stream) => stream.kind)).toEqual(["audio"]);
    expect(probe.text).toMatch(/aac/i);
    for (const key of Object.keys(probe.globalTags))
      expect(["major_brand", "minor_version", "compatible_brands"]).toContain(key);

    // The moderator's player gets it as audio through the report's signed address.
    const heard = await t.app.inject({ method: "GET", url: report!.media[0]!.url });
    expect(heard.statusCode).toBe(200);
    expect(heard.headers["content-type"]).toBe("audio/mp4");
    expect(heard.rawPayload.equals(stored)).toBe(true);

    // Not published until a moderator wrote down what it says.
    expect((await complete(report!.id)).statusCode).toBe(200);
    const early = await decide(t.app, moderator, report!.id, { status: "verified", fromStatus: "pending" });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "TRANSCRIPT_DUE" });
    const empty = await t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${report!.id}/transcript`,
      headers: { authorization: `Bearer ${moderator}` },
      payload: { transcript: "   " },
    });
    expect(empty.statusCode).toBe(400);
    // A transcript is public words: what in it may identify someone is confirmed as in any report's text.
    const withNumber = await t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${report!.id}/transcript`,
      headers: { authorization: `Bearer ${moderator}` },
      payload: { transcript: "The ramp is too steep. Call me on 0803 123 4567." },
    });
    expect(withNumber.statusCode).toBe(200);
    const findings = withNumber.json<{ report: { transcriptFindings: { kind: string; text: string }[] } }>()
      .report.transcriptFindings;
    expect(findings).toEqual([expect.objectContaining({ kind: "phone", text: "0803 123 4567" })]);
    const unconfirmed = await decide(t.app, moderator, report!.id, {
      status: "verified",
      fromStatus: "pending",
    });
    expect(unconfirmed.json()).toMatchObject({ code: "FINDINGS_UNCONFIRMED" });
    const transcribed = await t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${report!.id}/transcript`,
      headers: { authorization: `Bearer ${moderator}` },
      payload: { transcript: "The ramp at the clinic is too steep for a wheelchair." },
    });
    expect(transcribed.statusCode).toBe(200);
    expect(transcribed.json()).toMatchObject({ report: { transcriptDue: false } });
    const published = await decide(t.app, moderator, report!.id, {
      status: "verified",
      fromStatus: "pending",
    });
    expect(published.statusCode).toBe(200);

    // The public sees the transcript, never the voice.
    const [publicReport] = (await publishedList(t.app)).json<{
      reports: { transcript: string; media: unknown[] }[];
    }>().reports;
    expect(publicReport).toMatchObject({
      transcript: "The ramp at the clinic is too steep for a wheelchair.",
      media: [],
    });
    expect((await t.app.inject({ method: "GET", url: `/media/${row!.id}` })).statusCode).toBe(404);
  });

  it("joins a number's messages within minutes into one report, in the language its keyword chose", async () => {
    peer.media.set("photo-2", { bytes: await jpegWithGps(), mimeType: "image/jpeg" });
    peer.media.set("voice-2", { bytes: await voiceNote(), mimeType: "audio/ogg; codecs=opus" });
    await notify(notification("text", { id: "wamid.ha-1", body: "RAHOTO Babu hanyar keken guragu" }));
    await notify(notification("image", { id: "wamid.ha-2", mediaId: "photo-2" }));
    await notify(notification("audio", { id: "wamid.ha-3", mediaId: "voice-2" }));
    await notify(notification("text", { id: "wamid.ha-4", body: "A makarantar firamare ta Ikeja" }));
    const [report, ...others] = await pending();
    expect(others).toEqual([]);
    expect(report!.comment).toBe("Babu hanyar keken guragu\nA makarantar firamare ta Ikeja");
    expect(report!.media.map((file) => file.kind)).toEqual(["photo", "audio"]);
    const [row] = await t.db
      .select({ language: eyewitnessReports.replyLanguage })
      .from(eyewitnessReports)
      .where(eq(eyewitnessReports.id, report!.id));
    expect(row!.language).toBe("ha");
    await deliver();
    // One receipt for the one report, in Hausa.
    expect(peer.sent).toHaveLength(1);
    expect(peer.sent[0]!.body).toContain(report!.reference);
    expect(peer.sent[0]!.body).toContain("TSAYA");
  });

  it("answers a greeting or a location with the help message in every language, and stores no report", async () => {
    await notify(notification("text", { id: "wamid.hello", body: "Hello?" }));
    const location = notification("text", { id: "wamid.location" });
    const message = location.entry[0]!.changes[0]!.value.messages[0]! as Record<string, unknown>;
    delete message.text;
    message.type = "location";
    message.location = { latitude: 6.6018, longitude: 3.3515, name: "My house" };
    await notify(location);
    expect(await pending()).toEqual([]);
    await deliver();
    expect(peer.sent).toHaveLength(2);
    for (const keyword of ["REPORT", "RAHOTO", "IROYIN", "AKUKO", "TORI"])
      expect(peer.sent[0]!.body).toContain(keyword);
    const dumped = JSON.stringify(await t.db.select().from(channelMessages));
    expect(dumped).not.toContain("6.6018");
  });

  /** A text report in the queue, its receipt sent and its details completed; its id and reference. */
  async function reportReadyForDecision(id: string, body?: string) {
    await notify(notification("text", { id, ...(body ? { body } : {}) }));
    await deliver();
    const [message] = await t.db
      .select({ reportId: channelMessages.reportId })
      .from(channelMessages)
      .where(eq(channelMessages.providerMessageId, id));
    const report = (await pending()).find((entry) => entry.id === message!.reportId);
    expect((await complete(report!.id)).statusCode).toBe(200);
    peer.sent.length = 0;
    return report!;
  }

  it("sends a decision within a day of the reporter's last message as text", async () => {
    const report = await reportReadyForDecision("wamid.window-open");
    t.clock.advance(20 * HOUR);
    await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" });
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(peer.sent).toEqual([expect.objectContaining({ type: "text" })]);
    expect(peer.sent[0]!.body).toContain(`https://atlas.example/eyewitness-reports/${report.id}`);
  });

  it("sends a decision made more than a day after the reporter's last message as the approved template", async () => {
    const report = await reportReadyForDecision("wamid.window-closed");
    t.clock.advance(30 * HOUR);
    await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" });
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(peer.sent).toEqual([
      expect.objectContaining({
        to: FROM,
        type: "template",
        template: {
          name: "report_published",
          language: "en",
          parameters: [report.reference, `https://atlas.example/eyewitness-reports/${report.id}`],
        },
      }),
    ]);
    // The decision was the last reply due: the sealed number is gone.
    const [row] = await t.db
      .select({ replyTo: eyewitnessReports.replyTo })
      .from(eyewitnessReports)
      .where(eq(eyewitnessReports.id, report.id));
    expect(row!.replyTo).toBeNull();
  });

  it("sends a late refusal as the template in Hausa, and in English for Yoruba, with the reason on one line and no run of spaces", async () => {
    const hausa = await reportReadyForDecision("wamid.late-ha", "RAHOTO Babu hanyar keken guragu");
    t.clock.advance(HOUR);
    const yoruba = await reportReadyForDecision("wamid.late-yo", "IROYIN Ko si ona fun kẹkẹ");
    t.clock.advance(30 * HOUR);
    const note = "It names a person.\nPlease send it again without the name.";
    await decide(t.app, moderator, hausa.id, { status: "rejected", fromStatus: "pending", note });
    await decide(t.app, moderator, yoruba.id, {
      status: "rejected",
      fromStatus: "pending",
      note: "A kò rí ibi náà.    Jọ̀wọ́ kọ ọ́ lẹ́ẹ̀kan sí i.",
    });
    expect(await deliver()).toMatchObject({ sent: 2 });
    const templates = peer.sent.map((sent) => sent.template);
    expect(templates).toContainEqual({
      name: "report_not_published",
      language: "ha",
      parameters: [hausa.reference, "It names a person. Please send it again without the name."],
    });
    expect(templates).toContainEqual({
      name: "report_not_published",
      language: "en",
      parameters: [yoruba.reference, "A kò rí ibi náà. Jọ̀wọ́ kọ ọ́ lẹ́ẹ̀kan sí i."],
    });
  });

  it("a message from the reporter opens the window again: the late decision goes as text", async () => {
    const report = await reportReadyForDecision("wamid.reopened");
    t.clock.advance(30 * HOUR);
    await notify(notification("text", { id: "wamid.any-news", body: "Any news?" }));
    await deliver();
    peer.sent.length = 0;
    t.clock.advance(HOUR);
    await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" });
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(peer.sent).toEqual([expect.objectContaining({ type: "text" })]);
  });

  it("without a template, a late decision is dropped at once with a log line that has no number", async () => {
    const report = await reportReadyForDecision("wamid.no-template");
    t.clock.advance(30 * HOUR);
    await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" });
    const warnings: string[] = [];
    const untemplated = new WhatsAppSender(
      new GraphApi({
        accessToken: ACCESS_TOKEN,
        phoneNumberId: PHONE_NUMBER_ID,
        graphUrl: peer.url,
        graphVersion: peer.version,
      }),
      { published: undefined, notPublished: undefined },
    );
    const round = await deliverDueReplies({
      db: t.db,
      keys: t.app.channels.keys,
      senders: new Map([["whatsapp", untemplated]]),
      now: t.clock.now,
      log: { warn: (details, message) => void warnings.push(`${message} ${JSON.stringify(details)}`) },
    });
    expect(round).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(peer.sent).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining("phone reply cannot be delivered; dropped")]);
    expect(warnings[0]).toContain("WHATSAPP_TEMPLATE_PUBLISHED is not set");
    expect(warnings[0]).not.toContain(FROM.slice(3));
    const [reply] = await t.db
      .select()
      .from(channelOutbox)
      .where(eq(channelOutbox.dedupeKey, `decision:${report.id}`));
    expect(reply).toMatchObject({ status: "failed", recipient: null, attempts: 1 });
    const [row] = await t.db
      .select({ replyTo: eyewitnessReports.replyTo })
      .from(eyewitnessReports)
      .where(eq(eyewitnessReports.id, report.id));
    expect(row!.replyTo).toBeNull();
  });

  it("keeps no phone number in clear in the database after the decision's reply, nor in the logs", async () => {
    peer.media.set("1003383421387256", { bytes: await jpegWithGps(), mimeType: "image/jpeg" });
    await notify(notification("text", { id: "wamid.privacy-1" }));
    await notify(notification("image", { id: "wamid.privacy-2", caption: "The gate" }));
    await deliver();
    const [report] = await pending();
    expect((await complete(report!.id)).statusCode).toBe(200);
    expect(
      (await decide(t.app, moderator, report!.id, { status: "verified", fromStatus: "pending" })).statusCode,
    ).toBe(200);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(peer.sent.at(-1)!.body).toContain(`https://atlas.example/eyewitness-reports/${report!.id}`);

    const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
      ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const digits = FROM.slice(3); // 8031234567: the number however it is written
    let dumped = "";
    for (const { table_name } of tables) {
      const rows = await rowsOf<{ row: string }>(sql.raw(`select t::text as row from "${table_name}" t`));
      dumped += rows.map((row) => row.row).join("\n");
    }
    expect(dumped).toContain("whatsapp");
    expect(dumped).not.toContain(digits);
    const logs = logLines.join("");
    expect(logs).toContain("/channels/whatsapp/[redacted]/webhook");
    expect(logs).not.toContain(SECRET);
    expect(logs).not.toContain(digits);
  });
});
