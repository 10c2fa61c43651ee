import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../server/db/database";

// API tests run on PGlite always, and on the PostgreSQL of TEST_DATABASE_URL when it is set. Each test
// file gets a database of its own (a fresh in-memory PGlite, or a new PostgreSQL database dropped after),
// so runs never see each other's rows. Under Vitest both are copies of a database migrated once for the
// run (database-templates.ts), which is much quicker than creating and migrating each.

export type TestDatabaseKind = DatabaseHandle["kind"];

export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * The address of TEST_DATABASE_URL's server, for the tests of the "postgres" kind (which runs only when it is
 * set); a clear error otherwise, rather than pg's defaults.
 */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set: only the PostgreSQL kind's tests need it");
  return url;
}

export async function openTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  const templates = await runTemplates();
  if (kind === "pglite") {
    const handle = await openDatabase({
      kind: "pglite",
      image: await pgliteImage(templates.pgliteImageFile),
    });
    // Nothing to apply on a copy of the image; the same call as on a new database all the same.
    await handle.migrate();
    return handle;
  }
  const created = await createPostgresTestDatabase(testServerUrl(), templates.postgresTemplate);
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

/** The run's migrated databases, when the global set-up made them (the node tests), else none. */
async function runTemplates(): Promise<{ pgliteImageFile?: string; postgresTemplate?: string }> {
  if (!process.env.VITEST) return {};
  const { inject } = await import("vitest");
  return { pgliteImageFile: inject("pgliteImageFile"), postgresTemplate: inject("postgresTemplate") };
}

// Read once per worker: its files share it (a Blob is never changed by those who read it).
let imageRead: { file: string; image: Promise<Blob> } | undefined;

async function pgliteImage(file: string | undefined): Promise<Blob | undefined> {
  if (!file) return undefined;
  if (imageRead?.file !== file)
    imageRead = { file, image: readFile(file).then((bytes) => new Blob([bytes])) };
  return imageRead.image;
}

export interface PostgresTestDatabase {
  /** The new database's name and address. */
  name: string;
  url: string;
  /** Drops it, ending any connection still open to it. */
  drop(): Promise<void>;
}

/**
 * A new database of a name no other run uses, on the server of `adminUrl`: empty, or a copy of `template`
 * (a database no one is connected to).
 */
export async function createPostgresTestDatabase(
  adminUrl: string,
  template?: string,
): Promise<PostgresTestDatabase> {
  const name = `ia_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const copied = template ? ` template "${template}"` : "";
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"${copied}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ).then(() => undefined),
  };
}

/**
 * Closes database `name` to new connections and waits until the server has ended the last one (a client's
 * end is not yet its backend's): then it can be a template. Gives up after 30 s.
 */
export async function waitUntilUnused(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    await client.query(`alter database "${name}" with allow_connections false`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await client.query<{ count: string }>(
        "select count(*) from pg_stat_activity where datname = $1",
        [name],
      );
      if (rows[0]?.count === "0") return;
      if (Date.now() > deadline) throw new Error(`database ${name} is still in use after 30 s`);
      await delay(20);
    }
  });
}

/** Runs `work` with a connection of its own to the server at `url`, closed afterwards whatever happens. */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
