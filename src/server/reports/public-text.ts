import { and, asc, eq } from "drizzle-orm";
import { redactSpan } from "../../domain/reports/report-findings";
import { COMMENT_MAX_LENGTH } from "../../domain/reports/report-rules";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { auditLog, eyewitnessReports, users } from "../db/schema";
import { findReportForReview, type ReviewRow } from "./review-store";

// A moderator's changes to what the public will see of a report's text, the reporter's withdrawal, and
// the report's history. The reporter's original comment is never changed; each change is an audit row
// (who, what, when) committed with it.

export type PublicTextChange = { redact: { start: number; end: number } } | { text: string };

export type ChangeOutcome =
  | { outcome: "changed"; report: ReviewRow }
  | { outcome: "unknown-report" }
  /** The public text is no longer the one the moderator saw. */
  | { outcome: "stale" }
  /** Published: changed only after unpublishing, so the public never sees a change nobody confirmed. */
  | { outcome: "published" }
  | { outcome: "withdrawn" }
  | { outcome: "bad-span" }
  | { outcome: "empty" }
  | { outcome: "too-long" };

/** Locks a report that may be changed, or says why it may not. */
export async function lockChangeable(
  tx: Database,
  reportId: string,
): Promise<{ publicComment: string } | { outcome: "unknown-report" | "published" | "withdrawn" }> {
  const [report] = await tx
    .select({
      publicComment: eyewitnessReports.publicComment,
      status: eyewitnessReports.status,
      withdrawnAt: eyewitnessReports.withdrawnAt,
    })
    .from(eyewitnessReports)
    .where(eq(eyewitnessReports.id, reportId))
    .for("update");
  if (!report) return { outcome: "unknown-report" };
  if (report.withdrawnAt !== null) return { outcome: "withdrawn" };
  if (report.status === "verified") return { outcome: "published" };
  return { publicComment: report.publicComment };
}

/** Redacts a span of the public text ("[removed]") or replaces it, if it is still the one `basedOn`. */
export async function changePublicText(
  db: Database,
  request: { reportId: string; moderatorId: number; basedOn: string; change: PublicTextChange; at: Date },
): Promise<ChangeOutcome> {
  const { reportId, moderatorId, basedOn, change, at } = request;
  return db.transaction(async (tx) => {
    const locked = await lockChangeable(tx, reportId);
    if ("outcome" in locked) return locked;
    if (locked.publicComment !== basedOn) return { outcome: "stale" };
    const changed =
      "redact" in change ? redactSpan(basedOn, change.redact.start, change.redact.end) : change.text.trim();
    if (changed === null) return { outcome: "bad-span" };
    if (changed === "") return { outcome: "empty" };
    if (changed.length > COMMENT_MAX_LENGTH) return { outcome: "too-long" };
    await tx
      .update(eyewitnessReports)
      .set({ publicComment: changed })
      .where(eq(eyewitnessReports.id, reportId));
    await recordAudit(tx, {
      actorId: moderatorId,
      action: "report.public-text-changed",
      subjectType: "eyewitness_report",
      subjectId: reportId,
      details:
        "redact" in change
          ? {
              change: "redaction",
              removed: basedOn.slice(change.redact.start, change.redact.end),
              to: changed,
            }
          : { change: "edit", from: basedOn, to: changed },
      at,
    });
    const report = await findReportForReview(tx, reportId);
    if (!report) throw new Error("the changed report could not be read back");
    return { outcome: "changed", report };
  });
}

export type WithdrawOutcome =
  { outcome: "withdrawn" } | { outcome: "already" } | { outcome: "unknown-report" };

/**
 * The reporter takes their report back: it leaves the public list, its page, its files and open data at
 * once (all of them show verified reports only, and it becomes rejected), and is never published again.
 * Only the reporter may; anyone else is told there is no such report.
 */
export async function withdrawReport(
  db: Database,
  request: { reportId: string; reporterId: number; at: Date },
): Promise<WithdrawOutcome> {
  const { reportId, reporterId, at } = request;
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({ status: eyewitnessReports.status, withdrawnAt: eyewitnessReports.withdrawnAt })
      .from(eyewitnessReports)
      .where(and(eq(eyewitnessReports.id, reportId), eq(eyewitnessReports.reporterId, reporterId)))
      .for("update");
    if (!report) return { outcome: "unknown-report" };
    if (report.withdrawnAt !== null) return { outcome: "already" };
    // reviewed_at moves too: open data's freshness follows the latest change to what is published.
    await tx
      .update(eyewitnessReports)
      .set({ withdrawnAt: at, status: "rejected", reviewedAt: at })
      .where(eq(eyewitnessReports.id, reportId));
    await recordAudit(tx, {
      actorId: reporterId,
      action: "report.withdrawn",
      subjectType: "eyewitness_report",
      subjectId: reportId,
      details: { from: report.status },
      at,
    });
    return { outcome: "withdrawn" };
  });
}

export interface HistoryEntry {
  action: string;
  at: string;
  by: { id: number; firstname: string; lastname: string } | null;
  details: Record<string, unknown>;
}

/** Everything done to a report, oldest first: who, what, when. */
export async function reportHistory(db: Database, reportId: string): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      action: auditLog.action,
      at: auditLog.createdAt,
      details: auditLog.details,
      byId: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.subjectType, "eyewitness_report"), eq(auditLog.subjectId, reportId)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((row) => ({
    action: row.action,
    at: row.at.toISOString(),
    by:
      row.byId === null
        ? null
        : { id: row.byId, firstname: row.firstname ?? "", lastname: row.lastname ?? "" },
    details: (row.details ?? {}) as Record<string, unknown>,
  }));
}
