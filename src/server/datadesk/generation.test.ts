import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import type { DatabaseHandle } from "../db/database";
import { dataGeneration } from "../db/schema";
import { raiseGeneration } from "./generation";

// A publication raises the data's generation and announces it on data_published, only when it commits.

/** Listens on data_published; the payloads heard so far, and how to stop. */
async function listen(handle: DatabaseHandle): Promise<{ heard: string[]; stop: () => Promise<void> }> {
  const heard: string[] = [];
  const client = (handle.db as unknown as { $client: PGlite | Pool }).$client;
  if (handle.kind === "pglite") {
    const unlisten = await (client as PGlite).listen("data_published", (payload) => heard.push(payload));
    return { heard, stop: unlisten };
  }
  const connection = await (client as Pool).connect();
  connection.on("notification", (message) => {
    if (message.channel === "data_published") heard.push(message.payload ?? "");
  });
  await connection.query("listen data_published");
  return {
    heard,
    stop: async () => {
      await connection.query("unlisten data_published");
      connection.release();
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("the condition did not hold within 30 s");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.each(testDatabaseKinds())("the data's generation on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("is raised by one and announced when the transaction commits, never when it rolls back", async () => {
    const listener = await listen(handle);
    try {
      const [before] = await handle.db.select().from(dataGeneration);
      const start = before?.generation ?? 0;
      await expect(
        handle.db.transaction(async (tx) => {
          await raiseGeneration(tx);
          throw new Error("the publication failed");
        }),
      ).rejects.toThrow("the publication failed");
      const raised = await handle.db.transaction((tx) => raiseGeneration(tx));
      expect(raised).toBe(start + 1);
      await until(() => listener.heard.length > 0);
      expect(listener.heard).toEqual([String(start + 1)]);
      const [after] = await handle.db.select().from(dataGeneration);
      expect(after?.generation).toBe(start + 1);
    } finally {
      await listener.stop();
    }
  });
});
