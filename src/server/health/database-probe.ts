import { sql } from "drizzle-orm";
import type { DatabaseState } from "../../domain/api";
import type { Database } from "../db/database";

// What the health check asks the database: a small write, since `select 1` still answers when the disk is
// full or the database is read-only, while registrations and corrections fail.
//
// The write must need new space on disk, as the writes that fail then do. A row updated or replaced in a
// small table of its own does not: PostgreSQL puts it in the pages the table already has. A new table's
// first row always extends a file, so the probe creates a temporary table holding a row, and the table
// goes at commit. Tried on PostgreSQL 15 with the database on a full tmpfs: the temporary table's row
// failed ("could not extend file …: No space left on device", SQLSTATE 53100) while updating, or
// inserting and deleting, a row of a one-row table still succeeded. A read-only database (a standby, or
// default_transaction_read_only) refuses the CREATE with 25006. Temporary tables live in the database's
// own tablespace unless temp_tablespaces moves them; a deployment that moves them probes that disk.
// The cost: a few catalog rows written and removed per probe, at most one probe a second per instance.

export const DATABASE_PROBE_TIMEOUT_MS = 3000;

/** SQLSTATEs that say why a write failed; any other failure, or none in time, is a database "down". */
const statesBySqlState: Record<string, DatabaseState> = {
  "53100": "full", // disk_full: no space to extend a file
  "25006": "read-only", // read_only_sql_transaction
};

export async function probeDatabaseWrite(
  db: Database,
  onFailure: (state: DatabaseState, error: unknown) => void = () => undefined,
  timeoutMs = DATABASE_PROBE_TIMEOUT_MS,
): Promise<DatabaseState> {
  // One statement, its own transaction: the table is made, written and dropped at its commit.
  const write = db.execute(
    sql`create temporary table health_write_probe on commit drop as select now() as written_at`,
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([write, timeout]);
    return "up";
  } catch (error) {
    const state = databaseStateOf(error);
    onFailure(state, error);
    return state;
  } finally {
    clearTimeout(timer);
  }
}

/** The state a failed write shows: the SQLSTATE of the error or of one of its causes (Drizzle wraps it). */
export function databaseStateOf(error: unknown): DatabaseState {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    const state = typeof code === "string" ? statesBySqlState[code] : undefined;
    if (state) return state;
    cause = cause.cause;
  }
  return "down";
}
