import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildTestApp, type AccountsTestApp } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { addUsers, people, signedInAs } from "../../test/server/roles";
import * as schema from "../db/schema";
import { listUsers, userListQueries } from "./user-list";

// The roles page stays fast with 100,000 users: a page walks the primary key, a search reads the trigram
// index (or, for a common one, walks the primary key until its page is full) and does not count its
// matches: one row past the page says there are more. Checked on the query plans (what the database
// will do), not on timings of a shared machine.

const USERS = 100_000;

interface Statement {
  toSQL(): { sql: string; params: unknown[] };
}
interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

describe.each(testDatabaseKinds())("the user list with 100,000 users on %s", (kind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let admin: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildTestApp(database);
    admin = await signedInAs(t, "admin", people.admin);
    await addUsers(t.db, USERS);
    await t.db.execute(sql`analyze users`);
  }, 120_000);
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  async function plan(statement: Statement): Promise<string> {
    const { sql: text, params } = statement.toSQL();
    const client = (t.db as unknown as { $client: RawClient }).$client;
    const result = await client.query(`explain ${text}`, params);
    return result.rows.map((row) => String(Object.values(row)[0])).join("\n");
  }

  it("reads a page, even a late one, through the primary key, with the kept total in the same statement", async () => {
    for (const pageNumber of [1, 1500]) {
      const queries = userListQueries(t.db, { number: pageNumber, size: 50 }, "");
      const pagePlan = await plan(queries.pageWithTotal);
      expect(pagePlan).toMatch(/Index Scan using users_pkey/);
      expect(pagePlan).toMatch(/on user_count/);
    }
  });

  it("takes the total from the kept count, not by counting the users", async () => {
    const queries = userListQueries(t.db, { number: 1, size: 50 }, "");
    const countPlan = await plan(queries.total);
    expect(countPlan).toMatch(/on user_count/);
    expect(countPlan).not.toMatch(/on users/);
  });

  it("finds a user by name or e-mail through the trigram index", async () => {
    for (const search of ["person99999@", "Person4242 Example", "example77777"]) {
      const queries = userListQueries(t.db, { number: 1, size: 50 }, search);
      expect(await plan(queries.page), search).toMatch(/users_search_text_trgm_idx/);
      // The count, for a page past the last match.
      const past = userListQueries(t.db, { number: 2, size: 50 }, search);
      expect(await plan(past.total), search).toMatch(/Bitmap Index Scan on users_search_text_trgm_idx/);
    }
  });

  it("answers the search with the matching users and their count", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/roles/users?search=PERSON99999%40",
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      users: [{ email: "person99999@example.net" }],
      meta: { total: 1, page: 1, per_page: 50, last_page: 1, total_exact: true },
    });

    const lastPage = await t.app.inject({
      method: "GET",
      url: "/api/v1/roles/users?page=1001&per_page=100",
      headers: bearer(admin),
    });
    expect(lastPage.json()).toMatchObject({ meta: { total: USERS + 1, last_page: 1001, total_exact: true } });
    expect(lastPage.json<{ users: { id: number }[] }>().users.map((user) => user.id)).toEqual([USERS + 1]);
  });

  it("does not count a common search's matches: one row past the page says there are more", async () => {
    const meta = async (query: string) => {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/v1/roles/users?${query}`,
        headers: bearer(admin),
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ users: { email: string }[]; meta: Record<string, unknown> }>();
    };
    // Every seeded user's e-mail ends in example.net: 100,000 matches.
    const first = await meta("search=example.net");
    expect(first.users).toHaveLength(50);
    expect(first.meta).toEqual({ total: 50, page: 1, per_page: 50, last_page: 2, total_exact: false });
    const later = await meta("search=example.net&page=1000");
    expect(later.users[0]?.email).toBe("person49951@example.net");
    expect(later.meta).toMatchObject({ total: 50_000, last_page: 1001, total_exact: false });
    // The last page knows it is the last: the total is exact.
    const end = await meta("search=example.net&page=2000");
    expect(end.users).toHaveLength(50);
    expect(end.meta).toMatchObject({ total: USERS, last_page: 2000, total_exact: true });
    // Past it, the matches are counted, so the page can send the user back to them.
    const past = await meta("search=example.net&page=2001");
    expect(past.users).toEqual([]);
    expect(past.meta).toMatchObject({ total: USERS, last_page: 2000, total_exact: true });
    // A search that fits on its page is counted exactly: person9999, person99990 to 99999.
    expect((await meta("search=person9999")).meta).toMatchObject({ total: 11, total_exact: true });
  });

  // PostgreSQL keeps a named statement's plans, and moves to one generic plan once that looks no costlier
  // than the plans made for each run; a search's generic plan cannot see the pattern and walks the primary
  // key, through all 100,000 users for a rare search. A search is sent unnamed, so it is planned each time.
  // (PGlite runs every statement unnamed.)
  if (kind === "postgres")
    it("plans each search with its pattern, even after late pages of a common search", async () => {
      const pool = (t.db as unknown as { $client: pg.Pool }).$client;
      // One connection for all of it: a statement's kept plans belong to its connection.
      const client = await pool.connect();
      try {
        const db = drizzle({ client, schema });
        const trigramIndexScans = async () => {
          // The connection's own counts reach the statistics once flushed, when it is next idle.
          await client.query("select pg_stat_force_next_flush()");
          const { rows } = await client.query<{ scans: string }>(
            `select idx_scan as scans from pg_stat_user_indexes where indexrelname = 'users_search_text_trgm_idx'`,
          );
          return Number(rows[0]?.scans);
        };
        // Late pages of a search every user matches: plans far costlier than a generic one.
        for (let run = 0; run < 6; run += 1) {
          const late = await listUsers(db, { number: 1500, size: 50 }, "example.net");
          expect(late.users).toHaveLength(50);
        }
        const before = await trigramIndexScans();
        const rare = await listUsers(db, { number: 1, size: 50 }, "person99999@");
        expect(rare.users.map((user) => user.email)).toEqual(["person99999@example.net"]);
        expect(await trigramIndexScans()).toBe(before + 1);
      } finally {
        client.release();
      }
    });
});
