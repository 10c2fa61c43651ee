import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { dataGeneration } from "../db/schema";

// The data's generation (issue 28): every publication raises it in its own transaction and announces it
// with NOTIFY data_published, so each instance drops the pages it rendered from older data. PostgreSQL
// delivers the notification only when the transaction commits; a rolled-back publication announces
// nothing. (published-data-db.ts has the same function; the lead keeps one at merge.)

/** `update data_generation set generation = generation + 1` and `pg_notify('data_published', …)` in `tx`. */
export async function raiseGeneration(tx: Database): Promise<number> {
  const [row] = await tx
    .update(dataGeneration)
    .set({ generation: sql`${dataGeneration.generation} + 1` })
    .where(eq(dataGeneration.id, 1))
    .returning({ generation: dataGeneration.generation });
  if (!row) throw new Error("data_generation has no row (migration 0018 inserts it)");
  await tx.execute(sql`select pg_notify('data_published', ${String(row.generation)})`);
  return row.generation;
}
