import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { dataGeneration } from "../db/schema";

// The data's generation: every publication raises it in its own transaction and announces it
// with NOTIFY data_published, so each instance drops the pages it rendered from older data. PostgreSQL
// delivers the notification only when the transaction commits; a rolled-back publication announces
// nothing. Each instance also polls the generation (published-data-db.ts) in case a NOTIFY is missed.

export const DATA_PUBLISHED_CHANNEL = "data_published";

/** Anything that runs queries: the database, or a transaction of it. */
export type Queryable = Pick<Database, "execute" | "select" | "update">;

/**
 * Raises the data's generation and announces it: a publisher calls this inside its transaction, so the
 * new generation and the NOTIFY become visible with the publication, never before it.
 */
export async function raiseGeneration(tx: Queryable): Promise<number> {
  const [row] = await tx
    .update(dataGeneration)
    .set({ generation: sql`${dataGeneration.generation} + 1` })
    .where(eq(dataGeneration.id, 1))
    .returning({ generation: dataGeneration.generation });
  if (!row) throw new Error("data_generation has no row (migration 0018 inserts it)");
  await tx.execute(sql`select pg_notify(${DATA_PUBLISHED_CHANNEL}, ${String(row.generation)})`);
  return Number(row.generation);
}
