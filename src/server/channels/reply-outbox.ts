import { and, asc, eq, inArray, lte, max, sql } from "drizzle-orm";
import type { ReportChannel } from "../../domain/reports/report-channels";
import { reportReference } from "../../domain/reports/report-channels";
import type { ReportStatus } from "../../domain/reports/report-rules";
import type { Database } from "../db/database";
import {
  channelMessages,
  channelOptOuts,
  channelOutbox,
  eyewitnessReports,
  type DecisionParts,
} from "../db/schema";
import type { DeliveryRound, RetryPolicy } from "../outbox/outbox-worker";
import { attemptBook, startOutboxWorker, thisAttempt } from "../outbox/outbox-worker";
import { ReplyUndeliverable, type ChannelSender } from "./channel";
import { decryptPhone, type PhoneKeys } from "./phone-privacy";
import { channelText } from "./replies";

// Replies to phone reporters go through a durable outbox, as e-mail does (mail/outbox.ts): a reply is a
// row written in the transaction of what causes it (the report, the decision), so nothing is promised
// for a change that rolled back; a worker on any instance claims due rows (SKIP LOCKED), sends them and
// retries failures with exponential backoff. One row per reply (its dedupe key), so a replayed callback
// or a decision made twice never texts a person twice. The number rides encrypted in the row and is
// removed once the row is sent or given up; the decision's reply also removes the report's own copy.

export interface NewReply {
  dedupeKey: string;
  provider: string;
  channel: ReportChannel;
  phoneHash: string;
  /** Sealed with encryptPhone. */
  recipient: string;
  body: string;
  /** A decision's reply in parts, for a provider that sends it as a template. */
  decision?: DecisionParts;
  reportId: string | null;
  isDecision: boolean;
  at: Date;
}

export async function enqueueReply(db: Database, reply: NewReply): Promise<void> {
  await db
    .insert(channelOutbox)
    .values({
      dedupeKey: reply.dedupeKey,
      provider: reply.provider,
      channel: reply.channel,
      phoneHash: reply.phoneHash,
      recipient: reply.recipient,
      body: reply.body,
      decision: reply.decision ?? null,
      reportId: reply.reportId,
      isDecision: reply.isDecision,
      nextAttemptAt: reply.at,
      createdAt: reply.at,
    })
    .onConflictDoNothing({ target: channelOutbox.dedupeKey });
}

/** The longest reason quoted in a reply: a few SMS parts at most. */
const REASON_MAX_LENGTH = 300;

/**
 * After a moderator's decision on a phone report (in the decision's transaction): the reply saying it
 * was published, with its link, or not published, with the reason. Nothing for a web report, a report
 * whose reporter sent STOP, one already answered, or a report sent back to pending.
 */
export async function enqueueDecisionReply(
  db: Database,
  decision: { reportId: string; to: ReportStatus; note: string | null; at: Date },
  publishedLink: (reportId: string, language: string) => string,
): Promise<void> {
  if (decision.to === "pending") return;
  const [report] = await db
    .select({
      channel: eyewitnessReports.channel,
      phoneHash: eyewitnessReports.phoneHash,
      replyTo: eyewitnessReports.replyTo,
      language: eyewitnessReports.replyLanguage,
      provider: channelMessages.provider,
    })
    .from(eyewitnessReports)
    .innerJoin(channelMessages, eq(channelMessages.reportId, eyewitnessReports.id))
    .where(eq(eyewitnessReports.id, decision.reportId))
    .limit(1);
  if (!report || report.channel === "web" || !report.replyTo || !report.phoneHash) return;
  const language = report.language ?? "en";
  const t = channelText(language);
  const reference = reportReference(decision.reportId);
  const reason = decision.note ? Array.from(decision.note).slice(0, REASON_MAX_LENGTH).join("") : null;
  const link = decision.to === "verified" ? publishedLink(decision.reportId, language) : undefined;
  const body = link
    ? t("sms.published", { reference, link })
    : reason
      ? t("sms.rejected", { reference, reason })
      : t("sms.rejectedNoReason", { reference });
  await enqueueReply(db, {
    dedupeKey: `decision:${decision.reportId}`,
    provider: report.provider,
    channel: report.channel,
    phoneHash: report.phoneHash,
    recipient: report.replyTo,
    body,
    decision: link
      ? { outcome: "published", language, reference, link }
      : { outcome: "notPublished", language, reference, ...(reason ? { reason } : {}) },
    reportId: decision.reportId,
    isDecision: true,
    at: decision.at,
  });
}

export interface ReplyLog {
  warn(details: object, message: string): void;
}

export interface ReplyDeliveryOptions extends Partial<RetryPolicy> {
  db: Database;
  keys: PhoneKeys;
  /** Each provider's sender, by provider name. */
  senders: ReadonlyMap<string, ChannelSender>;
  now: () => Date;
  log?: ReplyLog;
}

// A claimed row is hidden from other workers this long; if its worker dies mid-send it comes back.
const CLAIM_LEASE_MS = 5 * 60 * 1000;

/** A provider's error may quote the number it could not reach: any long run of digits is cut. */
export function withoutNumbers(text: string): string {
  return text.replace(/\+?\d[\d\s-]{6,}\d/g, "[number]");
}

/** Sends every reply that is due now, once. The worker calls it on a timer; tests call it directly. */
export async function deliverDueReplies(options: ReplyDeliveryOptions): Promise<DeliveryRound> {
  const { db, keys, senders, log } = options;
  const book = attemptBook(options);
  const now = options.now();

  const due = db
    .select({ id: channelOutbox.id })
    .from(channelOutbox)
    .where(and(inArray(channelOutbox.status, ["pending", "sending"]), lte(channelOutbox.nextAttemptAt, now)))
    .orderBy(asc(channelOutbox.nextAttemptAt))
    .limit(book.batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(channelOutbox)
    .set({
      status: "sending",
      attempts: sql`${channelOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
    })
    .where(inArray(channelOutbox.id, due))
    .returning();

  for (const reply of claimed) {
    const attempt = thisAttempt(channelOutbox, reply);
    const finished = async (status: "sent" | "failed", lastError: string | null) => {
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(channelOutbox)
          .set({ status, recipient: null, lastError, sentAt: status === "sent" ? options.now() : null })
          .where(attempt)
          .returning({ id: channelOutbox.id });
        // The decision was the last reply due: the report's sealed number goes too.
        if (done && reply.isDecision && reply.reportId) {
          await tx
            .update(eyewitnessReports)
            .set({ replyTo: null })
            .where(eq(eyewitnessReports.id, reply.reportId));
        }
      });
    };
    const [optedOut] = await db
      .select({ phoneHash: channelOptOuts.phoneHash })
      .from(channelOptOuts)
      .where(eq(channelOptOuts.phoneHash, reply.phoneHash));
    const sender = senders.get(reply.provider);
    if (optedOut || !reply.recipient) {
      await finished("failed", "The reporter sent STOP: nothing more is sent to them.");
      book.count("failed");
      continue;
    }
    try {
      if (!sender) throw new Error(`no sender is configured for ${reply.provider}`);
      // The reporter's last message, by its hash: WhatsApp answers freely only within a day of it.
      const [last] = await db
        .select({ at: max(channelMessages.receivedAt) })
        .from(channelMessages)
        .where(
          and(eq(channelMessages.provider, reply.provider), eq(channelMessages.phoneHash, reply.phoneHash)),
        );
      await sender.send({
        to: decryptPhone(keys, reply.recipient),
        text: reply.body,
        channel: reply.channel,
        decision: reply.decision ?? undefined,
        lastMessageAt: last?.at ?? null,
        at: options.now(),
      });
      await finished("sent", null);
      book.count("sent");
    } catch (error) {
      const lastError = withoutNumbers(error instanceof Error ? error.message : String(error)).slice(0, 1000);
      // Known never to arrive (no template for a closed WhatsApp window): given up now, not in 8 hours.
      const undeliverable = error instanceof ReplyUndeliverable;
      const givingUp = undeliverable || book.outOfAttempts(reply.attempts);
      if (givingUp) {
        await finished("failed", lastError);
      } else {
        await db
          .update(channelOutbox)
          .set({ status: "pending", lastError, nextAttemptAt: book.retryAt(reply.attempts, options.now()) })
          .where(attempt);
      }
      log?.warn(
        { replyId: reply.id, provider: reply.provider, attempts: reply.attempts, givingUp, error: lastError },
        undeliverable
          ? "phone reply cannot be delivered; dropped"
          : givingUp
            ? "phone reply could not be sent; giving up"
            : "phone reply failed; will retry",
      );
      book.count(givingUp ? "failed" : "retrying");
    }
  }
  return book.round;
}

/** Sends due replies every intervalMs until stopped; a failing round is logged, not fatal. */
export function startReplyWorker(
  options: ReplyDeliveryOptions & { intervalMs?: number },
): ReturnType<typeof startOutboxWorker> {
  return startOutboxWorker(() => deliverDueReplies(options), {
    ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
    roundFailed: (error) =>
      options.log?.warn({ error: withoutNumbers(String(error)) }, "phone reply round failed"),
  });
}
