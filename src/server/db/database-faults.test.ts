import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { alice, buildTestApp, emptyTables, register, type AccountsTestApp } from "../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import type { DatabaseHandle } from "./database";
import { databaseFault } from "./database-faults";
import { authTokens, corrections, mailOutbox, passwords, users } from "./schema";

// A database that cannot write (its disk full, or read-only) or cannot be reached is the server's
// problem, said as such: 507 or 503 with one sentence and a Retry-After, never a 500, and a write of
// several rows leaves none of them. The errors below are PostgreSQL's own, raised by the real server
// (PGlite or PostgreSQL) through the real driver, from a trigger on the table the route writes.

describe("the database faults each driver reports", () => {
  const wrappedByDrizzle = (cause: object) =>
    Object.assign(new Error("Failed query: insert into users …"), { cause });
  // node-postgres' server errors carry a severity; socket errors an errno code.
  const serverError = (code: string, message: string) =>
    Object.assign(new Error(message), { code, severity: "ERROR", name: "error" });

  it.each([
    [
      "a full disk",
      serverError("53100", 'could not extend file "base/16384/16390": No space left on device'),
    ],
    ["a read-only database", serverError("25006", "cannot execute INSERT in a read-only transaction")],
    ["insufficient resources", serverError("53000", "insufficient resources")],
    ["a full disk said in words", serverError("XX000", "could not write to file: No space left on device")],
  ])("%s is full", (_case, error) => {
    expect(databaseFault(error)).toBe("full");
    expect(databaseFault(wrappedByDrizzle(error))).toBe("full");
  });

  it.each([
    [
      "an administrator's shut-down",
      serverError("57P01", "terminating connection due to administrator command"),
    ],
    ["a server starting up", serverError("57P03", "the database system is starting up")],
    ["a lost connection", serverError("08006", "connection failure")],
    ["too many connections", serverError("53300", "sorry, too many clients already")],
    ["a statement over its time limit", serverError("57014", "canceling statement due to statement timeout")],
    [
      "a refused connection",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    ],
    [
      "a refused connection on each of localhost's addresses",
      new AggregateError([
        Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" }),
        Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      ]),
    ],
    ["the pool's wait for a connection", new Error("timeout exceeded when trying to connect")],
    ["a connection cut", new Error("Connection terminated unexpectedly")],
  ])("%s is unavailable", (_case, error) => {
    expect(databaseFault(error)).toBe("unavailable");
    expect(databaseFault(wrappedByDrizzle(error))).toBe("unavailable");
  });

  it.each([
    ["a unique violation", serverError("23505", "duplicate key value violates unique constraint")],
    ["a syntax error", serverError("42601", "syntax error at or near")],
    ["a program's own error", new TypeError("Cannot read properties of undefined")],
    [
      "this process's own full disk",
      Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }),
    ],
    ["not an error", "no space left on device"],
  ])("%s is no fault of the database", (_case, error) => {
    expect(databaseFault(error)).toBeNull();
  });
});

describe.each(testDatabaseKinds())("a database that cannot write, on %s", (kind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildTestApp(database, {
      config: { logLevel: "error" },
      logStream: { write: (line) => logLines.push(line) },
    });
    // PostgreSQL's own words for each, raised from a trigger when the test arms it on a table.
    const faults = [
      ["disk_full", "53100", 'could not extend file "base/16384/16390": No space left on device'],
      ["read_only", "25006", "cannot execute INSERT in a read-only transaction"],
    ] as const;
    for (const [name, state, message] of faults) {
      await t.db.execute(
        sql.raw(`create function test_fault_${name}() returns trigger language plpgsql as $$
          begin raise exception using errcode = '${state}', message = '${message.replace(/'/g, "''")}'; end $$`),
      );
    }
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(async () => {
    await emptyTables(t.db);
    await t.db.execute(sql`truncate table corrections cascade`);
    logLines.length = 0;
  });
  afterEach(async () => {
    for (const table of ["users", "mail_outbox", "corrections"]) {
      await t.db.execute(sql.raw(`drop trigger if exists test_fault on ${table}`));
    }
  });

  async function arm(table: string, fault: "disk_full" | "read_only") {
    await t.db.execute(
      sql.raw(
        `create trigger test_fault before insert on ${table} for each row execute function test_fault_${fault}()`,
      ),
    );
  }

  function expectStorageFull(response: { statusCode: number; headers: object; json(): unknown }) {
    expect(response.statusCode).toBe(507);
    expect(response.headers).toMatchObject({ "retry-after": "300" });
    expect(response.json()).toEqual({
      success: false,
      code: "STORAGE_FULL",
      message: "The server cannot save anything right now. Please try again later.",
      problem: { key: "code.STORAGE_FULL", params: {} },
    });
    const errors = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(errors.some((line) => line.level >= 50 && line.msg === "the database cannot take writes")).toBe(
      true,
    );
  }

  it("answers a registration 507 when the disk is full, and stores no part of the account", async () => {
    // The account's row goes in; its verification mail, the last of the registration's rows, cannot.
    await arm("mail_outbox", "disk_full");

    expectStorageFull(await register(t.app, alice));

    expect(await t.db.select().from(users)).toEqual([]);
    expect(await t.db.select().from(passwords)).toEqual([]);
    expect(await t.db.select().from(authTokens)).toEqual([]);
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
  });

  it("answers a registration 507 when the database is read-only", async () => {
    await arm("users", "read_only");

    expectStorageFull(await register(t.app, alice));

    expect(await t.db.select().from(users)).toEqual([]);
  });

  it("answers a correction 507 with the same sentence when the disk is full", async () => {
    await arm("corrections", "disk_full");

    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/corrections",
      payload: {
        subject: "state",
        subjectId: 25,
        whatIsWrong: "The Lagos law was passed in 2011, and the agency is LASODA.",
        sourceUrl: "https://lasoda.lagosstate.gov.ng/about",
        email: "",
      },
    });

    expectStorageFull(response);
    expect(await t.db.select().from(corrections)).toEqual([]);
  });

  it("serves again as soon as the database can write", async () => {
    await arm("mail_outbox", "disk_full");
    expect((await register(t.app, alice)).statusCode).toBe(507);
    await t.db.execute(sql`drop trigger test_fault on mail_outbox`);

    expect((await register(t.app, alice)).statusCode).toBe(201);
    expect(await t.db.select().from(users)).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(1);
  });
});
