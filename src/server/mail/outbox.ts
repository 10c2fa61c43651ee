import { and, asc, eq, inArray, lt, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { mailOutbox } from "../db/schema";
import type { OutgoingMail } from "./compose";
import type { MailTransport } from "./transports";

// A durable outbox (DESIGN §4): a message is a row written in the same transaction as the change that
// causes it, so a registration never fails because mail is down and no mail goes out for a change that
// was rolled back. A worker on any instance claims due rows (SKIP LOCKED, so instances share the work),
// sends them, and retries failures with exponential backoff until it gives up.
// The bodies hold live verification and reset links: once a message is sent, or given up, its bodies
// are replaced by a placeholder, and a message still unsent when its links have expired is deleted, so a
// copy of the database never holds a token that works.

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

export interface DeliveryOptions {
  db: Database;
  transport: MailTransport;
  now: () => Date;
  log?: MailLog;
  /** Rows claimed per round. */
  batchSize?: number;
  /** After this many failed attempts a message is marked failed and left alone. */
  maxAttempts?: number;
  /** Delay before the first retry; doubles with each failure up to maxRetryDelayMs. */
  firstRetryDelayMs?: number;
  maxRetryDelayMs?: number;
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

export const mailDeliveryDefaults = {
  batchSize: 20,
  // 1, 2, 4 … 60 minutes: about 8 hours of trying, well inside a verification link's 24 hours.
  maxAttempts: 12,
  firstRetryDelayMs: 60 * 1000,
  maxRetryDelayMs: 60 * 60 * 1000,
};

// A claimed row is hidden from other workers this long; if its worker dies mid-send it comes back.
const CLAIM_LEASE_MS = 10 * 60 * 1000;

export interface DeliveryRound {
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends every message that is due now, once. The worker calls it on a timer; tests call it directly. */
export async function deliverDueMail(options: DeliveryOptions): Promise<DeliveryRound> {
  const { db, transport, log } = options;
  const batchSize = options.batchSize ?? mailDeliveryDefaults.batchSize;
  const maxAttempts = options.maxAttempts ?? mailDeliveryDefaults.maxAttempts;
  const firstRetryDelayMs = options.firstRetryDelayMs ?? mailDeliveryDefaults.firstRetryDelayMs;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? mailDeliveryDefaults.maxRetryDelayMs;
  const now = options.now();
  await purgeExpiredMail(db, now);

  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
    })
    .where(inArray(mailOutbox.id, due))
    .returning();

  const round: DeliveryRound = { sent: 0, retrying: 0, failed: 0 };
  for (const message of claimed) {
    try {
      await transport.send({
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        outboxId: message.id,
      });
      await db
        .update(mailOutbox)
        .set({
          status: "sent",
          sentAt: options.now(),
          lastError: null,
          textBody: REDACTED_BODY,
          htmlBody: REDACTED_BODY,
        })
        .where(eq(mailOutbox.id, message.id));
      round.sent += 1;
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const givingUp = message.attempts >= maxAttempts;
      const delay = Math.min(firstRetryDelayMs * 2 ** (message.attempts - 1), maxRetryDelayMs);
      await db
        .update(mailOutbox)
        .set({
          status: givingUp ? "failed" : "pending",
          ...(givingUp ? { textBody: REDACTED_BODY, htmlBody: REDACTED_BODY } : {}),
          lastError,
          nextAttemptAt: new Date(options.now().getTime() + delay),
        })
        .where(eq(mailOutbox.id, message.id));
      log?.warn(
        { mailId: message.id, attempts: message.attempts, givingUp, error: lastError },
        givingUp ? "mail could not be delivered; giving up" : "mail delivery failed; will retry",
      );
      if (givingUp) round.failed += 1;
      else round.retrying += 1;
    }
  }
  return round;
}

export interface MailWorker {
  /** Finishes the round in progress, then stops. */
  stop(): Promise<void>;
}

/** Delivers due mail every intervalMs until stopped; a failing round (database down) is logged, not fatal. */
export function startMailWorker(options: DeliveryOptions & { intervalMs?: number }): MailWorker {
  const intervalMs = options.intervalMs ?? 2000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const tick = () => {
    round = deliverDueMail(options)
      .then(
        () => undefined,
        (error: unknown) => options.log?.warn({ error: String(error) }, "mail delivery round failed"),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
