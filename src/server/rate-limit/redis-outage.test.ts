import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/database";
import { rateLimitsDegradedSentence } from "../health/routes";
import { alice, buildTestApp, login, type AccountsTestApp } from "../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { waitUntil } from "../../test/server/processes";
import { PrivateRedis } from "../../test/server/private-services";
import { uniqueKeyPrefix } from "../../test/server/redis";

// Redis stopped under a running app (SIGKILL to a redis-server of the test's own), then started again on
// the same port: the sign-in limits keep holding meanwhile, health says so, the log says it once, and the
// same app counts in Redis again once it is back.

const LOG_WARN = 40;
const LOG_INFO = 30;

describe.each(testDatabaseKinds())("rate limits while Redis is stopped and started again, on %s", (kind) => {
  let redis: PrivateRedis | undefined;
  let database: DatabaseHandle;
  let app: AccountsTestApp["app"];
  /** The same, for a deployment that wants a 503 while degraded. */
  let strictApp: AccountsTestApp["app"];
  const keyPrefix = uniqueKeyPrefix();
  const logLines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    database = await openTestDatabase(kind);
    const config: Partial<Config> = {
      redisUrl: redis.url,
      authRateLimitMax: 3,
      authAccountRateLimitMax: 2,
    };
    app = (
      await buildTestApp(database, {
        config: { ...config, logLevel: "info" },
        rateLimitKeyPrefix: keyPrefix,
        logStream: { write: (line) => logLines.push(JSON.parse(line) as { level: number; msg: string }) },
      })
    ).app;
    strictApp = (
      await buildTestApp(database, {
        config: { ...config, healthFailOnDegraded: true },
        rateLimitKeyPrefix: keyPrefix,
      })
    ).app;
  });

  afterAll(async () => {
    // Whatever happened, the private Redis goes.
    await redis?.kill();
    await app?.close();
    await strictApp?.close();
    await database?.close();
  });

  const health = async (target: AccountsTestApp["app"]) => {
    const response = await target.inject({ method: "GET", url: "/api/v1/health" });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };
  const wrongPassword = (n: number) => ({ email: `guess${n}@example.org`, password: "Wrong-1!" });
  const logged = (level: number, text: RegExp) =>
    logLines.filter((line) => line.level === level && text.test(line.msg)).length;
  /** The login counter of a client IP in Redis (the plugin's store names it after the prefix). */
  const countInRedis = async (ip: string) => {
    const keys = await redis?.keysMatching(`${keyPrefix}*login:ip:${ip}`);
    return Object.values(keys ?? {}).map(Number);
  };

  it("counts in Redis while it answers, and health says ok", async () => {
    expect((await login(app, wrongPassword(1), "10.9.0.1")).statusCode).toBe(401);
    expect(await countInRedis("10.9.0.1")).toEqual([1]);
    for (const target of [app, strictApp]) {
      expect(await health(target)).toMatchObject({ status: 200, body: { rateLimits: "ok", status: "ok" } });
    }
  });

  it("keeps the limits in memory while Redis is stopped: 429 after the limit, health degraded, logged once", async () => {
    await redis?.kill();
    for (const target of [app, strictApp]) {
      await waitUntil(
        "health to say degraded",
        async () => (await health(target)).body.rateLimits === "degraded",
      );
    }

    const statuses = [];
    for (let n = 10; n < 14; n += 1)
      statuses.push((await login(app, wrongPassword(n), "10.9.0.2")).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // One account guessed from many addresses meets its own limit too.
    const fromMany = [];
    for (const ip of ["10.9.1.1", "10.9.1.2", "10.9.1.3"])
      fromMany.push((await login(app, alice, ip)).statusCode);
    expect(fromMany).toEqual([401, 401, 429]);

    expect(await health(app)).toEqual({
      status: 200,
      body: {
        success: true,
        status: "degraded",
        database: "up",
        storage: "up",
        rateLimits: "degraded",
        mail: "files",
        warnings: [rateLimitsDegradedSentence],
      },
    });
    const strict = await health(strictApp);
    expect(strict).toMatchObject({
      status: 503,
      body: {
        success: false,
        code: "UNAVAILABLE",
        database: "up",
        rateLimits: "degraded",
        message: rateLimitsDegradedSentence,
      },
    });
    expect(logged(LOG_WARN, /Redis cannot count; counting in this instance's memory/)).toBe(1);
  });

  it("counts in Redis again once it is back, in the same app, and says so once", async () => {
    await redis?.start();
    // Each app's client reconnects by itself, within ioredis's retry interval (2 s at most).
    for (const target of [app, strictApp]) {
      await waitUntil("health to say ok", async () => (await health(target)).body.rateLimits === "ok");
    }

    for (let n = 20; n < 22; n += 1) {
      expect((await login(app, wrongPassword(n), "10.9.0.3")).statusCode).toBe(401);
    }
    expect(await countInRedis("10.9.0.3")).toEqual([2]);
    for (const target of [app, strictApp]) {
      expect(await health(target)).toMatchObject({ status: 200, body: { rateLimits: "ok", warnings: [] } });
    }
    expect(logged(LOG_INFO, /Redis answers again; counting there again/)).toBe(1);
    expect(logged(LOG_WARN, /Redis cannot count/)).toBe(1);
  });

  it("counts in memory while Redis answers errors, and in Redis again once a count succeeds", async () => {
    // Out of memory, Redis stays connected and refuses the count's script: no 'close' or 'ready' comes.
    await redis?.withClient((client) => client.config("SET", "maxmemory", "1"));
    try {
      const statuses = [];
      for (let n = 30; n < 34; n += 1) {
        statuses.push((await login(app, wrongPassword(n), "10.9.0.4")).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(await health(app)).toMatchObject({ status: 200, body: { rateLimits: "degraded" } });
      expect(logged(LOG_WARN, /Redis cannot count/)).toBe(2);
    } finally {
      await redis?.withClient((client) => client.config("SET", "maxmemory", "0"));
    }
    // Redis is tried again at most once a second, by a count.
    let client = 0;
    await waitUntil("a count to reach Redis again", async () => {
      client += 1;
      await login(app, wrongPassword(40 + client), `10.9.2.${client}`);
      return (await health(app)).body.rateLimits === "ok";
    });
    // A sign-in counts per address, then per account: the count that found Redis again may have been the
    // account's, its address's having gone to memory a moment before (a CI run on a busy machine saw it).
    // From then on every count goes to Redis.
    await login(app, wrongPassword(50), "10.9.3.1");
    expect(await countInRedis("10.9.3.1")).toEqual([1]);
    expect(logged(LOG_INFO, /Redis answers again/)).toBe(2);
  });
});
