import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UserRole } from "../../domain/accounts/user";
import { bearer, buildTestApp, emptyTables, type AccountsTestApp } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { auditLog, users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { waitUntil } from "../../test/server/processes";
import { roleMessages } from "./messages";
import { changeRole } from "./role-change";
import { idOf, people, roleOf, signedInAs } from "../../test/server/roles";

// PATCH /api/v1/roles/update-role: an admin changes another user's role. It applies at that user's next
// request, is written to the audit log with it, and never leaves the platform without an admin.

describe.each(testDatabaseKinds())("changing a role on %s", (kind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let admin: string;
  let moderator: string;
  let user: string;
  let ids: { admin: number; moderator: number; user: number };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildTestApp(database);
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(async () => {
    await emptyTables(database.db);
    admin = await signedInAs(t, "admin", people.admin);
    moderator = await signedInAs(t, "moderator", people.moderator);
    user = await signedInAs(t, "user", people.user);
    ids = {
      admin: await idOf(t.db, people.admin.email),
      moderator: await idOf(t.db, people.moderator.email),
      user: await idOf(t.db, people.user.email),
    };
  });

  const updateRole = (body: unknown, token: string | null = admin) =>
    t.app.inject({
      method: "PATCH",
      url: "/api/v1/roles/update-role",
      headers: token ? bearer(token) : {},
      payload: body as object,
    });
  const userList = (token: string) =>
    t.app.inject({ method: "GET", url: "/api/v1/roles/users", headers: bearer(token) });
  const roleChanges = () =>
    t.db.select().from(auditLog).where(eq(auditLog.action, "user.role-changed")).orderBy(asc(auditLog.id));

  it("lets an admin make a user a moderator, and says so", async () => {
    const response = await updateRole({ userId: ids.user, role: "moderator" });

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      success: true,
      message: "User role updated successfully",
      user: { id: ids.user, ...people.user, isVerified: true, role: "moderator", language: "en" },
    });
    expect(await roleOf(t.db, ids.user)).toBe("moderator");
  });

  it("lets an admin make a user an editor, who may then use the data desk but not list users", async () => {
    const response = await updateRole({ userId: ids.user, role: "editor" });
    expect(response.statusCode).toBe(200);
    expect(await roleOf(t.db, ids.user)).toBe("editor");
    const desk = await t.app.inject({
      method: "GET",
      url: "/api/v1/datadesk/changes",
      headers: bearer(user),
    });
    expect(desk.statusCode).toBe(200);
    expect((await userList(user)).statusCode).toBe(403);
  });

  it("writes who changed whose role, from what, to what and when, to the audit log", async () => {
    const before = t.clock.now();
    await updateRole({ userId: ids.user, role: "moderator" });
    await updateRole({ userId: ids.user, role: "admin" });

    const changes = await roleChanges();
    expect(
      changes.map(({ actorId, subjectType, subjectId, details }) => ({
        actorId,
        subjectType,
        subjectId,
        details,
      })),
    ).toEqual([
      {
        actorId: ids.admin,
        subjectType: "user",
        subjectId: String(ids.user),
        details: { from: "user", to: "moderator" },
      },
      {
        actorId: ids.admin,
        subjectType: "user",
        subjectId: String(ids.user),
        details: { from: "moderator", to: "admin" },
      },
    ]);
    expect(changes[0]!.createdAt.getTime()).toBeGreaterThan(before.getTime());
    expect(changes[1]!.createdAt.getTime()).toBeGreaterThan(changes[0]!.createdAt.getTime());
  });

  it("applies at the user's next request, with the session they already have", async () => {
    expect((await userList(user)).statusCode).toBe(403);

    await updateRole({ userId: ids.user, role: "moderator" });
    expect((await userList(user)).statusCode).toBe(200);

    await updateRole({ userId: ids.moderator, role: "user" });
    expect((await userList(moderator)).statusCode).toBe(403);
  });

  it("answers a change to the role the user already has as done, without an audit entry", async () => {
    const response = await updateRole({ userId: ids.moderator, role: "moderator" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: "User role updated successfully",
      user: { id: ids.moderator, role: "moderator" },
    });
    expect(await roleChanges()).toEqual([]);
  });

  it("refuses a role that does not exist", async () => {
    for (const role of ["superuser", "Admin", "", 3, null]) {
      const response = await updateRole({ userId: ids.user, role });
      expect(response.statusCode, String(role)).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: roleMessages.unknownRole,
        code: "VALIDATION_FAILED",
        field: "role",
        problem: { key: "request.fieldInvalid", params: { field: "role" } },
      });
    }
    expect(await roleOf(t.db, ids.user)).toBe("user");
  });

  it("refuses a body that does not name a user and a role", async () => {
    for (const body of [
      undefined,
      {},
      { role: "admin" },
      { userId: "2", role: "admin" },
      { userId: 1.5, role: "admin" },
      { userId: -2, role: "admin" },
      [ids.user, "admin"],
    ]) {
      const response = await updateRole(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(roleMessages.chooseUser);
    }
    const notJson = await t.app.inject({
      method: "PATCH",
      url: "/api/v1/roles/update-role",
      headers: { ...bearer(admin), "content-type": "application/json" },
      payload: "{userId: 2",
    });
    expect(notJson.statusCode).toBe(400);
    expect(await roleChanges()).toEqual([]);
  });

  it("checks who asks before what they send: a caller refused never learns what the body lacks", async () => {
    for (const body of [undefined, {}, { userId: "x", role: 3 }]) {
      expect((await updateRole(body, null)).statusCode, JSON.stringify(body)).toBe(401);
      expect((await updateRole(body, user)).statusCode, JSON.stringify(body)).toBe(403);
    }
  });

  it("answers 404 for a user who does not exist", async () => {
    for (const userId of [9999, 2_147_483_647]) {
      const response = await updateRole({ userId, role: "moderator" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        message: roleMessages.unknownUser,
        code: "NOT_FOUND",
        problem: { key: "roles.unknownUser", params: {} },
      });
    }
  });

  it("never lets admins change their own role", async () => {
    for (const role of ["user", "moderator", "admin"]) {
      const response = await updateRole({ userId: ids.admin, role });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        message: "You cannot change your own role.",
        code: "FORBIDDEN",
        problem: { key: "roles.ownRole", params: {} },
      });
    }
    expect(await roleOf(t.db, ids.admin)).toBe("admin");
    expect(await roleChanges()).toEqual([]);
  });

  it("lets only admins change roles", async () => {
    for (const token of [moderator, user]) {
      const response = await updateRole({ userId: ids.user, role: "admin" }, token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        message: "You do not have permission to do that.",
        code: "FORBIDDEN",
        problem: { key: "account.notAllowed", params: {} },
      });
    }
    expect((await updateRole({ userId: ids.user, role: "admin" }, null)).statusCode).toBe(401);
    expect(await roleOf(t.db, ids.user)).toBe("user");
  });

  it("lets one admin demote another while another admin remains", async () => {
    const second = await signedInAs(t, "admin", people.secondAdmin);
    const secondId = await idOf(t.db, people.secondAdmin.email);

    const response = await updateRole({ userId: secondId, role: "user" });

    expect(response.statusCode).toBe(200);
    expect((await userList(second)).statusCode).toBe(403);
    expect(await adminIds()).toEqual([ids.admin]);
  });

  it("keeps an admin when the last two admins demote each other at the same moment", async () => {
    const second = await signedInAs(t, "admin", people.secondAdmin);
    const secondId = await idOf(t.db, people.secondAdmin.email);

    const answers = await Promise.all([
      updateRole({ userId: secondId, role: "user" }, admin),
      updateRole({ userId: ids.admin, role: "moderator" }, second),
    ]);

    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toHaveLength(2);
    expect(statuses[0]).toBe(200);
    // The loser is refused either inside the change (409: the last admin) or, when the winner committed
    // before its request was let in, by the guard (403: it is no longer an admin).
    expect([403, 409]).toContain(statuses[1]);
    expect(await adminIds()).toHaveLength(1);
    expect(await roleChanges()).toHaveLength(1);
  });

  it("serves two changes that wait on the same admins one after the other", async () => {
    await signedInAs(t, "admin", people.secondAdmin);
    const secondId = await idOf(t.db, people.secondAdmin.email);
    const at = new Date();

    // A third transaction holds the admins' rows, so both changes have started and wait for them when it
    // lets go. Without row locks both would read two admins and demote each other.
    const outcomes = await whileAdminRowsAreHeld(database, () => [
      changeRole(t.db, { actorId: ids.admin, userId: secondId, role: "user", at }),
      changeRole(t.db, { actorId: secondId, userId: ids.admin, role: "user", at }),
    ]);

    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["changed", "last-admin"]);
    expect(await adminIds()).toHaveLength(1);
    expect(await roleChanges()).toHaveLength(1);
  });

  it("answers 409 when the change would leave no admin", async () => {
    // Reachable only in a race (an admin cannot demote themselves); the guard let the actor in, and the
    // other admin was demoted before this change ran.
    await signedInAs(t, "admin", people.secondAdmin);
    const secondId = await idOf(t.db, people.secondAdmin.email);
    await t.db.update(users).set({ role: "user" }).where(eq(users.id, secondId));

    const outcome = await changeRole(t.db, {
      actorId: secondId,
      userId: ids.admin,
      role: "user",
      at: new Date(),
    });

    expect(outcome).toEqual({ outcome: "last-admin" });
    expect(await adminIds()).toEqual([ids.admin]);
  });

  it("refuses an actor who stopped being an admin after their request was let in", async () => {
    await signedInAs(t, "admin", people.secondAdmin);
    const secondId = await idOf(t.db, people.secondAdmin.email);
    await t.db.update(users).set({ role: "moderator" }).where(eq(users.id, secondId));

    const outcome = await changeRole(t.db, {
      actorId: secondId,
      userId: ids.user,
      role: "admin",
      at: new Date(),
    });

    expect(outcome).toEqual({ outcome: "actor-not-admin" });
    expect(await roleOf(t.db, ids.user)).toBe("user");
  });

  async function adminIds(): Promise<number[]> {
    const rows = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "admin" satisfies UserRole));
    return rows.map((row) => row.id);
  }
});

/**
 * Runs `start` while another transaction holds every admin row, and lets go once the started work is
 * waiting for them (on PostgreSQL, seen in pg_stat_activity; PGlite runs one transaction at a time).
 */
async function whileAdminRowsAreHeld<T>(database: DatabaseHandle, start: () => Promise<T>[]): Promise<T[]> {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = database.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
    holding();
    await released;
  });
  await held;
  const work = start();
  if (database.kind === "postgres") await untilWaitingForLocks(database, work.length);
  letGo();
  await holder;
  return Promise.all(work);
}

async function untilWaitingForLocks(database: DatabaseHandle, count: number): Promise<void> {
  await waitUntil(`${count} transactions waiting for the admins' rows`, async () => {
    // Only ever called on PostgreSQL, whose driver answers {rows}.
    const result = (await database.db.execute(sql`
      select count(*)::integer as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
      rows: { waiting: number }[];
    };
    return (result.rows[0]?.waiting ?? 0) >= count;
  });
}
