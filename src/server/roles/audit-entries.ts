import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { auditLog, users } from "../db/schema";
import type { Page } from "../http/paging";

// The audit log as admins read it: newest first, each entry with who did it (null once that account is
// gone, or for the system and command-line tools).

export interface AuditEntryView {
  id: number;
  at: string;
  actor: { id: number; firstname: string; lastname: string; email: string } | null;
  action: string;
  subjectType: string;
  subjectId: string;
  details: Record<string, unknown>;
}

export async function listAuditEntries(
  db: Database,
  page: Page,
): Promise<{ total: number; entries: AuditEntryView[] }> {
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(auditLog),
    db
      .select({
        id: auditLog.id,
        at: auditLog.createdAt,
        action: auditLog.action,
        subjectType: auditLog.subjectType,
        subjectId: auditLog.subjectId,
        details: auditLog.details,
        actor: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email },
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
  ]);
  return {
    total: counted?.total ?? 0,
    entries: rows.map((row) => ({
      ...row,
      at: row.at.toISOString(),
      details: isRecord(row.details) ? row.details : {},
    })),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
