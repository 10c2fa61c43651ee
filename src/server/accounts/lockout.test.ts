import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase } from "../../test/server/databases";
import {
  alice,
  buildTestApp,
  cookiesFrom,
  emptyTables,
  login,
  signedInUser,
  type AccountsTestApp,
} from "../../test/server/accounts";

// Targeted lockout: failed sign-ins from anywhere used to lock the account for everyone, its owner (or
// the only admin) included. Guessing is now limited per (account, client address) and per address; the
// limit per account from every address does not apply to a browser that has signed in to it before.

describe("failed sign-ins from other addresses", () => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await emptyTables(database.db);
    // The production defaults: 20 attempts per address, 10 per account (per address, and overall).
    t = await buildTestApp(database, { config: { authRateLimitMax: 20, authAccountRateLimitMax: 10 } });
  });

  it("never lock out the owner's browser: after 1,000 failures elsewhere the owner still signs in", async () => {
    await signedInUser(t.app, t.db);
    const owner = await login(t.app, alice, "127.0.0.1");
    expect(owner.statusCode).toBe(200);
    const device = cookiesFrom(owner);
    expect(device.cookie).toMatch(/^ia_device=[A-Za-z0-9_-]{43}$/);
    expect(String(owner.headers["set-cookie"])).toMatch(/HttpOnly; SameSite=Strict/);

    const statuses = new Map<number, number>();
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      const address = `127.0.${2 + Math.floor(attempt / 250)}.${2 + (attempt % 250)}`;
      const response = await login(
        t.app,
        { email: alice.email, password: `Wrong-guess-${attempt}` },
        address,
      );
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    // The guesses were stopped: most were refused unheard.
    expect(statuses.get(429)).toBeGreaterThan(900);

    const again = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: alice.email, password: alice.password },
      remoteAddress: "127.0.0.1",
      headers: device,
    });
    expect(again.statusCode).toBe(200);
    // A browser that never signed in to the account is still held back by the account-wide limit.
    expect((await login(t.app, alice, "127.0.9.9")).statusCode).toBe(429);
  });

  it("still answer one address 429 after its limit, whatever the account", async () => {
    await signedInUser(t.app, t.db);
    const owner = await login(t.app, alice, "127.0.0.3");
    const device = cookiesFrom(owner);
    const attempt = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { email: alice.email, password: "Wrong-guess-1" },
        remoteAddress: "127.0.0.2",
        headers,
      });
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even with a stolen device cookie, one address cannot keep guessing.
    expect((await attempt(device)).statusCode).toBe(429);
    // Guesses at many accounts from one address stop at the address's limit (20).
    const spread: number[] = [];
    for (let n = 0; n < 21; n += 1) {
      spread.push(
        (await login(t.app, { email: `guess${n}@example.org`, password: "Wrong-1!" }, "127.0.0.4"))
          .statusCode,
      );
    }
    expect(spread.slice(0, 20)).not.toContain(429);
    expect(spread[20]).toBe(429);
  });
});
