import { and, count, desc, eq, gt, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import {
  reportReference,
  type PhoneOccurredWhen,
  type ReportChannel,
} from "../../domain/reports/report-channels";
import { COMMENT_MAX_LENGTH, type CommentType } from "../../domain/reports/report-rules";
import { paths } from "../../domain/routes";
import { localizePath } from "../../i18n/languages";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { channelMessages, channelOptOuts, channelOutbox, eyewitnessReports } from "../db/schema";
import { encryptPhone, phoneHash, type PhoneKeys } from "./phone-privacy";
import { channelText, phoneLanguages, type PhoneLanguage } from "./replies";
import type { ChannelLimits } from "./limits";
import { enqueueReply } from "./reply-outbox";

// Every provider's messages enter here, so privacy, replay and limits are the same whatever the channel:
// the number becomes its keyed hash at once (and is sealed only while a reply is due), a provider's
// message id is stored once (a replay makes nothing twice), and a flood from one number or one provider
// is cut off here, before it reaches the queue or the outbox, so other reporters are never held up.

/** One message as a provider delivered it. `from` is the number in clear: it never leaves this call. */
export interface InboundMessage {
  provider: string;
  channel: ReportChannel;
  /** The provider's own id for the message (a USSD session's id): a replay carries the same one. */
  providerMessageId: string;
  from: string;
  receivedAt: Date;
}

/** What a phone report says; a structured channel (USSD) gives all of it, an SMS only the text. */
export interface PhoneReportContent {
  language: string;
  comment: string;
  /** Null when the reporter did not choose one (an SMS): the moderator completes it. */
  commentType: CommentType | null;
  place: { stateId: number; lga: string; precision: "state" | "lga" } | null;
  occurredWhen: PhoneOccurredWhen | null;
}

export type IntakeOutcome =
  | { outcome: "report"; reportId: string; reference: string }
  /** The same provider message again: nothing new was made. */
  | { outcome: "duplicate"; reference: string | null }
  /** Over the number's limit of reports. */
  | { outcome: "limited" }
  | { outcome: "help" }
  | { outcome: "stop" }
  | { outcome: "start" };

// A report sent as free text needs a type in its row; "experience" stands in until the moderator, who
// must complete it before publishing, chooses one.
const PROVISIONAL_TYPE: CommentType = "experience";

/** Today's date in Nigeria, YYYY-MM-DD. */
function lagosDate(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(at);
}

export class ChannelIntake {
  constructor(
    private readonly db: Database,
    readonly keys: PhoneKeys,
    readonly limits: ChannelLimits,
    private readonly publicUrl: string,
  ) {}

  hashOf(from: string): string {
    return phoneHash(this.keys, from);
  }

  /** True when the provider sent more than its share this minute: answer it "busy". */
  async providerBusy(provider: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ total: count() })
      .from(channelMessages)
      .where(
        and(
          eq(channelMessages.provider, provider),
          gt(channelMessages.receivedAt, new Date(now.getTime() - 60_000)),
        ),
      );
    return (row?.total ?? 0) >= this.limits.messagesPerProviderPerMinute;
  }

  /** True when the number has sent its hour's reports (a USSD session is told so at its start). */
  async phoneLimited(hash: string, now: Date, db: Database = this.db): Promise<boolean> {
    const [row] = await db
      .select({ total: count() })
      .from(channelMessages)
      .where(
        and(
          eq(channelMessages.phoneHash, hash),
          eq(channelMessages.outcome, "report"),
          gt(channelMessages.receivedAt, new Date(now.getTime() - 60 * 60_000)),
        ),
      );
    return (row?.total ?? 0) >= this.limits.reportsPerPhonePerHour;
  }

  /** The language of the number's latest report (what its replies are written in), or null. */
  async lastLanguage(hash: string): Promise<PhoneLanguage | null> {
    const [row] = await this.db
      .select({ language: eyewitnessReports.replyLanguage })
      .from(eyewitnessReports)
      .where(and(eq(eyewitnessReports.phoneHash, hash), isNotNull(eyewitnessReports.replyLanguage)))
      .orderBy(desc(eyewitnessReports.createdAt))
      .limit(1);
    return phoneLanguages.find((language) => language === row?.language) ?? null;
  }

  /**
   * Makes a report in the review queue, once per provider message, and queues its receipt. `attach`
   * adds what the message carried besides text (WhatsApp's photos and voice notes) in the same transaction.
   */
  async report(
    message: InboundMessage,
    content: PhoneReportContent,
    attach?: (db: Database, reportId: string) => Promise<void>,
  ): Promise<IntakeOutcome> {
    const hash = this.hashOf(message.from);
    return this.db.transaction(async (tx) => {
      if (await this.phoneLimited(hash, message.receivedAt, tx)) {
        const recorded = await this.record(tx, message, hash, "limited");
        return recorded ? { outcome: "limited" } : this.duplicate(tx, message);
      }
      const recorded = await this.record(tx, message, hash, "report");
      if (!recorded) return this.duplicate(tx, message);

      const optedOut = await this.optedOut(tx, hash);
      const sealed = optedOut ? null : encryptPhone(this.keys, message.from);
      const comment = Array.from(content.comment.trim()).slice(0, COMMENT_MAX_LENGTH).join("");
      const occurredOn = content.place ? lagosDate(message.receivedAt) : null;
      const [report] = await tx
        .insert(eyewitnessReports)
        .values({
          reporterId: null,
          firstName: "",
          lastName: "",
          email: "",
          commentType: content.commentType ?? PROVISIONAL_TYPE,
          comment,
          publicComment: comment,
          stateId: content.place?.stateId ?? null,
          lga: content.place?.lga ?? null,
          occurredOn,
          placePrecision: content.place?.precision ?? "state",
          channel: message.channel,
          phoneHash: hash,
          replyLanguage: content.language,
          replyTo: sealed,
          occurredWhen: content.occurredWhen,
          // Free text, or "this week"/"earlier" (no date): a moderator completes it before publishing.
          detailsDue:
            content.commentType === null || content.place === null || content.occurredWhen !== "today",
          createdAt: message.receivedAt,
        })
        .returning({ id: eyewitnessReports.id });
      if (!report) throw new Error("the phone report was not written");
      await tx.update(channelMessages).set({ reportId: report.id }).where(eq(channelMessages.id, recorded));
      await attach?.(tx, report.id);
      await recordAudit(tx, {
        actorId: null,
        action: "report.submitted",
        subjectType: "eyewitness_report",
        subjectId: report.id,
        details: { channel: message.channel, provider: message.provider },
        at: message.receivedAt,
      });
      const reference = reportReference(report.id);
      if (sealed) {
        await enqueueReply(tx, {
          dedupeKey: `receipt:${report.id}`,
          provider: message.provider,
          channel: message.channel,
          phoneHash: hash,
          recipient: sealed,
          body: channelText(content.language)("sms.receipt", { reference }),
          reportId: report.id,
          isDecision: false,
          at: message.receivedAt,
        });
      }
      return { outcome: "report", reportId: report.id, reference };
    });
  }

  /**
   * Adds a message to the same number's report still pending whose last message came within `windowMs`
   * (a WhatsApp reporter sends a photo, then a voice note, then a line of text: one report). Null when
   * there is none or `accepts` declines it: the caller makes a new report. Stored once per provider id,
   * like a report; it counts towards no limit of reports, and brings no second receipt.
   */
  async joinRecent(
    message: InboundMessage,
    windowMs: number,
    join: {
      accepts(db: Database, reportId: string): Promise<boolean>;
      add(db: Database, reportId: string): Promise<void>;
    },
  ): Promise<IntakeOutcome | null> {
    const hash = this.hashOf(message.from);
    return this.db.transaction(async (tx) => {
      const [recent] = await tx
        .select({ reportId: eyewitnessReports.id })
        .from(channelMessages)
        .innerJoin(eyewitnessReports, eq(eyewitnessReports.id, channelMessages.reportId))
        .where(
          and(
            eq(channelMessages.phoneHash, hash),
            eq(channelMessages.provider, message.provider),
            inArray(channelMessages.outcome, ["report", "joined"]),
            gt(channelMessages.receivedAt, new Date(message.receivedAt.getTime() - windowMs)),
            eq(eyewitnessReports.status, "pending"),
            isNull(eyewitnessReports.withdrawnAt),
          ),
        )
        .orderBy(desc(channelMessages.receivedAt))
        .limit(1);
      if (!recent) return null;
      // Locked, so two messages arriving together add to it one after the other.
      await tx
        .select({ id: eyewitnessReports.id })
        .from(eyewitnessReports)
        .where(eq(eyewitnessReports.id, recent.reportId))
        .for("update");
      if (!(await join.accepts(tx, recent.reportId))) return null;
      const recorded = await this.record(tx, message, hash, "joined");
      if (!recorded) return this.duplicate(tx, message);
      await tx
        .update(channelMessages)
        .set({ reportId: recent.reportId })
        .where(eq(channelMessages.id, recorded));
      await join.add(tx, recent.reportId);
      return { outcome: "report", reportId: recent.reportId, reference: reportReference(recent.reportId) };
    });
  }

  /** Any other text: a short help reply, at most a few an hour to one number, never after STOP. */
  async help(message: InboundMessage, language: string, body?: string): Promise<IntakeOutcome> {
    const hash = this.hashOf(message.from);
    return this.db.transaction(async (tx) => {
      const [sent] = await tx
        .select({ total: count() })
        .from(channelMessages)
        .where(
          and(
            eq(channelMessages.phoneHash, hash),
            eq(channelMessages.outcome, "help"),
            gt(channelMessages.receivedAt, new Date(message.receivedAt.getTime() - 60 * 60_000)),
          ),
        );
      const answer = (sent?.total ?? 0) < this.limits.helpRepliesPerPhonePerHour;
      const recorded = await this.record(tx, message, hash, answer ? "help" : "ignored");
      if (!recorded) return this.duplicate(tx, message);
      if (answer && !(await this.optedOut(tx, hash))) {
        await enqueueReply(tx, {
          dedupeKey: `help:${message.provider}:${message.providerMessageId}`,
          provider: message.provider,
          channel: message.channel,
          phoneHash: hash,
          recipient: encryptPhone(this.keys, message.from),
          body: body ?? channelText(language)("sms.help"),
          reportId: null,
          isDecision: false,
          at: message.receivedAt,
        });
      }
      return { outcome: "help" };
    });
  }

  /**
   * STOP: nothing more is sent to the number. Its replies waiting in the outbox are dropped and the
   * sealed copies of the number on its reports are removed, so no later decision can reach it either.
   */
  async stop(message: InboundMessage): Promise<IntakeOutcome> {
    const hash = this.hashOf(message.from);
    return this.db.transaction(async (tx) => {
      if (!(await this.record(tx, message, hash, "stop"))) return this.duplicate(tx, message);
      await tx
        .insert(channelOptOuts)
        .values({ phoneHash: hash, at: message.receivedAt })
        .onConflictDoNothing();
      await tx
        .delete(channelOutbox)
        .where(and(eq(channelOutbox.phoneHash, hash), inArray(channelOutbox.status, ["pending", "sending"])));
      await tx.update(eyewitnessReports).set({ replyTo: null }).where(eq(eyewitnessReports.phoneHash, hash));
      return { outcome: "stop" };
    });
  }

  /** START after STOP: replies to later reports are sent again. */
  async start(message: InboundMessage): Promise<IntakeOutcome> {
    const hash = this.hashOf(message.from);
    return this.db.transaction(async (tx) => {
      if (!(await this.record(tx, message, hash, "ignored"))) return this.duplicate(tx, message);
      await tx.delete(channelOptOuts).where(eq(channelOptOuts.phoneHash, hash));
      return { outcome: "start" };
    });
  }

  get siteUrl(): string {
    return this.publicUrl;
  }

  /** The public address of a published report, in the reporter's language. */
  publishedLink(reportId: string, language: string): string {
    return `${this.publicUrl}${localizePath(paths.publishedReport(reportId), language)}`;
  }

  private async optedOut(db: Database, hash: string): Promise<boolean> {
    const [row] = await db
      .select({ phoneHash: channelOptOuts.phoneHash })
      .from(channelOptOuts)
      .where(eq(channelOptOuts.phoneHash, hash));
    return row !== undefined;
  }

  /** Stores the message's id; the row's id, or null when the provider sent this message before. */
  private async record(
    db: Database,
    message: InboundMessage,
    hash: string,
    outcome: (typeof channelMessages.$inferInsert)["outcome"],
  ): Promise<string | null> {
    const [row] = await db
      .insert(channelMessages)
      .values({
        provider: message.provider,
        channel: message.channel,
        providerMessageId: message.providerMessageId,
        phoneHash: hash,
        outcome,
        receivedAt: message.receivedAt,
      })
      .onConflictDoNothing({ target: [channelMessages.provider, channelMessages.providerMessageId] })
      .returning({ id: channelMessages.id });
    return row?.id ?? null;
  }

  private async duplicate(db: Database, message: InboundMessage): Promise<IntakeOutcome> {
    const [row] = await db
      .select({ reportId: channelMessages.reportId })
      .from(channelMessages)
      .where(
        and(
          eq(channelMessages.provider, message.provider),
          eq(channelMessages.providerMessageId, message.providerMessageId),
          ne(channelMessages.outcome, "limited"),
        ),
      );
    return { outcome: "duplicate", reference: row?.reportId ? reportReference(row.reportId) : null };
  }
}
