import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { DecidedAnswer as ReviewDecisionAnswer } from "../../../domain/api";
import { channelText, phoneLanguages } from "../replies";
import { startAfricasTalkingPeer, type AfricasTalkingPeer } from "../../../test/server/africastalking-peer";
import { channelModerator, useChannelTestApp } from "../../../test/server/channels";
import { testDatabaseKinds } from "../../../test/server/databases";
import { decide, type ReportsTestApp } from "../../../test/server/reports";
import { channelOutbox, eyewitnessReports, users } from "../../db/schema";
import { USSD_SCREEN_MAX } from "../ussd-flow";
import smsFixture from "./fixtures/sms-incoming.json" with { type: "json" };
import ussdFixture from "./fixtures/ussd-callback.json" with { type: "json" };

// Africa's Talking's callbacks replayed as documented (fixtures/), into the review queue; the replies
// sent to a loopback peer playing its SMS API; and the reporter's number, searched for everywhere the
// product writes: every table of the database and every log line.

const SECRET = "at-callback-secret-0123456789abcdef";
const NUMBER = "+2348031234567";
const NATIONAL = "08031234567";

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

describe.each(testDatabaseKinds())("Africa's Talking on %s", (kind) => {
  /** AFRICASTALKING_ALLOWED_IPS as the adapter reads it: empty (anyone with the secret) unless a test sets it. */
  const allowedIps: string[] = [];
  const fixture = useChannelTestApp(kind, {
    startPeer: startAfricasTalkingPeer,
    channels: (peer, base) => ({
      ...base,
      africasTalking: {
        callbackSecret: SECRET,
        username: "sandbox",
        apiKey: "test-api-key",
        senderId: "ATLAS",
        apiUrl: peer.url,
        allowedIps,
      },
    }),
    reset: (peer) => {
      peer.received.length = 0;
    },
  });
  const { logLines, deliver, pending } = fixture;
  let t: ReportsTestApp;
  let peer: AfricasTalkingPeer;
  let moderator: string;
  beforeEach(() => {
    ({ t, peer, moderator } = fixture);
  });

  const ussd = (sessionId: string, text: string, phoneNumber = NUMBER, secret = SECRET) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/channels/africastalking/${secret}/ussd`,
      ...form({ ...ussdFixture.first, sessionId, phoneNumber, text }),
    });
  const sms = (fields: Partial<typeof smsFixture.request>, secret = SECRET) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/channels/africastalking/${secret}/sms`,
      ...form({ ...smsFixture.request, ...fields }),
    });

  /** Plays a whole USSD session: picks Lagos and Ikeja from the paged lists as a person would. */
  async function ussdSession(sessionId: string, languageIndex: number): Promise<string[]> {
    const screens: string[] = [];
    const answers: string[] = [];
    const send = async (answer: string | null) => {
      if (answer !== null) answers.push(answer);
      const response = await ussd(sessionId, answers.join("*"));
      expect(response.statusCode).toBe(200);
      screens.push(response.body);
      return response.body;
    };
    const pick = async (screen: string, name: string) => {
      let current = screen;
      for (;;) {
        const line = current.split("\n").find((entry) => entry.endsWith(` ${name}`));
        if (line) return send(line.split(" ")[0]!);
        expect(current).toMatch(/\n8 /);
        current = await send("8");
      }
    };
    let screen = await send(null);
    expect(screen.startsWith("CON ")).toBe(true);
    screen = await send(String(languageIndex + 1));
    screen = await pick(screen, "Lagos");
    screen = await pick(screen, "Ikeja");
    screen = await send("1"); // a barrier
    screen = await send("1"); // today
    screen = await send("2"); // the state and LGA
    screen = await send("The ramp at the bus stop*is broken"); // "*" in the text too
    expect(screen).toContain("The ramp at the bus stop*is broken");
    screen = await send("1");
    expect(screen.startsWith("END ")).toBe(true);
    return screens;
  }

  for (const [index, language] of phoneLanguages.entries()) {
    it(`a whole USSD session in ${language} makes one report in the review queue`, async () => {
      const screens = await ussdSession(`ATUid_session_${language}`, index);
      for (const screen of screens)
        expect(Array.from(screen.slice(4)).length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      const reference = /IA-[0-9A-F]{8}/.exec(screens.at(-1)!)?.[0];
      expect(reference).toBeDefined();
      const [report, ...others] = await pending();
      expect(others).toEqual([]);
      expect(report).toMatchObject({
        channel: "ussd",
        reference,
        commentType: "barrier",
        comment: "The ramp at the bus stop*is broken",
        detailsDue: false,
        occurredWhen: "today",
        firstName: "",
        email: "",
        place: { state: "Lagos", lga: "Ikeja", precision: "lga" },
      });
      expect(report!.phoneReporter).toMatch(/^[0-9a-f]{4}$/);
      const [row] = await t.db
        .select({ replyLanguage: eyewitnessReports.replyLanguage })
        .from(eyewitnessReports)
        .where(eq(eyewitnessReports.id, report!.id));
      expect(row!.replyLanguage).toBe(language);
      // The receipt goes out by SMS in the chosen language.
      expect(await deliver()).toMatchObject({ sent: 1 });
      expect(peer.received).toEqual([
        expect.objectContaining({ to: NUMBER, apiKey: "test-api-key", username: "sandbox", from: "ATLAS" }),
      ]);
      expect(peer.received[0]!.message).toContain(reference);
    });
  }

  it("asks again, saying why, when a USSD answer is not on the list, and makes nothing until confirmed", async () => {
    await ussd("ATUid_retry", "");
    const wrong = await ussd("ATUid_retry", "9");
    expect(wrong.body.startsWith("CON Please answer with a number from the list.")).toBe(true);
    const cancelled = ["1", "1", "1", "1", "1", "1", "2", "Broken ramp", "2"];
    let text = "9";
    for (const answer of cancelled) {
      text = `${text}*${answer}`;
      await ussd("ATUid_retry", text);
    }
    expect((await ussd("ATUid_retry", `${text}`)).statusCode).toBe(200);
    expect(await pending()).toEqual([]);
  });

  it("an SMS report: its reference, a moderator's completion and publication, and the decision's reply", async () => {
    const received = await sms({});
    expect(received.statusCode).toBe(200);
    const [report] = await pending();
    expect(report).toMatchObject({
      channel: "sms",
      detailsDue: true,
      place: null,
      comment: "The ramp at Ikeja bus terminal ends in a high step, no wheelchair can pass",
    });

    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(peer.received[0]).toMatchObject({ to: NUMBER });
    expect(peer.received[0]!.message).toContain(report!.reference);

    // Not publishable until its state, LGA, type and date are completed.
    const early = await decide(t.app, moderator, report!.id, { status: "verified", fromStatus: "pending" });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "DETAILS_DUE" });
    const wrongLga = await t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${report!.id}/details`,
      headers: { authorization: `Bearer ${moderator}` },
      payload: {
        stateId: 25,
        lga: "Kano Municipal",
        commentType: "barrier",
        occurredOn: "2026-03-01",
        precision: "lga",
      },
    });
    expect(wrongLga.statusCode).toBe(400);
    const completed = await t.app.inject({
      method: "POST",
      url: `/api/v1/eyewitness/${report!.id}/details`,
      headers: { authorization: `Bearer ${moderator}` },
      payload: {
        stateId: 25,
        lga: "ikeja",
        commentType: "barrier",
        occurredOn: "2026-03-01",
        precision: "lga",
      },
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.json<ReviewDecisionAnswer>().report).toMatchObject({
      detailsDue: false,
      commentType: "barrier",
      place: { state: "Lagos", lga: "Ikeja", occurredOn: "2026-03-01" },
    });
    const published = await decide(t.app, moderator, report!.id, {
      status: "verified",
      fromStatus: "pending",
    });
    expect(published.statusCode).toBe(200);

    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(peer.received).toHaveLength(2);
    expect(peer.received[1]!.message).toContain(`https://atlas.example/eyewitness-reports/${report!.id}`);
    // The decision was the last reply due: the sealed number is gone from the report too.
    const [row] = await t.db
      .select({ replyTo: eyewitnessReports.replyTo })
      .from(eyewitnessReports)
      .where(eq(eyewitnessReports.id, report!.id));
    expect(row!.replyTo).toBeNull();
  });

  it("a report not published is answered with the reason, in the reporter's language", async () => {
    await sms({ id: "hausa-1", text: "RAHOTO Babu hanyar keken guragu a makarantar firamare" });
    const [report] = await pending();
    await deliver();
    const rejected = await decide(t.app, moderator, report!.id, {
      status: "rejected",
      fromStatus: "pending",
      note: "Ba mu iya tabbatar da wurin ba.",
    });
    expect(rejected.statusCode).toBe(200);
    await deliver();
    expect(peer.received[1]!.message).toBe(
      `Inclusion Atlas: ba a wallafa rahotonku ${report!.reference} ba. Dalili: Ba mu iya tabbatar da wurin ba.`,
    );
  });

  it("retries a reply the provider refused, later, and sends it once", async () => {
    await sms({});
    peer.failNext(1);
    expect(await deliver()).toMatchObject({ sent: 0, retrying: 1 });
    expect(await deliver()).toMatchObject({ sent: 0, retrying: 0 });
    t.clock.advance(60_000);
    expect(await deliver()).toMatchObject({ sent: 1 });
    t.clock.advance(24 * 60 * 60_000);
    expect(await deliver()).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(1);
    const [row] = await t.db.select().from(channelOutbox);
    expect(row).toMatchObject({ status: "sent", recipient: null, attempts: 2 });
  });

  it("a replayed message is stored once and answered once", async () => {
    expect((await sms({})).statusCode).toBe(200);
    expect((await sms({})).statusCode).toBe(200);
    expect(await pending()).toHaveLength(1);
    await deliver();
    expect(peer.received).toHaveLength(1);
  });

  it("refuses a callback with a wrong secret and stores nothing", async () => {
    const refused = await sms({}, "not-the-secret-0123456789abcdef");
    expect(refused.statusCode).toBe(404);
    expect((await ussd("ATUid_wrong", "", NUMBER, "wrong-secret-0123456789abcdefgh")).statusCode).toBe(404);
    expect(await pending()).toEqual([]);
    expect(await t.db.select().from(channelOutbox)).toEqual([]);
  });

  it("with an allow-list, hears only its addresses, even with the right secret", async () => {
    allowedIps.push("203.0.113.7");
    try {
      const from = (remoteAddress: string) =>
        t.app.inject({
          method: "POST",
          url: `/api/v1/channels/africastalking/${SECRET}/sms`,
          remoteAddress,
          ...form({ ...smsFixture.request, id: `allow-list-${remoteAddress}` }),
        });
      expect((await from("198.51.100.20")).statusCode).toBe(404);
      expect(await pending()).toEqual([]);
      expect((await from("203.0.113.7")).statusCode).toBe(200);
      expect(await pending()).toHaveLength(1);
    } finally {
      allowedIps.length = 0;
    }
  });

  it("answers other texts with help, honours STOP, and START again", async () => {
    await sms({ id: "hello-1", text: "Hello?" });
    await deliver();
    expect(peer.received[0]!.message).toContain("send REPORT");
    await sms({ id: "stop-1", text: "stop" });
    await sms({ id: "report-after-stop", text: "REPORT The school gate has steps only" });
    await sms({ id: "hello-2", text: "Hello again" });
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(peer.received).toHaveLength(1);
    await sms({ id: "start-1", text: "START" });
    await sms({ id: "report-after-start", text: "REPORT The clinic has no ramp" });
    await deliver();
    expect(peer.received).toHaveLength(2);
  });

  it("limits reports from one number without delaying another's", async () => {
    for (let index = 0; index < 7; index += 1) {
      await sms({ id: `flood-${index}`, text: `REPORT Flood message ${index}` });
    }
    await sms({ id: "other-1", from: "+2348099990000", text: "REPORT The library has no lift" });
    const reports = await pending();
    // The default limit: 5 an hour from one number; the other number's report is there all the same.
    expect(reports.filter((report) => report.comment.startsWith("Flood"))).toHaveLength(5);
    expect(reports.some((report) => report.comment === "The library has no lift")).toBe(true);
  });

  it("tells a number over its limit so on USSD, in the language of its last report", async () => {
    for (let index = 0; index < 5; index += 1) {
      await sms({ id: `hausa-flood-${index}`, text: `RAHOTO Sako ${index}` });
    }
    const limited = await ussd("ATUid_limited", "");
    expect(limited.body).toBe(`END ${channelText("ha")("ussd.limited")}`);
  });

  it("says the service is busy in the chosen language, or in all five before one is chosen", async () => {
    await ussd("ATUid_busy_chosen", "");
    await ussd("ATUid_busy_chosen", "3"); // Yoruba
    // The provider's share of this minute, spent.
    await t.db.execute(sql`
      insert into channel_messages (provider, channel, provider_message_id, phone_hash, outcome, received_at)
      select 'africastalking', 'sms', 'busy-' || n, 'someone-else', 'ignored', ${t.clock.now().toISOString()}::timestamptz
      from generate_series(1, 600) as n`);
    const chosen = await ussd("ATUid_busy_chosen", "3*1");
    expect(chosen.body).toBe(`END ${channelText("yo")("ussd.busy")}`);
    const first = await ussd("ATUid_busy_new", "", "+2348099990000");
    expect(first.body.startsWith("END ")).toBe(true);
    for (const language of phoneLanguages)
      expect(first.body).toContain(channelText(language)("ussd.busyShort"));
    expect(Array.from(first.body.slice(4)).length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  });

  it("ends a session that fails with a screen saying nothing was sent, in the chosen language", async () => {
    await ussd("ATUid_broken", "");
    await ussd("ATUid_broken", "4"); // Igbo
    // A session whose stored answers no longer make sense (a state that does not exist): the report
    // the confirmation makes is refused by the database.
    const broken = {
      step: "confirm",
      language: "ig",
      page: 0,
      stateId: 999,
      lga: "Nowhere",
      commentType: "barrier",
      when: "today",
      precision: "lga",
      description: "The ramp is broken",
    };
    await t.db.execute(sql`update ussd_sessions set state = ${JSON.stringify(broken)}::jsonb`);
    const failed = await ussd("ATUid_broken", "4*1");
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe(`END ${channelText("ig")("ussd.error")}`);
    expect(await pending()).toEqual([]);
  });

  it("keeps no phone number in clear in the database after the replies, nor in the logs", async () => {
    await ussdSession("ATUid_privacy", 0);
    await sms({});
    await deliver();
    for (const report of await pending()) {
      if (report.detailsDue) {
        await t.app.inject({
          method: "POST",
          url: `/api/v1/eyewitness/${report.id}/details`,
          headers: { authorization: `Bearer ${moderator}` },
          payload: {
            stateId: 25,
            lga: "Ikeja",
            commentType: "barrier",
            occurredOn: "2026-03-01",
            precision: "lga",
          },
        });
      }
      expect(
        (await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" })).statusCode,
      ).toBe(200);
    }
    expect(await deliver()).toMatchObject({ sent: 2 });

    const tables = (await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    const digits = NUMBER.slice(4); // 8031234567: the number however it is written
    let dumped = "";
    for (const { table_name } of tables.rows) {
      const rows = (await t.db.execute(
        sql.raw(`select t::text as row from "${table_name}" t`),
      )) as unknown as {
        rows: { row: string }[];
      };
      dumped += rows.rows.map((row) => row.row).join("\n");
    }
    expect(dumped.length).toBeGreaterThan(1000);
    expect(dumped).toContain("ussd"); // the dump holds the phone reports themselves
    expect(dumped).not.toContain(digits);
    expect(dumped).not.toContain(NATIONAL);

    const logs = logLines.join("");
    expect(logs).toContain("/channels/africastalking/[redacted]/ussd");
    expect(logs).not.toContain(SECRET);
    expect(logs).not.toContain(digits);
    const [user] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, channelModerator.email));
    expect(user).toBeDefined();
  });
});
