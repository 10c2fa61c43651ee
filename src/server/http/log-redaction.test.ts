import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type AccountsTestApp } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase } from "../../test/server/databases";
import { registerErrorHandling } from "./errors";
import { loggableError, redactingSerializers, redactUrl } from "./log-redaction";

// Request logs never hold a verification or reset token, a media link's signature, or an Authorization
// header: whoever reads the logs must not be able to act as someone.

describe("redacting URLs", () => {
  it("hides link tokens in paths and signatures in query strings", () => {
    expect(redactUrl("/api/v1/auth/verify-email/abcDEF123_-xyz")).toBe(
      "/api/v1/auth/verify-email/[redacted]",
    );
    expect(redactUrl("/reset-password/abcDEF123?x=1")).toBe("/reset-password/[redacted]?x=1");
    expect(redactUrl("/media/0a6f?sig=AbC_12&exp=1795")).toBe("/media/0a6f?sig=[redacted]&exp=[redacted]");
    expect(redactUrl("/api/v1/roles/users?search=ada")).toBe("/api/v1/roles/users?search=ada");
    expect(redactUrl("/api/v1/channels/africastalking/s3cr3t-in-path/ussd")).toBe(
      "/api/v1/channels/africastalking/[redacted]/ussd",
    );
  });
});

describe("request logs", () => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    t = await buildTestApp(database, {
      config: { logLevel: "info" },
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it("never contain tokens, signatures or Authorization headers", async () => {
    const secrets = {
      verify: "Verify-Token-Secret-0123456789abcdefghijklmnopq",
      reset: "Reset-Token-Secret-0123456789abcdefghijklmnopqr",
      sig: "Signature-Secret-0123456789abcdefghijklmnopqrstu",
      bearer: "Bearer-Secret-0123456789abcdefghijklmnopqrstuvw",
    };
    await t.app.inject({ method: "GET", url: `/api/v1/auth/verify-email/${secrets.verify}/registration` });
    await t.app.inject({ method: "GET", url: `/reset-password/${secrets.reset}` });
    await t.app.inject({
      method: "GET",
      url: `/media/0a6f1c7e-9d1b-4c0e-8f4e-2b7f3d1c5a90?sig=${secrets.sig}&exp=1`,
    });
    await t.app.inject({
      method: "GET",
      url: "/api/v1/eyewitness/mine",
      headers: { authorization: `Bearer ${secrets.bearer}` },
    });

    expect(lines.length).toBeGreaterThan(4);
    const log = lines.join("\n");
    expect(log).toContain("/api/v1/auth/verify-email/[redacted]");
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
  });
});

describe("unexpected errors in the logs", () => {
  let database: DatabaseHandle;
  const secret = "ada.obi.secret-address";

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.close();
  });

  /** A real failure of the database: a check constraint refusing a row that holds personal data. */
  async function databaseFailure(): Promise<unknown> {
    await database.db.execute(
      sql`create temporary table if not exists log_probe (email text check (email like '%@%'))`,
    );
    try {
      await database.db.execute(sql`insert into log_probe (email) values (${secret})`);
    } catch (error) {
      return error;
    }
    throw new Error("the insert was expected to fail");
  }

  it("keep the kind of failure and where it arose, never the values of the query or the failing row", async () => {
    const error = await databaseFailure();
    // The raw error does carry the value (in the query's parameters or the failing row).
    const raw = JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).cause);
    expect(raw).toContain(secret);

    const logged = loggableError(error);
    expect(JSON.stringify(logged)).not.toContain(secret);
    expect(JSON.stringify(logged)).toContain("log_probe_email_check");
    expect(logged.stack).toMatch(/\n\s+at /);
  });

  it("are logged by the error handler (through the logger's serializers) without the values, with a sentence for the person", async () => {
    const error = await databaseFailure();
    const lines: string[] = [];
    // As app.ts configures the logger: every `{ err }` goes through the redacting serializers.
    const app = Fastify({
      logger: {
        level: "error",
        serializers: redactingSerializers,
        stream: { write: (line: string) => lines.push(line) },
      },
    });
    registerErrorHandling(app);
    app.get("/fails", async () => {
      throw error;
    });
    try {
      const response = await app.inject({ method: "GET", url: "/fails" });
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe("Something went wrong on our side. Please try again.");
      const log = lines.join("\n");
      expect(log).toContain("request failed");
      expect(log).toContain("log_probe_email_check");
      expect(log).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
