import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordAudit } from "../audit/audit-log";
import { bearer, buildTestApp, emptyTables, type AccountsTestApp } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { roleMessages } from "./messages";
import type { AuditEntryView } from "./audit-entries";
import { idOf, people, signedInAs } from "../../test/server/roles";

// GET /api/v1/roles/audit: admins read the audit log, newest first, a page at a time.

interface AuditAnswer {
  success: boolean;
  entries: AuditEntryView[];
  meta: { total: number; page: number; per_page: number; last_page: number };
}

describe.each(testDatabaseKinds())("the audit log on %s", (kind) => {
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

  const audit = (query = "", token: string | null = admin) =>
    t.app.inject({ method: "GET", url: `/api/v1/roles/audit${query}`, headers: token ? bearer(token) : {} });
  const read = async (query = "") => {
    const response = await audit(query);
    expect(response.statusCode).toBe(200);
    return response.json<AuditAnswer>();
  };

  it("shows admins each role change with who made it, newest first", async () => {
    await t.app.inject({
      method: "PATCH",
      url: "/api/v1/roles/update-role",
      headers: bearer(admin),
      payload: { userId: ids.user, role: "moderator" },
    });

    const answer = await read();

    expect(answer.success).toBe(true);
    expect(answer.meta).toEqual({ total: 7, page: 1, per_page: 50, last_page: 1 });
    const [newest, ...older] = answer.entries;
    expect(newest).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      actor: { id: ids.admin, ...people.admin },
      action: "user.role-changed",
      subjectType: "user",
      subjectId: String(ids.user),
      details: { from: "user", to: "moderator" },
    });
    // Sign-ups and verifications are in the log too, each by the person who signed up.
    expect(older.map((entry) => [entry.action, entry.actor?.id])).toEqual([
      ["user.verified", ids.user],
      ["user.registered", ids.user],
      ["user.verified", ids.moderator],
      ["user.registered", ids.moderator],
      ["user.verified", ids.admin],
      ["user.registered", ids.admin],
    ]);
    const times = answer.entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("shows no actor once the actor's account is gone, or for the system", async () => {
    await t.db.delete(users).where(eq(users.id, ids.moderator));
    await recordAudit(t.db, {
      actorId: null,
      action: "user.promoted-by-command",
      subjectType: "user",
      subjectId: ids.user,
      details: { to: "admin" },
      at: t.clock.now(),
    });

    const entries = (await read()).entries;

    expect(entries[0]).toMatchObject({
      action: "user.promoted-by-command",
      actor: null,
      details: { to: "admin" },
    });
    const moderatorEntries = entries.filter((entry) => entry.subjectId === String(ids.moderator));
    expect(moderatorEntries.map((entry) => [entry.action, entry.actor])).toEqual([
      ["user.verified", null],
      ["user.registered", null],
    ]);
  });

  it("pages through the log", async () => {
    const first = await read("?per_page=4");
    const second = await read("?per_page=4&page=2");

    expect(first.meta).toEqual({ total: 6, page: 1, per_page: 4, last_page: 2 });
    expect(first.entries.map((entry) => entry.subjectId)).toEqual(
      [ids.user, ids.user, ids.moderator, ids.moderator].map(String),
    );
    expect(second.entries.map((entry) => entry.subjectId)).toEqual([ids.admin, ids.admin].map(String));
    for (const query of ["?page=0", "?per_page=500"]) {
      const response = await audit(query);
      expect(response.statusCode).toBe(400);
      expect([roleMessages.pageProblem, roleMessages.perPageProblem]).toContain(
        response.json<{ message: string }>().message,
      );
    }
  });

  it("is for admins only", async () => {
    for (const token of [moderator, user]) {
      const response = await audit("", token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        message: "You do not have permission to do that.",
        code: "FORBIDDEN",
        problem: { key: "account.notAllowed", params: {} },
      });
    }
    expect((await audit("", null)).statusCode).toBe(401);
  });
});
