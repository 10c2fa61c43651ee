import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database";
import { RedisRateLimitStore } from "../rate-limit/redis-store";
import { testStoreKinds, testStores, type TestStores } from "../rate-limit/test-stores";
import { openTestDatabase, testDatabaseKinds } from "../test/databases";
import { alice, buildTestApp, emptyTables, login, type AccountsTestApp } from "./test-support";

const combinations = testDatabaseKinds().flatMap((database) =>
  testStoreKinds().map((store) => ({ database, store })),
);

describe.each(combinations)(
  "rate limits on $database with counters in $store",
  ({ database: kind, store }) => {
    let database: DatabaseHandle;
    let stores: TestStores;
    let t: AccountsTestApp;
    const limits = { authRateLimitMax: 3, authAccountRateLimitMax: 2 };

    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(() => database.close());
    beforeEach(async () => {
      await emptyTables(database.db);
      stores = testStores(store);
      t = await buildTestApp(database, { config: limits, rateLimitStore: stores.open(() => Date.now()) });
    });
    afterEach(async () => {
      await t.app.close();
      await stores.close();
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
        code: "RATE_LIMITED",
        message: "Too many attempts. Please wait 15 minutes and try again.",
      });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(14 * 60);

      const elsewhere = await login(t.app, { email: "guess5@example.org", password: "Wrong-1!" }, "10.0.0.2");
      expect(elsewhere.statusCode).toBe(401);
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
        const other = await buildTestApp(database, {
          config: limits,
          rateLimitStore: stores.open(() => Date.now()),
        });
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
        const clocked = await buildTestApp(database, { config: limits });
        try {
          const attempt = () =>
            login(clocked.app, { email: "x@example.org", password: "Wrong-1!" }, "10.0.5.1");
          for (let n = 0; n < 2; n += 1) expect((await attempt()).statusCode).toBe(401);
          expect((await attempt()).statusCode).toBe(429);
          clocked.clock.advance(15 * 60 * 1000);
          expect((await attempt()).statusCode).toBe(401);
        } finally {
          await clocked.app.close();
        }
      });

      it("still lets people sign in while Redis is away, rather than locking everyone out", async () => {
        const unreachable = new RedisRateLimitStore({ url: "redis://127.0.0.1:1" });
        const away = await buildTestApp(database, { config: limits, rateLimitStore: unreachable });
        try {
          for (let n = 0; n < 4; n += 1) {
            expect((await login(away.app, alice, "10.0.6.1")).statusCode).toBe(401);
          }
        } finally {
          await away.app.close();
          await unreachable.close();
        }
      });
    }
  },
);
