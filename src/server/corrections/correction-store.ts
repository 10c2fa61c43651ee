import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import schools from "../../../data/schools.json" with { type: "json" };
import states from "../../../data/states.json" with { type: "json" };
import {
  correctionStatuses,
  type CorrectionInput,
  type CorrectionStatus,
  type CorrectionSubject,
  type CorrectionView,
} from "../../domain/corrections/correction-rules";
import { readLanguages } from "../../i18n/catalogue-files";
import type { Database } from "../db/database";
import { corrections, users } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { correctionUsedEmail, senderLanguage } from "./correction-emails";
import type { Page } from "../http/paging";

// The corrections table: written by anyone (through the rate-limited route), read and decided by
// moderators and admins. A decision moves a correction out of "new" only if it is still "new", so two
// reviewers deciding at once cannot both win.

/** The name of the state or school a correction is about, or null when there is no such record. */
export function subjectName(subject: Exclude<CorrectionSubject, "translation">, id: number): string | null {
  if (subject === "state") return states.find((state) => state.id === id)?.state ?? null;
  return schools.find((school) => school.id === id)?.name ?? null;
}

/** The English name of a translation's language ("Hausa"); the code itself for one no longer shipped. */
function languageName(code: string): string {
  englishNames ??= new Map(readLanguages().map((language) => [language.code, language.englishName]));
  return englishNames.get(code) ?? code;
}
let englishNames: Map<string, string> | undefined;

export async function addCorrection(
  db: Database,
  input: CorrectionInput,
  senderId: number | null,
  at: Date,
): Promise<string> {
  const [row] = await db
    .insert(corrections)
    .values({
      subject: input.subject,
      subjectId: input.subject === "translation" ? null : input.subjectId,
      language: input.subject === "translation" ? input.language : null,
      page: input.subject === "translation" ? (input.page?.trim() ?? null) : null,
      whatIsWrong: input.whatIsWrong.trim(),
      sourceUrl: input.subject === "translation" ? null : input.sourceUrl.trim() || null,
      email: input.email.trim() || null,
      senderId,
      senderLanguage: input.pageLanguage || null,
      createdAt: at,
    })
    .returning({ id: corrections.id });
  if (!row) throw new Error("the correction was not stored");
  return row.id;
}

type CorrectionRow = typeof corrections.$inferSelect;

/** A correction as shown; `withEmail` false (an editor) leaves out the sender's address. */
export function toCorrectionView(row: CorrectionRow, withEmail = true): CorrectionView {
  return {
    id: row.id,
    subject: row.subject,
    subjectId: row.subjectId,
    subjectName: viewName(row),
    language: row.language,
    page: row.page,
    whatIsWrong: row.whatIsWrong,
    sourceUrl: row.sourceUrl,
    email: withEmail ? row.email : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    changeId: row.changeId,
  };
}

function viewName(row: CorrectionRow): string {
  if (row.subject === "translation") return languageName(row.language ?? "");
  return (row.subjectId === null ? null : subjectName(row.subject, row.subjectId)) ?? "Unknown record";
}

export async function findCorrections(
  db: Database,
  status: CorrectionStatus,
  page: Page,
): Promise<{ total: number; rows: CorrectionRow[] }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(corrections)
      .where(eq(corrections.status, status))
      .orderBy(asc(corrections.createdAt), asc(corrections.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ total: count() }).from(corrections).where(eq(corrections.status, status)),
  ]);
  return { total: totals?.total ?? 0, rows };
}

export async function findCorrection(db: Database, id: string): Promise<CorrectionRow | null> {
  const [row] = await db.select().from(corrections).where(eq(corrections.id, id));
  return row ?? null;
}

export async function countCorrectionsByStatus(db: Database): Promise<Record<CorrectionStatus, number>> {
  const rows = await db
    .select({ status: corrections.status, total: sql<number>`count(*)::int` })
    .from(corrections)
    .groupBy(corrections.status);
  const counts = Object.fromEntries(correctionStatuses.map((status) => [status, 0])) as Record<
    CorrectionStatus,
    number
  >;
  for (const row of rows) counts[row.status] = Number(row.total);
  return counts;
}

export type DecisionOutcome =
  { outcome: "decided"; row: CorrectionRow } | { outcome: "unknown" } | { outcome: "conflict" };

export async function decideOnCorrection(
  db: Database,
  decision: { id: string; to: Exclude<CorrectionStatus, "new">; reviewerId: number; at: Date },
): Promise<DecisionOutcome> {
  const [row] = await db
    .update(corrections)
    .set({ status: decision.to, decidedBy: decision.reviewerId, decidedAt: decision.at })
    .where(and(eq(corrections.id, decision.id), eq(corrections.status, "new")))
    .returning();
  if (row) return { outcome: "decided", row };
  const [exists] = await db
    .select({ id: corrections.id })
    .from(corrections)
    .where(eq(corrections.id, decision.id));
  return exists ? { outcome: "conflict" } : { outcome: "unknown" };
}

/**
 * The correction a published data desk change came from: accepted and linked to the change, and
 * its sender (when they left an address) e-mailed once, in their language, in the publication's
 * transaction. Only the first publication from a correction does this (`change_id` is set once), so a
 * second change from the same correction sends nothing more; a rejected or withdrawn change never calls it.
 */
export async function markCorrectionUsed(
  tx: Database,
  used: { correctionId: string; changeId: string; reviewerId: number; now: Date; publicUrl: string },
): Promise<void> {
  const [correction] = await tx
    .update(corrections)
    .set({ status: "accepted", decidedBy: used.reviewerId, decidedAt: used.now, changeId: used.changeId })
    .where(and(eq(corrections.id, used.correctionId), isNull(corrections.changeId)))
    .returning();
  if (!correction?.email || correction.subject === "translation" || correction.subjectId === null) return;
  const name = subjectName(correction.subject, correction.subjectId);
  if (name === null) return;
  const [sender] =
    correction.senderId === null
      ? []
      : await tx.select({ language: users.language }).from(users).where(eq(users.id, correction.senderId));
  await enqueueMail(
    tx,
    correctionUsedEmail(
      {
        email: correction.email,
        subject: correction.subject,
        subjectId: correction.subjectId,
        subjectName: name,
        language: senderLanguage(correction.senderLanguage, sender?.language),
      },
      used.publicUrl,
    ),
    used.now,
  );
}
