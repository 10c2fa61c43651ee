import { like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PublicUser } from "../../domain/accounts/user";
import { bearer, buildTestApp, emptyTables, type AccountsTestApp } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { roleMessages } from "./messages";
import { addUsers, people, signedInAs } from "../../test/server/roles";
import { validationFailure } from "../../test/server/failures";

// GET /api/v1/roles/users: admins and moderators page through the users, ordered by id, and search them
// by name or e-mail. GET /api/v1/roles/roles: the roles there are, for anyone signed in.

interface UsersAnswer {
  success: boolean;
  users: PublicUser[];
  meta: { total: number; page: number; per_page: number; last_page: number; total_exact: boolean };
}

describe.each(testDatabaseKinds())("the user list on %s", (kind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let admin: string;
  let moderator: string;
  let user: string;

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
  });

  const list = (query = "", token: string | null = admin) =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/roles/users${query}`,
      headers: token ? bearer(token) : {},
    });
  const listed = async (query = "", token: string | null = admin) => {
    const response = await list(query, token);
    expect(response.statusCode).toBe(200);
    return response.json<UsersAnswer>();
  };

  it("shows admins and moderators every user's id, names, e-mail, verification and role, by id", async () => {
    for (const token of [admin, moderator]) {
      const response = await list("", token);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json()).toEqual({
        success: true,
        users: [
          { id: 1, ...people.admin, isVerified: true, role: "admin", language: "en" },
          { id: 2, ...people.moderator, isVerified: true, role: "moderator", language: "en" },
          { id: 3, ...people.user, isVerified: true, role: "user", language: "en" },
        ],
        meta: { total: 3, page: 1, per_page: 50, last_page: 1, total_exact: true },
      });
    }
  });

  it("refuses plain users and anyone not signed in", async () => {
    const refused = await list("", user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: "You do not have permission to do that.",
      code: "FORBIDDEN",
      problem: { key: "account.notAllowed", params: {} },
    });
    expect((await list("", null)).statusCode).toBe(401);
  });

  it("pages through many users, 50 to a page unless asked otherwise, at most 100", async () => {
    await addUsers(t.db, 117);

    const first = await listed();
    expect(first.meta).toEqual({ total: 120, page: 1, per_page: 50, last_page: 3, total_exact: true });
    expect(first.users.map((each) => each.id)).toEqual(range(1, 50));

    const third = await listed("?page=3");
    expect(third.users.map((each) => each.id)).toEqual(range(101, 120));
    expect(third.users[0]).toEqual({
      id: 101,
      firstname: "Person98",
      lastname: "Example98",
      email: "person98@example.net",
      isVerified: true,
      role: "user",
      language: "en",
    });

    const big = await listed("?page=2&per_page=100");
    expect(big.meta).toEqual({ total: 120, page: 2, per_page: 100, last_page: 2, total_exact: true });
    expect(big.users.map((each) => each.id)).toEqual(range(101, 120));

    const beyond = await listed("?page=9");
    expect(beyond.users).toEqual([]);
    expect(beyond.meta).toEqual({ total: 120, page: 9, per_page: 50, last_page: 3, total_exact: true });
    expect((await listed(`?page=${Number.MAX_SAFE_INTEGER}&per_page=100`)).users).toEqual([]);
  });

  it("keeps the total exact through sign-ups, bulk inserts, deletions, a rolled-back insert and emptying", async () => {
    const total = async () => (await listed()).meta.total;
    expect(await total()).toBe(3);
    await addUsers(t.db, 40);
    expect(await total()).toBe(43);
    await t.db.delete(users).where(like(users.email, "person1%@example.net"));
    // person1, person10 to person19: 11 users gone.
    expect(await total()).toBe(32);
    await expect(
      t.db.transaction(async (tx) => {
        await tx
          .insert(users)
          .values({ email: "rolled.back@example.org", firstname: "Rolled", lastname: "Back" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await total()).toBe(32);
    // Emptying the tables also ends every session: the next admin is the only user.
    await emptyTables(t.db);
    const nextAdmin = await signedInAs(t, "admin", people.secondAdmin);
    expect((await listed("", nextAdmin)).meta.total).toBe(1);
  });

  it("refuses a page or page size that is not a whole number in range, with a sentence", async () => {
    const cases: [string, string][] = [
      ["?page=0", roleMessages.pageProblem],
      ["?page=-1", roleMessages.pageProblem],
      ["?page=two", roleMessages.pageProblem],
      ["?page=1.5", roleMessages.pageProblem],
      ["?page=1&page=2", roleMessages.pageProblem],
      ["?per_page=0", roleMessages.perPageProblem],
      ["?per_page=101", roleMessages.perPageProblem],
      ["?per_page=ten", roleMessages.perPageProblem],
      [`?search=${"a".repeat(201)}`, roleMessages.searchProblem],
      ["?search=a&search=b", roleMessages.searchProblem],
    ];
    for (const [query, message] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      // The failure names the parameter to fix: the one the query gives.
      const field = new URLSearchParams(query).keys().next().value;
      expect(response.json(), query).toEqual(validationFailure(message, field));
    }
  });

  it("checks who asks before what they ask: a caller refused never learns what the query gets wrong", async () => {
    for (const query of ["?page=0", "?per_page=ten", "?page=1&page=2", `?search=${"a".repeat(201)}`]) {
      expect((await list(query, null)).statusCode, query).toBe(401);
      expect((await list(query, user)).statusCode, query).toBe(403);
      expect((await list(query, admin)).statusCode, query).toBe(400);
    }
  });

  describe("search", () => {
    beforeEach(async () => {
      await t.db.insert(users).values([
        { email: "chidi.nwosu@mail.example", firstname: "Chidi", lastname: "Nwosu" },
        { email: "funmi_ade@mail.example", firstname: "Funmilayo", lastname: "Adeyemi-Okafor" },
        { email: "halima@100percent.example", firstname: "Halima", lastname: "Bello" },
      ]);
    });

    const found = async (search: string, token = admin) =>
      (await listed(`?search=${encodeURIComponent(search)}`, token)).users.map((each) => each.email);

    it("finds users by part of the first name, last name, full name or e-mail, in any case", async () => {
      expect(await found("chid")).toEqual(["chidi.nwosu@mail.example"]);
      expect(await found("OKAFOR")).toEqual(["Alice.Okafor@Example.org", "funmi_ade@mail.example"]);
      expect(await found("alice oka")).toEqual(["Alice.Okafor@Example.org"]);
      expect(await found("  Funmilayo    Adeyemi ")).toEqual(["funmi_ade@mail.example"]);
      expect(await found("alice.okafor@example")).toEqual(["Alice.Okafor@Example.org"]);
      expect(await found("MAIL.EXAMPLE")).toEqual(["chidi.nwosu@mail.example", "funmi_ade@mail.example"]);
      expect(await found("ngozi", moderator)).toEqual(["ngozi.eze@example.org"]);
    });

    it("counts and pages the matches only", async () => {
      const answer = await listed("?search=okafor&per_page=1&page=2");
      expect(answer.users.map((each) => each.email)).toEqual(["funmi_ade@mail.example"]);
      expect(answer.meta).toEqual({ total: 2, page: 2, per_page: 1, last_page: 2, total_exact: true });
    });

    it("says there are more matches, without counting them, when they go on past the page", async () => {
      const first = await listed("?search=okafor&per_page=1");
      expect(first.users.map((each) => each.email)).toEqual(["Alice.Okafor@Example.org"]);
      expect(first.meta).toEqual({ total: 1, page: 1, per_page: 1, last_page: 2, total_exact: false });
      // Past the last match: counted, for the way back.
      const past = await listed("?search=okafor&per_page=1&page=5");
      expect(past).toEqual({
        success: true,
        users: [],
        meta: { total: 2, page: 5, per_page: 1, last_page: 2, total_exact: true },
      });
    });

    it("takes % and _ as the characters they are, not as wildcards", async () => {
      expect(await found("%")).toEqual([]);
      expect(await found("100")).toEqual(["halima@100percent.example"]);
      expect(await found("100%")).toEqual([]);
      expect(await found("_")).toEqual(["funmi_ade@mail.example"]);
      expect(await found("i_a")).toEqual(["funmi_ade@mail.example"]);
      expect(await found("chidi_")).toEqual([]);
    });

    it("takes a backslash as itself, not as LIKE's escape", async () => {
      await t.db
        .insert(users)
        .values({ email: "back.slash@mail.example", firstname: "Ada\\Eze", lastname: "Obi" });
      expect(await found("\\")).toEqual(["back.slash@mail.example"]);
      expect(await found("A\\E")).toEqual(["back.slash@mail.example"]);
      expect(await found("\\%")).toEqual([]);
    });

    it("never matches across the end of the name and the start of the e-mail", async () => {
      expect(await found("bello halima")).toEqual([]);
      expect(await found("nwosu chidi")).toEqual([]);
    });

    it("answers an empty page when nothing matches, and everyone for an empty search", async () => {
      expect(await listed("?search=nobody-like-this")).toEqual({
        success: true,
        users: [],
        meta: { total: 0, page: 1, per_page: 50, last_page: 1, total_exact: true },
      });
      expect((await listed("?search=%20%20")).meta.total).toBe(6);
    });
  });

  it("names the roles there are to anyone signed in", async () => {
    for (const token of [user, moderator, admin]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/v1/roles/roles",
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, roles: ["user", "moderator", "editor", "admin"] });
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/api/v1/roles/roles" });
    expect(anonymous.statusCode).toBe(401);
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
