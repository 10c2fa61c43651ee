import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { securityHeaders } from "../http/security-headers";
import type { DatabaseHandle } from "../db/database";
import { DATABASE_CHECK_MAX_AGE_MS } from "./database-check";
import { mailFilesWarning } from "./routes";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";

describe.each(testDatabaseKinds())("health and unknown API paths on %s", (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      database,
      serveWeb: false,
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("answers 200 when the database answers, the same whether it checks or reuses its checks", async () => {
    // The app's first request runs both checks; the next ones, within a second, reuse them and get the
    // prepared answer, which must not differ by a byte or a header.
    // The checks' clock stands still, so the reuse happens however slow the machine is.
    vi.useFakeTimers({ toFake: ["performance"] });
    const answers = [];
    try {
      for (let count = 0; count < 3; count += 1) {
        answers.push(await app.inject({ method: "GET", url: "/api/v1/health" }));
      }
    } finally {
      vi.useRealTimers();
    }
    const [checked, ...reused] = answers.map((response) => ({
      status: response.statusCode,
      body: response.body,
      headers: response.headers,
    }));
    expect(checked?.status).toBe(200);
    expect(JSON.parse(checked?.body ?? "")).toEqual({
      success: true,
      status: "ok",
      database: "up",
      storage: "up",
      rateLimits: "ok",
      mail: "files",
      warnings: [],
    });
    expect(checked?.headers["cache-control"]).toBe("no-store");
    expect(checked?.headers["content-type"]).toBe("application/json; charset=utf-8");
    for (const answer of reused) {
      expect({ ...answer, headers: { ...answer.headers, date: undefined } }).toEqual({
        ...checked,
        headers: { ...checked?.headers, date: undefined },
      });
    }
  });

  it("answers a plain GET over HTTP from the server itself, as the route answers it", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = (path: string) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${path}`;
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      // The first request runs the checks; the route's prepared answer follows.
      await app.inject({ method: "GET", url: "/api/v1/health" });
      const route = await app.inject({ method: "GET", url: "/api/v1/health" });
      const before = app.earlyAnswers.answered;
      const early = await fetch(url("/api/v1/health"));
      expect(app.earlyAnswers.answered).toBe(before + 1);
      expect(early.status).toBe(200);
      expect(await early.text()).toBe(route.body);
      // The same headers, but for those Node adds to every answer on a connection.
      const perConnection = new Set(["date", "connection", "keep-alive"]);
      const routeHeaders = Object.fromEntries(
        Object.entries(route.headers).filter(([name]) => !perConnection.has(name)),
      );
      const earlyHeaders = Object.fromEntries(
        [...early.headers.entries()].filter(([name]) => !perConnection.has(name)),
      );
      expect(earlyHeaders).toEqual(routeHeaders);
      expect(earlyHeaders).toMatchObject(securityHeaders);

      // Anything but a plain GET of the address goes to Fastify.
      const others = [
        fetch(url("/api/v1/health"), { method: "HEAD" }),
        fetch(url("/api/v1/health?verbose=1")),
        fetch(url("/api/v1/health"), { method: "POST", body: "{}" }),
      ];
      const statuses = (await Promise.all(others)).map((response) => response.status);
      expect(statuses).toEqual([200, 200, 404]);
      expect(app.earlyAnswers.answered).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("warns, still answering 200, when mail in production is written to files for want of SMTP_URL", async () => {
    const cases = [
      { smtpUrl: undefined, mail: "files", warnings: [mailFilesWarning] },
      { smtpUrl: "smtp://127.0.0.1:2525", mail: "smtp", warnings: [] },
    ];
    for (const { smtpUrl, mail, warnings } of cases) {
      const production = await buildApp({
        config: { ...loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent" }), smtpUrl },
        database,
        serveWeb: false,
      });
      try {
        // Twice: the check's answer and the prepared one both carry the warning.
        for (let poll = 0; poll < 2; poll += 1) {
          const response = await production.inject({ method: "GET", url: "/api/v1/health" });
          expect(response.statusCode, mail).toBe(200);
          expect(response.json(), mail).toEqual({
            success: true,
            status: "ok",
            database: "up",
            storage: "up",
            rateLimits: "ok",
            mail,
            warnings,
          });
        }
      } finally {
        await production.close();
      }
    }
  });

  it("answers 404 JSON with a sentence for an unknown API path, whatever the method", async () => {
    for (const [method, url] of [
      ["GET", "/api/v1/nothing-here"],
      ["POST", "/api/v1/nothing/here?x=1"],
      ["DELETE", "/api/v2/health"],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        success: false,
        code: "NOT_FOUND",
        message: `There is no API endpoint ${method} ${url.split("?")[0]}.`,
        problem: { key: "code.NOT_FOUND", params: {} },
      });
    }
  });

  it("sends every security header on API answers, found or not", async () => {
    for (const url of ["/api/v1/health", "/api/v1/nothing-here"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.headers, url).toMatchObject(securityHeaders);
      expect(response.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    }
  });
});

/** An app on a PGlite database of its own, which a test may close: the database's failures are the test. */
async function appWithItsOwnDatabase() {
  const database = await openTestDatabase("pglite");
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    database,
    serveWeb: false,
  });
  return { database, app };
}

describe("health when the database is down", () => {
  // Opened and built before the test, under the hooks' longer cap: on a busy machine that alone takes seconds.
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    ({ database, app } = await appWithItsOwnDatabase());
  });
  afterAll(async () => {
    // Also when beforeAll failed (its own error is the one to read); the test itself closes the database.
    await app?.close();
  });

  it("answers 503 with a message", async () => {
    await database.close();
    const response = await app.inject({ method: "GET", url: "/api/v1/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      status: "unavailable",
      code: "UNAVAILABLE",
      problem: { key: "code.UNAVAILABLE", params: {} },
      database: "down",
      storage: "up",
      rateLimits: "ok",
      mail: "files",
      warnings: [],
      message: "The database is not answering.",
    });
  });
});

describe("health over HTTP when the database stops answering", () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  beforeAll(async () => {
    ({ database, app } = await appWithItsOwnDatabase());
    await app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/health`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("answers 503 once its last good check is too old, though the server answered the good ones", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      expect((await fetch(url)).status).toBe(200);
      expect((await fetch(url)).status).toBe(200);
      expect(app.earlyAnswers.answered).toBe(1);
      await database.close();
      vi.advanceTimersByTime(DATABASE_CHECK_MAX_AGE_MS + 1);
      const down = await fetch(url);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ database: "down", status: "unavailable" });
      expect((await fetch(url)).status).toBe(503);
      expect(app.earlyAnswers.answered).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("health over HTTP while request lines are logged", () => {
  it("leaves the request to Fastify, which logs it", async () => {
    const database = await openTestDatabase("pglite");
    const lines: string[] = [];
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info" }),
      database,
      serveWeb: false,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/health`;
      vi.useFakeTimers({ toFake: ["performance"] });
      try {
        for (let poll = 0; poll < 2; poll += 1) expect((await fetch(url)).status).toBe(200);
      } finally {
        vi.useRealTimers();
      }
      expect(app.earlyAnswers.answered).toBe(0);
      const completed = lines.filter((line) => line.includes('"msg":"request completed"'));
      expect(completed).toHaveLength(2);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
