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
  /**
   * Calls `onNotify` with the payload of each NOTIFY on `channel` (delivered when the notifying
   * transaction commits). On PostgreSQL a dedicated connection listens, reconnected when it drops;
   * `onReconnect` is called then, since notifications sent meanwhile were missed. Resolves once listening;
   * the function it gives stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<Unlisten>;
  close(): Promise<void>;
}

export type Unlisten = () => Promise<void>;

export type DatabaseOptions =
  | ({ kind: "postgres"; url: string; poolSize?: number } & PostgresTimeouts)
  /**
   * `dataDir` undefined: in memory (tests). `image`: a data directory to start from, as
   * `migratedPgliteImage` makes it (tests open copies of one instead of creating each database anew).
   */
  | { kind: "pglite"; dataDir?: string; image?: Blob };

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
  return options.kind === "postgres" ? openPostgres(options) : openPglite(options.dataDir, options.image);
}

// pg_trgm: the user search's index (migration 0002); a PostgreSQL server has it in contrib.
const pgliteExtensions = { pg_trgm };

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir: image, extensions: pgliteExtensions });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db),
    listen: (channel, onNotify) => client.listen(channel, onNotify).then((stop) => () => stop()),
    close: () => client.close(),
  };
}

/**
 * The data directory of a new in-memory database with every migration applied, as PGlite dumps it. Creating
 * a PGlite database runs initdb, 2 to 4 s; opening a copy of this image takes about half that.
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
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
    listen: (channel, onNotify, onReconnect) =>
      listenOnPostgres({ url, connectTimeoutMs }, channel, onNotify, onReconnect),
    close: () => pool.end(),
  };
}

/** How long a lost listening connection waits before it tries again: 0.5 s, doubling up to 5 s. */
const RELISTEN_FIRST_DELAY_MS = 500;
const RELISTEN_MAX_DELAY_MS = 5_000;

/**
 * LISTEN needs a connection of its own, kept open (a pool's connections change hands): one pg.Client per
 * listener, outside the pool so it never takes a request's place. When it drops (the server restarted, a
 * network cut) it is replaced, with a growing delay while the server stays away.
 */
async function listenOnPostgres(
  { url, connectTimeoutMs }: { url: string; connectTimeoutMs: number },
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<Unlisten> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = RELISTEN_FIRST_DELAY_MS;
  const quotedChannel = `"${channel.replace(/"/g, '""')}"`;

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      candidate.removeAllListeners("notification");
      void candidate.end().catch(() => undefined);
      if (client === candidate) client = null;
      scheduleRetry();
    };
    candidate.on("error", onLost);
    candidate.on("end", onLost);
    candidate.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    try {
      await candidate.connect();
      await candidate.query(`listen ${quotedChannel}`);
    } catch (error) {
      candidate.removeAllListeners("end");
      candidate.removeAllListeners("error");
      candidate.on("error", () => undefined);
      await candidate.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    delay = RELISTEN_FIRST_DELAY_MS;
  };

  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => onReconnect?.(),
        () => {
          delay = Math.min(delay * 2, RELISTEN_MAX_DELAY_MS);
          scheduleRetry();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const listening = client;
    client = null;
    if (listening) {
      listening.removeAllListeners("end");
      listening.removeAllListeners("error");
      listening.on("error", () => undefined);
      await listening.end().catch(() => undefined);
    }
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
