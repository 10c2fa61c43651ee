import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

/** Drizzle over either driver: the code above this file never knows which one it has. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the migrations in src/server/db/migrations that have not run yet. */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | ({ kind: "postgres"; url: string; poolSize?: number } & PostgresTimeouts)
  /** `dataDir` undefined: in memory (tests). */
  | { kind: "pglite"; dataDir?: string };

/**
 * How long a request may wait on PostgreSQL before it is answered 503: for a connection (the server
 * unreachable, or every connection of the pool busy), and for one statement (the server too slow).
 */
export interface PostgresTimeouts {
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
}

export const postgresTimeoutDefaults = { connectTimeoutMs: 10_000, statementTimeoutMs: 60_000 };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
// Several instances may start at once against one PostgreSQL: only one applies migrations at a time.
const MIGRATION_LOCK_KEY = 720_331;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres" ? openPostgres(options) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // pg_trgm: the user search's index (migration 0002); a PostgreSQL server has it in contrib.
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function openPostgres({
  url,
  poolSize = 10,
  connectTimeoutMs = postgresTimeoutDefaults.connectTimeoutMs,
  statementTimeoutMs = postgresTimeoutDefaults.statementTimeoutMs,
}: Extract<DatabaseOptions, { kind: "postgres" }>): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Without these a request would wait for ever on a server that does not answer: a stopped or
    // unreachable PostgreSQL is answered 503 within seconds, and the pool reconnects once it is back.
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // A connection whose server vanished (a host gone, a network cut) is found out, not kept.
    keepAlive: true,
  });
  // A connection lost must never crash the process: pg emits "error" on an idle client (the pool's
  // listener) and on one in use (its query fails too, and the pool drops the client on release).
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        // A migration may rewrite a large table: no statement time limit for it.
        await client.query("set statement_timeout = 0");
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await client.query("reset statement_timeout").catch(() => undefined);
        client.release();
      }
    },
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
