import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/database";
import {
  counterStoreKinds,
  deleteKeys,
  expectTestRedisAnswers,
  testRedisUrl,
  uniqueKeyPrefix,
} from "../../test/server/redis";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { alice, buildTestApp, emptyTables, login, type AccountsTestApp } from "../../test/server/accounts";

const combinations = testDatabaseKinds().flatMap((database) =>
  counterStoreKinds.map((store) => ({ database, store })),
);

describe.each(combinations)(
  "rate limits on $database with counters in $store",
  ({ database: kind, store }) => {
    let database: DatabaseHandle;
    let keyPrefix: string;
    let t: AccountsTestApp;
    const limits: Partial<Config> = {
      authRateLimitMax: 3,
      authAccountRateLimitMax: 2,
      redisUrl: store === "redis" ? testRedisUrl() : undefined,
    };

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      if (store === "redis") await expectTestRedisAnswers();
    });
    afterAll(() => database.close());
    beforeEach(async () => {
      await emptyTables(database.db);
      keyPrefix = uniqueKeyPrefix();
      t = await buildTestApp(database, { config: limits, rateLimitKeyPrefix: keyPrefix });
    });
    afterEach(async () => {
      await t.app.close();
      if (store === "redis") await deleteKeys(keyPrefix);
    });

    const post = (app: AccountsTestApp["app"], url: string, payload: object, remoteAddress: string) =>
      app.inject({ method: "POST", url: `/api/v1/auth/${url}`, payload, remoteAddress });

    it("limits sign-in attempts per IP and says when to try again", async () => {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const response = await login(
          t.app,
          { email: `guess${attempt}@example.org`, password: "Wrong-1!" },
          "10.0.0.1",
        );
        expect(response.statusCode).toBe(401);
      }

      const limited = await login(t.app, { email: "guess4@example.org", password: "Wrong-1!" }, "10.0.0.1");
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        success: false,
        message: "Too many attempts. Please wait 15 minutes and try again.",
        code: "RATE_LIMITED",
        problem: { key: "account.tooManyAttempts", params: { minutes: 15 } },
      });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(14 * 60);

      const elsewhere = await login(t.app, { email: "guess5@example.org", password: "Wrong-1!" }, "10.0.0.2");
      expect(elsewhere.statusCode).toBe(401);
    });

    it("counts an attempt whose body is refused as an attempt, before the body is checked", async () => {
      for (const payload of [{}, { email: "not an address" }, { email: "guess@example.org", password: 7 }]) {
        const refused = await post(t.app, "login", payload, "10.0.0.3");
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const limited = await post(t.app, "login", { email: 3 }, "10.0.0.3");
      expect(limited.statusCode).toBe(429);
    });

    it("counts the addresses of one IPv6 /64 as one client, and an IPv4-mapped address as its IPv4", async () => {
      // A new account each time, so only the per-client limit (3) can refuse.
      let guesses = 0;
      const statuses = async (addresses: string[]) => {
        const answers = [];
        for (const ip of addresses) {
          guesses += 1;
          const guess = { email: `guess${guesses}@example.org`, password: "Wrong-1!" };
          answers.push((await login(t.app, guess, ip)).statusCode);
        }
        return answers;
      };
      expect(
        await statuses([
          "2001:db8:1:2::1",
          "2001:db8:1:2::2",
          "2001:db8:1:2:ffff::9",
          "2001:db8:1:2:abcd::1",
        ]),
      ).toEqual([401, 401, 401, 429]);
      expect(await statuses(["2001:db8:1:3::1"])).toEqual([401]);
      expect(await statuses(["::ffff:10.0.7.1", "10.0.7.1", "::ffff:10.0.7.1", "10.0.7.1"])).toEqual([
        401, 401, 401, 429,
      ]);
    });

    it("limits attempts on one account from many IPs", async () => {
      expect((await login(t.app, alice, "10.0.1.1")).statusCode).toBe(401);
      expect(
        (await login(t.app, { ...alice, email: "ALICE.okafor@example.org" }, "10.0.1.2")).statusCode,
      ).toBe(401);
      expect((await login(t.app, alice, "10.0.1.3")).statusCode).toBe(429);
      expect(
        (await login(t.app, { ...alice, email: "someone.else@example.org" }, "10.0.1.3")).statusCode,
      ).toBe(401);
    });

    it("limits registration, resending and password reset requests too", async () => {
      const endpoints: [string, (n: number) => object][] = [
        ["register", (n) => ({ ...alice, email: `person${n}@example.org` })],
        ["resend-verification", (n) => ({ email: `person${n}@example.org` })],
        ["request-password-reset", (n) => ({ email: `person${n}@example.org` })],
        ["reset-password", () => ({ token: "A".repeat(43), newPassword: "Lantern_Harbour_19" })],
      ];
      for (const [url, body] of endpoints) {
        const statuses = [];
        for (let n = 1; n <= 4; n += 1)
          statuses.push((await post(t.app, url, body(n), "10.0.2.1")).statusCode);
        expect(statuses.slice(0, 3), url).not.toContain(429);
        expect(statuses[3], url).toBe(429);
      }
    });

    it("protects one inbox from a flood of e-mails", async () => {
      const statuses = [];
      for (const ip of ["10.0.3.1", "10.0.3.2", "10.0.3.3"]) {
        statuses.push((await post(t.app, "request-password-reset", { email: alice.email }, ip)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    });

    if (store === "redis") {
      it("shares the counts between instances of the service", async () => {
        const other = await buildTestApp(database, { config: limits, rateLimitKeyPrefix: keyPrefix });
        try {
          const wrong = { email: "x@example.org", password: "Wrong-1!" };
          expect((await login(t.app, wrong, "10.0.4.1")).statusCode).toBe(401);
          expect((await login(other.app, { ...wrong, email: "y@example.org" }, "10.0.4.1")).statusCode).toBe(
            401,
          );
          expect((await login(t.app, { ...wrong, email: "z@example.org" }, "10.0.4.1")).statusCode).toBe(401);
          expect((await login(other.app, { ...wrong, email: "w@example.org" }, "10.0.4.1")).statusCode).toBe(
            429,
          );
        } finally {
          await other.app.close();
        }
      });
    } else {
      it("counts again after 15 minutes", async () => {
        // The in-memory counters read the system time: only Date is faked, timers stay real.
        vi.setSystemTime(new Date("2026-03-02T09:00:00.000Z"));
        const clocked = await buildTestApp(database, { config: limits });
        try {
          const attempt = () =>
            login(clocked.app, { email: "x@example.org", password: "Wrong-1!" }, "10.0.5.1");
          for (let n = 0; n < 2; n += 1) expect((await attempt()).statusCode).toBe(401);
          expect((await attempt()).statusCode).toBe(429);
          clocked.clock.advance(15 * 60 * 1000);
          vi.setSystemTime(new Date("2026-03-02T09:15:00.000Z"));
          expect((await attempt()).statusCode).toBe(401);
        } finally {
          vi.useRealTimers();
          await clocked.app.close();
        }
      });

      it("keeps counting in memory while Redis is away, so guessing still meets the limit", async () => {
        // Redis that never answers: the limits count in this instance's memory (redis-outage.test.ts
        // stops and restarts a real one). Other people still get their own attempts.
        const away = await buildTestApp(database, {
          config: { ...limits, redisUrl: "redis://127.0.0.1:1" },
        });
        try {
          // Said by health from the start, before anything is counted.
          const health = await away.app.inject({ method: "GET", url: "/api/v1/health" });
          expect(health.json()).toMatchObject({ status: "degraded", rateLimits: "degraded" });
          const statuses = [];
          for (let n = 0; n < 3; n += 1) statuses.push((await login(away.app, alice, "10.0.6.1")).statusCode);
          expect(statuses).toEqual([401, 401, 429]);
          const someoneElse = { email: "someone.else@example.org", password: "Wrong-1!" };
          expect((await login(away.app, someoneElse, "10.0.6.2")).statusCode).toBe(401);
        } finally {
          await away.app.close();
        }
      });
    }
  },
);
