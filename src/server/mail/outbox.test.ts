import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyTables, testClock, type TestClock } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { mailOutbox } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { composeMail, type OutgoingMail } from "./compose";
import {
  deliverDueMail,
  enqueueMail,
  MAX_UNANSWERED_HAND_OVERS,
  REDACTED_BODY,
  startMailWorker,
  unconfirmedMailError,
  UNSENT_MAIL_EXPIRY_MS,
} from "./outbox";
import { startSmtpPeer, type SmtpPeer } from "../../test/server/smtp-peer";
import { createSmtpTransport, UnansweredHandOverError, type MailTransport } from "./transports";

const MINUTE = 60 * 1000;
const FROM = "Inclusion Atlas <no-reply@atlas.example>";

const message = (to: string) =>
  composeMail(to, {
    language: "en",
    subject: "A test message",
    heading: "Hello",
    paragraphs: ["A paragraph."],
    actions: [{ label: "Open Inclusion Atlas", url: "https://atlas.example/" }],
  });

describe.each(testDatabaseKinds())("the mail outbox on %s", (kind) => {
  let database: DatabaseHandle;
  let clock: TestClock;
  let peer: SmtpPeer;
  let transport: MailTransport;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    peer = await startSmtpPeer();
    transport = createSmtpTransport({ url: peer.url, from: FROM });
  });
  afterAll(async () => {
    transport.close();
    await peer.stop();
    await database.close();
  });
  beforeEach(async () => {
    await emptyTables(database.db);
    peer.received.length = 0;
    clock = testClock();
  });

  const deliver = (options: { maxAttempts?: number } = {}) =>
    deliverDueMail({ db: database.db, transport, now: clock.now, ...options });
  const rows = () => database.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);

  it("keeps no live link in the outbox: bodies removed once sent, unsent messages deleted once expired", async () => {
    const link = "https://atlas.example/verify-email/Secret-Token-That-Works-0123456789abcdefghij";
    const withLink = composeMail("ada@example.org", {
      language: "en",
      subject: "Verify",
      heading: "Verify",
      paragraphs: ["Hello Ada,"],
      actions: [{ label: "Verify my e-mail address", url: link }],
    });
    await enqueueMail(database.db, withLink, clock.now());

    expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    expect((await peer.waitForMessages(1))[0]?.text).toContain(link);
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: "sent", textBody: REDACTED_BODY, htmlBody: REDACTED_BODY });
    expect(JSON.stringify(await rows())).not.toContain("Secret-Token");

    // A message that could not go out before its link expired is deleted, not kept with the link.
    const down = createSmtpTransport({ url: "smtp://127.0.0.1:1", from: FROM });
    try {
      await enqueueMail(database.db, withLink, clock.now());
      await deliverDueMail({ db: database.db, transport: down, now: clock.now });
      expect(await rows()).toHaveLength(2);
      clock.advance(UNSENT_MAIL_EXPIRY_MS + MINUTE);
      await deliverDueMail({ db: database.db, transport: down, now: clock.now });
      expect(await rows()).toHaveLength(1);
      expect(JSON.stringify(await rows())).not.toContain("Secret-Token");
    } finally {
      down.close();
    }
  });

  it("sends queued messages over SMTP and marks them sent", async () => {
    await enqueueMail(database.db, message("ada@example.org"), clock.now());
    await enqueueMail(database.db, message("bola@example.org"), clock.now());

    expect(await deliver()).toEqual({ sent: 2, retrying: 0, failed: 0 });

    const received = await peer.waitForMessages(2);
    expect(received.map((mail) => mail.to && "text" in mail.to && mail.to.text).sort()).toEqual([
      "ada@example.org",
      "bola@example.org",
    ]);
    expect(received[0]?.from?.text).toBe('"Inclusion Atlas" <no-reply@atlas.example>');
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("writes nothing to the outbox when the change that causes the message is rolled back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, message("ada@example.org"), clock.now());
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rows()).toHaveLength(0);
  });

  it("keeps a message while SMTP is down, retries with growing delays, and sends it when SMTP is back", async () => {
    const downPeer = await startSmtpPeer();
    const downPort = downPeer.port;
    await downPeer.stop();
    const downTransport = createSmtpTransport({ url: `smtp://127.0.0.1:${downPort}`, from: FROM });
    const deliverDown = () => deliverDueMail({ db: database.db, transport: downTransport, now: clock.now });
    await enqueueMail(database.db, message("ada@example.org"), clock.now());

    expect(await deliverDown()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThan(0.9 * MINUTE);

    // Not due yet: nothing is tried.
    expect(await deliverDown()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.advance(MINUTE);
    expect(await deliverDown()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    [row] = await rows();
    expect(row?.attempts).toBe(2);
    expect(row!.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThan(1.9 * MINUTE);

    const backPeer = await startSmtpPeer(downPort);
    try {
      clock.advance(2 * MINUTE);
      expect(await deliverDown()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      const [mail] = await backPeer.waitForMessages(1);
      expect(mail?.subject).toBe("A test message");
      [row] = await rows();
      expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
      // Fixed before the first attempt, on the sender's domain, and the one the message carried.
      expect(row?.messageId).toBe(`<${row?.id}@atlas.example>`);
      expect(mail?.messageId).toBe(row?.messageId);
    } finally {
      downTransport.close();
      await backPeer.stop();
    }
  });

  it("gives up after the last attempt and leaves the message marked failed, then purges it", async () => {
    const refusing: MailTransport = {
      messageIdDomain: "atlas.example",
      send: async () => {
        throw new Error("550 mailbox unavailable");
      },
      close: () => undefined,
    };
    await enqueueMail(database.db, message("nobody@example.org"), clock.now());
    const attempt = () =>
      deliverDueMail({ db: database.db, transport: refusing, now: clock.now, maxAttempts: 3 });

    expect(await attempt()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    clock.advance(MINUTE);
    expect(await attempt()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    clock.advance(2 * MINUTE);
    expect(await attempt()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    clock.advance(60 * MINUTE);
    expect(await attempt()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    // Kept for the operator, without its links.
    expect(await rows()).toEqual([
      expect.objectContaining({
        status: "failed",
        attempts: 3,
        lastError: "550 mailbox unavailable",
        textBody: REDACTED_BODY,
        htmlBody: REDACTED_BODY,
      }),
    ]);
    // Gone once its links would have expired anyway.
    clock.advance(24 * 60 * MINUTE);
    expect(await attempt()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await rows()).toEqual([]);
  });

  /** A transport that plays what a real one reports, around the outbox's hand-over record. */
  const scripted = (
    outcome: (handOver: () => Promise<void>, mail: OutgoingMail) => Promise<void>,
  ): MailTransport & { messageIds: (string | undefined)[] } => {
    const messageIds: (string | undefined)[] = [];
    return {
      messageIdDomain: "atlas.example",
      messageIds,
      send: async (mail, handOver = async () => undefined) => {
        messageIds.push(mail.messageId);
        await outcome(handOver, mail);
      },
      close: () => undefined,
    };
  };

  it("counts a hand-over left unanswered, undoes one the server refused, and never hands a message over a third time", async () => {
    await enqueueMail(database.db, message("ada@example.org"), clock.now());
    const attempt = (transport: MailTransport) =>
      deliverDueMail({ db: database.db, transport, now: clock.now });

    // The server refuses the whole message (a 4xx or 5xx answer to its data): it kept no copy.
    const refusing = scripted(async (handOver) => {
      await handOver();
      throw Object.assign(new Error("451 try again later"), { responseCode: 451 });
    });
    expect(await attempt(refusing)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await rows()).toEqual([expect.objectContaining({ status: "pending", unansweredHandOvers: 0 })]);

    // The whole message went out and the answer never came: it may have been delivered.
    const silent = scripted(async (handOver) => {
      await handOver();
      throw new UnansweredHandOverError(new Error("socket timed out"));
    });
    clock.advance(MINUTE);
    expect(await attempt(silent)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await rows()).toEqual([expect.objectContaining({ status: "pending", unansweredHandOvers: 1 })]);

    // One re-send is allowed; unanswered again, it is the last.
    clock.advance(2 * MINUTE);
    expect(await attempt(silent)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({
      status: "failed",
      unansweredHandOvers: MAX_UNANSWERED_HAND_OVERS,
      textBody: REDACTED_BODY,
      htmlBody: REDACTED_BODY,
    });
    expect(row?.lastError).toContain(unconfirmedMailError);
    // Every attempt carried the one Message-ID fixed before the first.
    expect(new Set([...refusing.messageIds, ...silent.messageIds])).toEqual(new Set([row?.messageId]));
    clock.advance(60 * MINUTE);
    expect(await attempt(silent)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(silent.messageIds).toHaveLength(2);
  });

  it("lets only the attempt holding a message hand it over and record its outcome", async () => {
    await enqueueMail(database.db, message("ada@example.org"), clock.now());
    // This worker is paused past its lease; meanwhile another claims the message (attempts + 1).
    const overtaken = scripted(async (handOver) => {
      await database.db.update(mailOutbox).set({ attempts: sql`${mailOutbox.attempts} + 1` });
      await handOver();
    });
    expect(await deliverDueMail({ db: database.db, transport: overtaken, now: clock.now })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    // Not handed over, and the other attempt's row is left as it is.
    expect(await rows()).toEqual([
      expect.objectContaining({ status: "sending", attempts: 2, unansweredHandOvers: 0 }),
    ]);
  });

  it("does not hand a message to two workers at once", async () => {
    for (let n = 0; n < 6; n += 1) await enqueueMail(database.db, message(`p${n}@example.org`), clock.now());

    const rounds = await Promise.all([deliver(), deliver(), deliver()]);

    expect(rounds.reduce((total, round) => total + round.sent, 0)).toBe(6);
    // Every round has ended, and a send ends only once the peer has stored the message (it answers 250
    // after storing): what the peer holds now is all it will ever get from these rounds, duplicates included.
    expect(peer.received).toHaveLength(6);
  });

  it("runs as a worker until stopped", async () => {
    // The worker's schedule runs on a fake clock, so "no round after stop" is checked by moving that clock
    // on, not by a wait on the real one that a slow machine could cut short.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const worker = startMailWorker({ db: database.db, transport, now: clock.now, intervalMs: 20 });
    try {
      try {
        await enqueueMail(database.db, message("ada@example.org"), clock.now());
        await vi.waitFor(async () => {
          await vi.advanceTimersByTimeAsync(20);
          expect(peer.received).toHaveLength(1);
        }, 15_000);
      } finally {
        await worker.stop();
      }
      await enqueueMail(database.db, message("bola@example.org"), clock.now());
      // Fifty intervals pass; a round that one of them started would be awaited by stop().
      await vi.advanceTimersByTimeAsync(50 * 20);
      await worker.stop();
    } finally {
      vi.useRealTimers();
    }
    expect(peer.received).toHaveLength(1);
    const pending = await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, "pending"));
    expect(pending).toHaveLength(1);
  });
});
