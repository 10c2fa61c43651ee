import { asc, eq, or } from "drizzle-orm";
import type { PublicUser, UserRole } from "../../domain/accounts/user";
import { recordAudit } from "../audit/audit-log";
import { publicUserColumns } from "../accounts/public-user";
import type { Database } from "../db/database";
import { users } from "../db/schema";

// One role change, by an admin, of another user. The checks and the update run in one transaction that
// first locks every admin row and the target's row (in id order, so two changes never deadlock). Two
// admins demoting each other at the same moment are thus served one after the other: the second sees
// one admin left and is refused, and the platform always keeps an admin. The audit row commits with it.

export interface RoleChangeRequest {
  actorId: number;
  userId: number;
  role: UserRole;
  at: Date;
}

export type RoleChange =
  | { outcome: "changed"; user: PublicUser; from: UserRole }
  | { outcome: "unchanged"; user: PublicUser }
  | { outcome: "own-role" }
  | { outcome: "unknown-user" }
  | { outcome: "last-admin" }
  /** The actor stopped being an admin after their request was let in (a change served just before). */
  | { outcome: "actor-not-admin" };

export async function changeRole(db: Database, change: RoleChangeRequest): Promise<RoleChange> {
  const { actorId, userId, role, at } = change;
  if (actorId === userId) return { outcome: "own-role" };

  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(or(eq(users.role, "admin"), eq(users.id, userId)))
      .orderBy(asc(users.id))
      .for("update");

    const target = locked.find((row) => row.id === userId);
    if (!target) return { outcome: "unknown-user" };
    const admins = locked.filter((row) => row.role === "admin");
    if (target.role === "admin" && role !== "admin" && admins.length <= 1) return { outcome: "last-admin" };
    if (!admins.some((admin) => admin.id === actorId)) return { outcome: "actor-not-admin" };

    if (target.role === role) {
      const [user] = await tx.select(publicUserColumns).from(users).where(eq(users.id, userId));
      return user ? { outcome: "unchanged", user } : { outcome: "unknown-user" };
    }

    const [user] = await tx
      .update(users)
      .set({ role, updatedAt: at })
      .where(eq(users.id, userId))
      .returning(publicUserColumns);
    if (!user) return { outcome: "unknown-user" };
    await recordAudit(tx, {
      actorId,
      action: "user.role-changed",
      subjectType: "user",
      subjectId: userId,
      details: { from: target.role, to: role },
      at,
    });
    return { outcome: "changed", user, from: target.role };
  });
}
