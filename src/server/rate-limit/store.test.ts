import { afterEach, describe, expect, it } from "vitest";
import { RedisRateLimitStore } from "./redis-store";
import { testStoreKinds, testStores, type TestStores } from "../../test/server/rate-limit-stores";

const WINDOW = 15 * 60 * 1000;

describe.each(testStoreKinds())("rate-limit counters in %s", (kind) => {
  let stores: TestStores;
  let now = 1_000_000;
  afterEach(() => stores.close());

  it("counts hits per key within a window", async () => {
    stores = testStores(kind);
    const store = stores.open(() => now);

    expect((await store.hit("login:ip:10.0.0.1", WINDOW)).count).toBe(1);
    expect((await store.hit("login:ip:10.0.0.1", WINDOW)).count).toBe(2);
    expect((await store.hit("login:ip:10.0.0.2", WINDOW)).count).toBe(1);
    const third = await store.hit("login:ip:10.0.0.1", WINDOW);
    expect(third.count).toBe(3);
    expect(third.msLeft).toBeGreaterThan(WINDOW - 5000);
    expect(third.msLeft).toBeLessThanOrEqual(WINDOW);
  });

  it("shares counts between stores, as between instances of the service", async () => {
    stores = testStores(kind);
    const first = stores.open(() => now);
    const second = kind === "redis" ? stores.open(() => now) : first;

    await first.hit("register:ip:10.0.0.9", WINDOW);
    await second.hit("register:ip:10.0.0.9", WINDOW);
    expect((await first.hit("register:ip:10.0.0.9", WINDOW)).count).toBe(3);
  });

  it("starts counting again when the window ends", async () => {
    stores = testStores(kind);
    const store = stores.open(() => now);
    const window = kind === "redis" ? 200 : WINDOW;

    await store.hit("resend:ip:10.0.0.3", window);
    expect((await store.hit("resend:ip:10.0.0.3", window)).count).toBe(2);
    if (kind === "redis") await new Promise((resolve) => setTimeout(resolve, 250));
    else now += WINDOW;
    expect((await store.hit("resend:ip:10.0.0.3", window)).count).toBe(1);
  });
});

describe("the Redis counter store", () => {
  it("fails fast when Redis cannot be reached", async () => {
    const store = new RedisRateLimitStore({ url: "redis://127.0.0.1:1" });
    const started = Date.now();
    await expect(store.hit("login:ip:10.0.0.1", WINDOW)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    await store.close();
  });
});
