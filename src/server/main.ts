import path from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { checkDataDir, lockEmbeddedDatabase } from "./data-dir";
import { seedAtStartUp } from "./datadesk/seed";
import { openDatabase } from "./db/database";
import { startReplyWorker } from "./channels/reply-outbox";
import { startMailWorker } from "./mail/outbox";
import { createMailTransport } from "./mail/transports";

async function main() {
  const config = loadConfig();
  await checkDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: path.join(config.dataDir, "db") },
  );
  await database.migrate();
  // An empty database gets data/*.json; one that holds data is never overwritten.
  const seeding = await seedAtStartUp(database.db, new Date());
  const unlockDatabase =
    database.kind === "pglite" ? await lockEmbeddedDatabase(path.join(config.dataDir, "db")) : async () => {};
  const app = await buildApp({ config, database });
  app.log.info(
    seeding === "seeded"
      ? "data desk: seeded the empty database from data/*.json"
      : "data desk: kept the published data the database holds",
  );
  const mailTransport = createMailTransport(config, app.log);
  const mailWorker = startMailWorker({
    db: database.db,
    transport: mailTransport,
    now: () => new Date(),
    log: app.log,
  });

  // Replies to phone reporters, through the providers that are configured.
  const replyWorker = startReplyWorker({
    db: database.db,
    keys: app.channels.keys,
    senders: app.channels.senders,
    now: () => new Date(),
    log: app.log,
  });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await mailWorker.stop();
    await replyWorker.stop();
    mailTransport.close();
    await database.close();
    await unlockDatabase();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  if (config.mediaUrlSecretGenerated && config.databaseUrl) {
    app.log.warn(
      "MEDIA_URL_SECRET is not set: media links are signed with a key of this process only. Set it when several instances serve the site.",
    );
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Inclusion Atlas is running on ${config.publicUrl} (database: ${database.kind === "pglite" ? `PGlite in ${path.join(config.dataDir, "db")}` : "PostgreSQL"})`,
  );
}

main().catch((error: unknown) => {
  // Fail fast and say why: a configuration or start-up problem is the operator's to fix.
  const message =
    error instanceof ConfigError
      ? error.message
      : `Start-up failed: ${String(error instanceof Error ? error.stack : error)}`;
  console.error(message);
  process.exit(1);
});
