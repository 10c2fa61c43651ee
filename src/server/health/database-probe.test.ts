import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/database";
import {
  createPostgresTestDatabase,
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabaseKind,
  testServerUrl,
} from "../../test/server/databases";
import { databaseStateOf, probeDatabaseWrite } from "./database-probe";

// The health check's write: what it reports when the database cannot take one. A read-only session is
// real on both databases. A full disk cannot be made in a test without mounting a file system; its error
// (SQLSTATE 53100, which PostgreSQL raises when it cannot extend a file) is raised here by the database
// itself, from an event trigger on the probe's CREATE TABLE, so it travels the real driver to the probe.

const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });

/** A migrated database whose session refuses every write, as a standby or a read-only database does. */
async function openReadOnlyDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  if (kind === "pglite") {
    const database = await openTestDatabase("pglite");
    await database.db.execute(sql`set default_transaction_read_only = on`);
    return database;
  }
  const created = await createPostgresTestDatabase(testServerUrl());
  const writable = await openDatabase({ kind: "postgres", url: created.url, poolSize: 1 });
  await writable.migrate();
  await writable.close();
  const url = new URL(created.url);
  url.searchParams.set("options", "-c default_transaction_read_only=on");
  const readOnly = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
  return {
    ...readOnly,
    async close() {
      await readOnly.close();
      await created.drop();
    },
  };
}

const health = (app: Awaited<ReturnType<typeof buildApp>>) =>
  app.inject({ method: "GET", url: "/api/v1/health" });

describe.each(testDatabaseKinds())("the health check's database write on %s", (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config, database, serveWeb: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("writes a row and leaves nothing behind", async () => {
    // Again and again on the same sessions: each table is gone at its commit.
    for (let probe = 0; probe < 3; probe += 1) expect(await probeDatabaseWrite(database.db)).toBe("up");
    const left = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`pg_class`)
      .where(sql`relname = 'health_write_probe'`);
    expect(left).toEqual([{ count: 0 }]);
  });

  it("reports a full disk as 'full' with 503, and 'up' again as soon as the write succeeds", async () => {
    await database.db.execute(sql`
      create function refuse_as_disk_full() returns event_trigger language plpgsql as $$
      begin
        raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
      end $$`);
    await database.db.execute(sql`
      create event trigger disk_is_full on ddl_command_end when tag in ('CREATE TABLE', 'CREATE TABLE AS')
      execute function refuse_as_disk_full()`);
    const failures: string[] = [];
    try {
      expect(await probeDatabaseWrite(database.db, (state) => failures.push(state))).toBe("full");
      expect(failures).toEqual(["full"]);

      const response = await health(app);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        success: false,
        status: "unavailable",
        code: "UNAVAILABLE",
        database: "full",
        storage: "up",
        message: "The database's disk is full: nothing new can be saved.",
      });
    } finally {
      await database.db.execute(sql`drop event trigger disk_is_full`);
      await database.db.execute(sql`drop function refuse_as_disk_full`);
    }
    // A bad answer is never reused: the next poll writes again.
    const recovered = await health(app);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toMatchObject({ database: "up" });
  });
});

describe.each(testDatabaseKinds())("health on a read-only %s session", (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await openReadOnlyDatabase(kind);
    app = await buildApp({ config, database, serveWeb: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("answers 503 'read-only', though the database answers reads", async () => {
    expect(await database.ping()).toBe(true);
    expect(await probeDatabaseWrite(database.db)).toBe("read-only");

    const response = await health(app);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      success: false,
      code: "UNAVAILABLE",
      database: "read-only",
      message: "The database is read-only: nothing new can be saved.",
    });
  });
});

describe("the state a failed write shows", () => {
  it("is read from the SQLSTATE of the error or of its cause, and is 'down' otherwise", () => {
    const withCode = (code: string) => Object.assign(new Error("database error"), { code });
    expect(databaseStateOf(withCode("53100"))).toBe("full");
    expect(databaseStateOf(new Error("Failed query", { cause: withCode("25006") }))).toBe("read-only");
    expect(databaseStateOf(withCode("ECONNREFUSED"))).toBe("down");
    expect(databaseStateOf(withCode("57P01"))).toBe("down");
    expect(databaseStateOf("not an error")).toBe("down");
  });

  it("is 'down' when the database does not answer in time", async () => {
    const hanging = { execute: () => new Promise(() => undefined) } as unknown as DatabaseHandle["db"];
    const failures: string[] = [];
    expect(await probeDatabaseWrite(hanging, (state) => failures.push(state), 20)).toBe("down");
    expect(failures).toEqual(["down"]);
  });
});
