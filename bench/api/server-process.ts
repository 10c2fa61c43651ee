import path from "node:path";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app";
import { runCreateAdmin } from "../../src/server/cli/create-admin-command";
import { loadConfig } from "../../src/server/config";
import { seedAtStartUp } from "../../src/server/datadesk/seed";
import { openDatabase, type DatabaseHandle } from "../../src/server/db/database";
import { isFullGcMessage, isStopMessage, type ChildMessage, type ReadyMessage } from "./messages";

// One server of the API bench, started by load.ts as `node --import tsx bench/api/server-process.ts` with
// an IPC channel. BENCH_SERVER_KIND=app: the product as src/server/main.ts builds it (same configuration
// from the environment, same buildApp), without the mail worker, which no request here needs, and without
// the web build unless BENCH_SERVE_WEB=1 asks for it. BENCH_SERVER_KIND=bare: a Fastify instance with one route, the ceiling. Either way the
// process listens on a free port of 127.0.0.1, says which, and reports its memory and CPU time every second.

const SAMPLE_EVERY_MS = 1000;

function send(message: ChildMessage): void {
  process.send?.(message);
}

/**
 * `count` users with names of the people who use the product, so a search such as "ada" finds about one
 * in ten (Adaeze, Hadiza), as a real search would; one statement, no password hashing.
 */
async function seedUsers(database: DatabaseHandle, count: number): Promise<void> {
  await database.db.execute(sql`
    insert into users (email, firstname, lastname, is_verified)
    select lower(firstname || '.' || lastname || '.' || n || '@example.net'), firstname, lastname, n % 10 <> 0
    from (
      select n,
        (array['Adaeze','Chinedu','Ngozi','Tunde','Amina','Bola','Emeka','Fatima','Ifeoma','Musa',
               'Yetunde','Zainab','Kelechi','Halima','Segun','Aisha','Obinna','Funmilayo','Ibrahim',
               'Hadiza'])[1 + n % 20] as firstname,
        (array['Okafor','Bello','Adeyemi','Eze','Okoro','Musa','Abubakar','Nwosu','Danladi','Ogunleye',
               'Ibrahim','Obi','Lawal','Yusuf','Olawale','Chukwu','Sani','Akande','Garba'])[1 + (n / 20) % 19]
          as lastname
      from generate_series(1, ${count}::integer) as n
    ) as people`);
  // What autovacuum would soon do on its own after 100,000 inserts: done now, so it never runs mid-bench.
  await database.db.execute(sql`vacuum analyze users`);
}

interface RunningServer {
  app: FastifyInstance;
  close: () => Promise<void>;
  seeded?: ReadyMessage["seeded"];
}

async function startApp(): Promise<RunningServer> {
  const config = loadConfig(process.env);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: path.join(config.dataDir, "db") },
  );
  await database.migrate();
  // As main.ts: the published data comes from the database, seeded from data/*.json when empty.
  await seedAtStartUp(database.db, new Date());

  let seeded: ReadyMessage["seeded"];
  const seedCount = Number(process.env.BENCH_SEED_USERS ?? 0);
  if (seedCount > 0) {
    const started = performance.now();
    await seedUsers(database, seedCount);
    seeded = { users: seedCount, ms: Math.round(performance.now() - started) };
    // The one real account, made as an operator makes the first admin: verified, argon2id at full cost.
    const email = process.env.BENCH_ADMIN_EMAIL;
    const password = process.env.BENCH_ADMIN_PASSWORD;
    if (!email || !password)
      throw new Error("BENCH_ADMIN_EMAIL and BENCH_ADMIN_PASSWORD are required to seed.");
    const problems: string[] = [];
    const exitCode = await runCreateAdmin(["--email", email, "--firstname", "Bench", "--lastname", "Admin"], {
      database,
      env: { ...process.env, ADMIN_PASSWORD: password },
      out: () => undefined,
      err: (line) => problems.push(line),
    });
    if (exitCode !== 0) throw new Error(`create-admin failed: ${problems.join(" ")}`);
  }

  // BENCH_SERVE_WEB=1: the built web app too (WEB_BUILD_DIR), for the scale-out run's state page.
  const app = await buildApp({ config, database, serveWeb: process.env.BENCH_SERVE_WEB === "1" });
  return {
    app,
    seeded,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

function startBare(): RunningServer {
  const app = Fastify({ logger: false });
  app.get("/", async () => ({ success: true, status: "ok" }));
  return { app, close: () => app.close() };
}

async function main(): Promise<void> {
  const kind = process.env.BENCH_SERVER_KIND ?? "app";
  const server: RunningServer = kind === "bare" ? startBare() : await startApp();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const address = server.app.server.address();
  if (!address || typeof address === "string") throw new Error("the server has no TCP port");

  // Present when the bench starts the process with --expose-gc, as it does.
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  let fullGcBeforeSamples = false;
  const sampler = setInterval(() => {
    if (fullGcBeforeSamples) collectGarbage?.();
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    send({
      type: "sample",
      at: Date.now(),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      cpuMicros: cpu.user + cpu.system,
    });
  }, SAMPLE_EVERY_MS);
  // Not what keeps the process alive: the server and the IPC channel do.
  sampler.unref();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(sampler);
    await server.close().catch(() => undefined);
    process.exit(0);
  };
  process.on("message", (message) => {
    if (isStopMessage(message)) void stop();
    else if (isFullGcMessage(message)) fullGcBeforeSamples = message.on;
  });
  // The bench went away (crashed or killed): never outlive it.
  process.on("disconnect", () => void stop());
  process.once("SIGTERM", () => void stop());

  send({ type: "ready", port: address.port, ...(server.seeded ? { seeded: server.seeded } : {}) });
}

main().catch((error: unknown) => {
  send({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
