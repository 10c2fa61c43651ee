import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  openTestDatabase,
  testDatabaseKinds,
  testServerUrl,
  withAdminClient,
} from "../../test/server/databases";
import type { DatabaseHandle } from "./database";
import { users } from "./schema";

// The API tests' databases are copies of one migrated for the whole run (src/test/server/database-
// templates.ts): each copy must hold every migration and none of another copy's rows.

const journal = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations/meta/_journal.json");

describe.each(testDatabaseKinds())("a test database on %s", (kind) => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    [first, second] = await Promise.all([openTestDatabase(kind), openTestDatabase(kind)]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it("has every migration applied", async () => {
    const { entries } = JSON.parse(await readFile(journal, "utf8")) as { entries: unknown[] };
    const applied = (await first.db.execute(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { count: number }[] };
    expect(applied.rows[0]?.count).toBe(entries.length);
  });

  it("is copied from the run's migrated database", async () => {
    if (kind === "pglite") {
      expect((await stat(inject("pgliteImageFile"))).size).toBeGreaterThan(0);
      return;
    }
    // A template no one can connect to, so copying it never fails on a connection left open.
    const { rows } = await withAdminClient(testServerUrl(), (client) =>
      client.query<{ datallowconn: boolean }>("select datallowconn from pg_database where datname = $1", [
        inject("postgresTemplate"),
      ]),
    );
    expect(rows).toEqual([{ datallowconn: false }]);
  });

  it("shares no rows with another copy", async () => {
    await first.db.insert(users).values({ email: "copy@example.org", firstname: "Ada", lastname: "Obi" });
    expect(await first.db.$count(users)).toBe(1);
    expect(await second.db.$count(users)).toBe(0);
  });
});
