import { and, asc, gte, inArray, lt, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { mailOutbox } from "../db/schema";
import type { OutgoingMail } from "./compose";
import {
  attemptBook,
  startOutboxWorker,
  thisAttempt as attemptOf,
  type OutboxWorker,
  type RetryPolicy,
} from "../outbox/outbox-worker";
import { UnansweredHandOverError, type MailTransport } from "./transports";

// A durable outbox (docs/architecture.md): a message is a row written in the same transaction as the change that
// causes it, so a registration never fails because mail is down and no mail goes out for a change that
// was rolled back. A worker on any instance claims due rows (SKIP LOCKED, so instances share the work),
// sends them, and retries failures with exponential backoff until it gives up.
// The bodies hold live verification and reset links: once a message is sent, or given up, its bodies
// are replaced by a placeholder, and a message still unsent when its links have expired is deleted, so a
// copy of the database never holds a token that works.
//
// A message is delivered once the SMTP server answers its data's final dot with OK; a worker can die
// (or its connection break) after the server has the dot and before the answer is recorded, and no
// transaction spans SMTP and the database. So the hand-over is recorded before the dot is sent
// (unansweredHandOvers + 1, undone when the server's refusal is recorded), and a message is handed
// over again only while at most one earlier hand-over is unanswered: whatever crashes, the SMTP server
// gets at most two whole copies, both with the Message-ID fixed before the first attempt, which mail
// servers and clients use to drop or fold the second. A worker that dies before the dot leaves nothing
// the server keeps; that message is simply sent again.

export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Queues a message; pass the transaction of the change that causes it. */
export async function enqueueMail(db: Database, mail: OutgoingMail, now: Date): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    nextAttemptAt: now,
    createdAt: now,
  });
}

export interface DeliveryOptions extends Partial<RetryPolicy> {
  db: Database;
  transport: MailTransport;
  now: () => Date;
  log?: MailLog;
}

/** What a delivered or abandoned message's bodies become. */
export const REDACTED_BODY = "[removed after delivery]";
/** The longest any e-mailed link lives (a verification link); an unsent message older than this is useless. */
export const UNSENT_MAIL_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Deletes messages never sent whose links have expired; returns how many. */
export async function purgeExpiredMail(db: Database, now: Date): Promise<number> {
  const purged = await db
    .delete(mailOutbox)
    .where(
      and(
        ne(mailOutbox.status, "sent"),
        lt(mailOutbox.createdAt, new Date(now.getTime() - UNSENT_MAIL_EXPIRY_MS)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return purged.length;
}

// A claimed row is hidden from other workers this long; if its worker dies mid-send it comes back.
const CLAIM_LEASE_MS = 10 * 60 * 1000;

/** Whole copies the SMTP server may get of one message, whatever crashes: the first and one re-send. */
export const MAX_UNANSWERED_HAND_OVERS = 2;

export const unconfirmedMailError =
  "Sent whole to the SMTP server twice without its answer: it was probably delivered, so it is not sent a third time.";

/** Sends every message that is due now, once. The worker calls it on a timer; tests call it directly. */
// The shared policy retries for 1, 2, 4 … 60 minutes: about 8 hours, well inside a verification link's 24.
export async function deliverDueMail(options: DeliveryOptions) {
  const { db, transport, log } = options;
  const book = attemptBook(options);
  const now = options.now();
  await purgeExpiredMail(db, now);

  // A message whose earlier hand-overs may both have been delivered is not sent again, once no attempt
  // holds it any more.
  await db
    .update(mailOutbox)
    .set({
      status: "failed",
      lastError: unconfirmedMailError,
      textBody: REDACTED_BODY,
      htmlBody: REDACTED_BODY,
    })
    .where(
      and(
        inArray(mailOutbox.status, ["pending", "sending"]),
        gte(mailOutbox.unansweredHandOvers, MAX_UNANSWERED_HAND_OVERS),
        lte(mailOutbox.nextAttemptAt, now),
      ),
    );

  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        // "sending" and due: its attempt died (its lease has ended).
        inArray(mailOutbox.status, ["pending", "sending"]),
        lte(mailOutbox.nextAttemptAt, now),
        lt(mailOutbox.unansweredHandOvers, MAX_UNANSWERED_HAND_OVERS),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(book.batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      status: "sending",
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
      // Fixed once, before the first attempt; rows queued before this column existed get the id they
      // were sent with then.
      messageId: sql`coalesce(${mailOutbox.messageId}, '<' || ${mailOutbox.id} || '@' || ${transport.messageIdDomain}::text || '>')`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();

  for (const message of claimed) {
    const thisAttempt = attemptOf(mailOutbox, message);
    if (message.unansweredHandOvers > 0) {
      log?.warn(
        { mailId: message.id, messageId: message.messageId },
        "mail sent again: an earlier attempt sent it whole but its answer was never recorded; the copy has the same Message-ID",
      );
    }
    let handedOver = false;
    const handOver = async () => {
      const recorded = await db
        .update(mailOutbox)
        .set({ unansweredHandOvers: sql`${mailOutbox.unansweredHandOvers} + 1` })
        .where(and(thisAttempt, lt(mailOutbox.unansweredHandOvers, MAX_UNANSWERED_HAND_OVERS)))
        .returning({ id: mailOutbox.id });
      if (recorded.length === 0) throw new Error("another attempt has taken this message over; not sent");
      handedOver = true;
    };
    try {
      await transport.send(
        {
          to: message.toAddress,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody,
          messageId: message.messageId ?? undefined,
        },
        handOver,
      );
      await db
        .update(mailOutbox)
        .set({
          status: "sent",
          sentAt: options.now(),
          lastError: null,
          textBody: REDACTED_BODY,
          htmlBody: REDACTED_BODY,
        })
        .where(thisAttempt);
      book.count("sent");
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      // The server's refusal of the data means it kept no copy; silence after the dot may mean one.
      const answered = handedOver && !(error instanceof UnansweredHandOverError);
      const unanswered = message.unansweredHandOvers + (handedOver && !answered ? 1 : 0);
      const givingUp = book.outOfAttempts(message.attempts) || unanswered >= MAX_UNANSWERED_HAND_OVERS;
      await db
        .update(mailOutbox)
        .set({
          status: givingUp ? "failed" : "pending",
          ...(givingUp ? { textBody: REDACTED_BODY, htmlBody: REDACTED_BODY } : {}),
          ...(answered ? { unansweredHandOvers: sql`${mailOutbox.unansweredHandOvers} - 1` } : {}),
          lastError:
            unanswered >= MAX_UNANSWERED_HAND_OVERS ? `${unconfirmedMailError} ${lastError}` : lastError,
          nextAttemptAt: book.retryAt(message.attempts, options.now()),
        })
        .where(thisAttempt);
      log?.warn(
        { mailId: message.id, attempts: message.attempts, givingUp, error: lastError },
        givingUp ? "mail could not be delivered; giving up" : "mail delivery failed; will retry",
      );
      book.count(givingUp ? "failed" : "retrying");
    }
  }
  return book.round;
}

/** Delivers due mail every intervalMs until stopped; a failing round (database down) is logged, not fatal. */
export function startMailWorker(options: DeliveryOptions & { intervalMs?: number }): OutboxWorker {
  return startOutboxWorker(() => deliverDueMail(options), {
    ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
    roundFailed: (error) => options.log?.warn({ error: String(error) }, "mail delivery round failed"),
  });
}
