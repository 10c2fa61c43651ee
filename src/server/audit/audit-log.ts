import type { Database } from "../db/database";
import { auditLog } from "../db/schema";

export interface AuditEntry {
  /** Who did it; null for the system or a command-line tool. */
  actorId: number | null;
  /** What happened, as "thing.past-tense", e.g. "user.registered", "user.role-changed". */
  action: string;
  subjectType: string;
  subjectId: string | number;
  /** Facts worth keeping (e.g. {from: "user", to: "moderator"}); never a secret. */
  details?: Record<string, unknown>;
  at: Date;
}

/** Writes who did what to whom; pass the transaction of the change so both commit together. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    details: entry.details ?? {},
    createdAt: entry.at,
  });
}
