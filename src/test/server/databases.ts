import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../server/db/database";

// API tests run on PGlite always, and on the PostgreSQL of TEST_DATABASE_URL when it is set. Each test
// file gets a database of its own (a fresh in-memory PGlite, or a new PostgreSQL database dropped after),
// so runs never see each other's rows.

export type TestDatabaseKind = DatabaseHandle["kind"];

export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export async function openTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  if (kind === "pglite") {
    const handle = await openDatabase({ kind: "pglite" });
    await handle.migrate();
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const created = await createPostgresTestDatabase(adminUrl);
  const handle = await openDatabase({ kind: "postgres", url: created.url, poolSize: 5 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

export interface PostgresTestDatabase {
  /** The new database's address. */
  url: string;
  /** Drops it, ending any connection still open to it. */
  drop(): Promise<void>;
}

/** A new, empty database of a name no other run uses, on the server of `adminUrl`. */
export async function createPostgresTestDatabase(adminUrl: string): Promise<PostgresTestDatabase> {
  const name = `ia_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ).then(() => undefined),
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
