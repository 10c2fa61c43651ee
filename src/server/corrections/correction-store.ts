import { and, asc, count, eq, sql } from "drizzle-orm";
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
import { corrections } from "../db/schema";
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
      createdAt: at,
    })
    .returning({ id: corrections.id });
  if (!row) throw new Error("the correction was not stored");
  return row.id;
}

type CorrectionRow = typeof corrections.$inferSelect;

export function toCorrectionView(row: CorrectionRow): CorrectionView {
  return {
    id: row.id,
    subject: row.subject,
    subjectId: row.subjectId,
    subjectName: viewName(row),
    language: row.language,
    page: row.page,
    whatIsWrong: row.whatIsWrong,
    sourceUrl: row.sourceUrl,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
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
