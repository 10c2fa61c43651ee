import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseOptions } from "../db/database";
import { mailOutbox } from "../db/schema";
import { createPostgresTestDatabase, testDatabaseKinds, testServerUrl } from "../../test/server/databases";
import { startScript, waitUntil, type RunningProcess } from "../../test/server/processes";
import { startSmtpPeer, type SmtpPeer } from "../../test/server/smtp-peer";
import { composeMail } from "./compose";
import { deliverDueMail, MAX_UNANSWERED_HAND_OVERS, enqueueMail, unconfirmedMailError } from "./outbox";
import { createSmtpTransport } from "./transports";

// The crash the outbox is built for, played for real: the outbox's sender is a process of its own
// (src/test/server/mail-sender-process.ts) handing a message to a real SMTP server on loopback. The
// server takes the whole message and answers OK, but the sender is frozen and cannot read the answer, and
// is then killed (SIGKILL): the message is delivered and the outbox never learns it. The outbox is then
// started again on the same database, after the dead sender's lease, and the test counts the copies the
// SMTP server got.

const FROM = "Inclusion Atlas <no-reply@atlas.example>";
const MINUTE = 60 * 1000;
/** Past the dead sender's claim on the row (a 10-minute lease). */
const LEASE_ENDED_MS = 11 * MINUTE;

describe.each(testDatabaseKinds())("a mail whose sender is killed mid-send, on %s", (kind) => {
  let options: DatabaseOptions;
  let cleanUp: () => Promise<void>;
  let childEnv: Record<string, string>;
  let peer: SmtpPeer;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    if (kind === "postgres") {
      const created = await createPostgresTestDatabase(testServerUrl());
      options = { kind, url: created.url };
      childEnv = { OUTBOX_DATABASE_URL: created.url };
      cleanUp = created.drop;
    } else {
      // On disk, as in production: PGlite is opened by one process at a time, so the test closes its own
      // handle whenever a sender runs.
      const dataDir = await mkdtemp(path.join(tmpdir(), "ia-outbox-crash-"));
      options = { kind, dataDir };
      childEnv = { OUTBOX_PGLITE_DIR: dataDir };
      cleanUp = () => rm(dataDir, { recursive: true, force: true });
    }
    childEnv = { ...childEnv, PATH: process.env.PATH ?? "", SMTP_URL: peer.url, MAIL_FROM: FROM };
  });
  afterAll(async () => {
    await peer.stop();
    await cleanUp();
  });
  beforeEach(async () => {
    peer.received.length = 0;
    await withDatabase((db) => db.delete(mailOutbox));
  });

  async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
    const handle = await openDatabase(options);
    try {
      await handle.migrate();
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  /** A sender process whose message the SMTP server accepts after the sender was frozen; then killed. */
  async function killSenderAfterTheServersOk(clockOffsetMs: number): Promise<void> {
    const held = peer.holdNext();
    const sender: RunningProcess = startScript("mail sender", "src/test/server/mail-sender-process.ts", {
      ...childEnv,
      OUTBOX_CLOCK_OFFSET_MS: String(clockOffsetMs),
    });
    try {
      const message = await Promise.race([
        held,
        waitUntil("the sender to send", () => sender.exited, 60_000).then(() => {
          throw new Error(`the sender exited before sending:\n${sender.output.join("\n")}`);
        }),
      ]);
      await sender.freeze();
      expect(message.release()).toBe("delivered");
    } finally {
      await sender.kill();
    }
  }

  const restartedOutbox = (offsetMs: number) =>
    withDatabase((db) => {
      const transport = createSmtpTransport({ url: peer.url, from: FROM });
      return deliverDueMail({ db, transport, now: () => new Date(Date.now() + offsetMs) }).finally(() =>
        transport.close(),
      );
    });

  const queueOneMail = () =>
    withDatabase((db) =>
      enqueueMail(
        db,
        composeMail("ada@example.org", {
          language: "en",
          subject: "Reset your password",
          heading: "Reset your password",
          paragraphs: ["Hello Ada,"],
          actions: [{ label: "Choose a new password", url: "https://atlas.example/reset-password/token" }],
        }),
        new Date(),
      ),
    );

  it("sends it once more after the crash, and both copies carry the same Message-ID", async () => {
    await queueOneMail();
    await killSenderAfterTheServersOk(0);
    expect(peer.received).toHaveLength(1);

    expect(await restartedOutbox(LEASE_ENDED_MS)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const copies = await peer.waitForMessages(2);
    const [row] = await withDatabase((db) => db.select().from(mailOutbox));
    expect(row).toMatchObject({ status: "sent", attempts: 2, unansweredHandOvers: 2 });
    expect(row?.messageId).toMatch(/^<[0-9a-f-]{36}@atlas\.example>$/);
    expect(copies.map((copy) => copy.messageId)).toEqual([row?.messageId, row?.messageId]);

    // Nothing more, ever.
    expect(await restartedOutbox(2 * LEASE_ENDED_MS)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(2);
  });

  it("never sends a third copy, however many senders die after the server's OK", async () => {
    await queueOneMail();
    await killSenderAfterTheServersOk(0);
    await killSenderAfterTheServersOk(LEASE_ENDED_MS);
    expect(peer.received).toHaveLength(2);

    expect(await restartedOutbox(2 * LEASE_ENDED_MS)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const [row] = await withDatabase((db) => db.select().from(mailOutbox));
    expect(row).toMatchObject({
      status: "failed",
      attempts: 2,
      unansweredHandOvers: MAX_UNANSWERED_HAND_OVERS,
      lastError: unconfirmedMailError,
    });
    expect(peer.received).toHaveLength(2);
    expect(peer.received.map((copy) => copy.messageId)).toEqual([row?.messageId, row?.messageId]);
  });
});
