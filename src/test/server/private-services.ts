import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { chown, mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import { waitUntil } from "./processes";

// A PostgreSQL cluster and a Redis of a test's own, from the machine's (Debian's) binaries, on free
// loopback ports over a temporary folder, so the test can stop and start them as an outage would: the
// shared PostgreSQL and Redis of the other tests are never touched. Both are stopped and their folders
// removed by stop()/remove(), and by the exit of the test process if it ends first.

const run = promisify(execFile);

/** A port nothing listens on now (the kernel's choice of a free one). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("no port was given");
  return address.port;
}

/** Debian's PostgreSQL binaries (/usr/lib/postgresql/<version>/bin), the newest version installed. */
async function postgresBinaries(): Promise<string> {
  const root = "/usr/lib/postgresql";
  const versions = (await readdir(root).catch(() => [] as string[]))
    .filter((name) => /^\d+$/.test(name))
    .sort((left, right) => Number(right) - Number(left));
  if (versions.length === 0) {
    throw new Error(`no PostgreSQL server binaries in ${root}: install the postgresql package`);
  }
  return path.join(root, versions[0]!, "bin");
}

const runningAsRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: then its commands run as the postgres user. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return runningAsRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

// Whatever the test leaves running when its process ends (a crash, a kill by the runner) goes with it.
const stopAtExit = new Set<() => void>();
process.once("exit", () => {
  for (const stop of stopAtExit) stop();
});

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres, trust authentication on loopback. */
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  /** `pg_ctl stop -m immediate`: every connection cut at once, as in a crash; recovery on the next start. */
  stop(): Promise<void>;
  /** Stops the cluster if it runs and removes its folder. */
  remove(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await postgresBinaries();
  const folder = await mkdtemp(path.join(tmpdir(), "ia-pg-"));
  const dataDir = path.join(folder, "data");
  if (runningAsRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const pgCtl = (args: string[]) => {
    const [command, commandArgs] = asPostgresUser(path.join(bin, "pg_ctl"), ["-D", dataDir, ...args]);
    return run(command, commandArgs, { timeout: 60_000 });
  };
  const [initdb, initdbArgs] = asPostgresUser(path.join(bin, "initdb"), [
    ...["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "--no-instructions"],
    ...["--encoding=UTF8", "--locale=C"],
  ]);
  await run(initdb, initdbArgs, { timeout: 120_000 });
  const port = await freePort();
  // No fsync: nothing here must survive a power cut, and a killed server's writes are in the page
  // cache anyway. The socket folder is the cluster's own, never /var/run/postgresql.
  const settings = [
    `-p ${port}`,
    `-k ${folder}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c max_connections=40",
  ].join(" ");
  let running = false;
  const stopNow = () => {
    if (!running) return rmSync(folder, { recursive: true, force: true });
    const [command, args] = asPostgresUser(path.join(bin, "pg_ctl"), [
      "-D",
      dataDir,
      "-m",
      "immediate",
      "stop",
    ]);
    try {
      execFileSync(command, args, { stdio: "ignore", timeout: 30_000 });
    } catch {
      // Already stopped.
    }
    rmSync(folder, { recursive: true, force: true });
  };
  stopAtExit.add(stopNow);
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pgCtl(["-l", path.join(folder, "server.log"), "-o", settings, "-w", "-t", "60", "start"]);
      running = true;
    },
    async stop() {
      await pgCtl(["-m", "immediate", "-w", "stop"]);
      running = false;
    },
    async remove() {
      if (running) await cluster.stop().catch(() => undefined);
      stopAtExit.delete(stopNow);
      await rm(folder, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

export interface PrivateRedis {
  /** redis://127.0.0.1:<port>, nothing persisted. */
  readonly url: string;
  start(): Promise<void>;
  /** SIGKILL, as a crash: its counters are gone, and it comes back empty on the same port. */
  stop(): Promise<void>;
  remove(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const folder = await mkdtemp(path.join(tmpdir(), "ia-redis-"));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const killNow = () => {
    child?.kill("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
  };
  stopAtExit.add(killNow);
  const redis: PrivateRedis = {
    url,
    async start() {
      const started = spawn(
        "/usr/bin/redis-server",
        [
          ...["--port", String(port), "--bind", "127.0.0.1", "--dir", folder],
          ...["--save", "", "--appendonly", "no"],
        ],
        { stdio: "ignore" },
      );
      child = started;
      const client = new Redis(url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      client.on("error", () => undefined);
      try {
        await waitUntil("the private Redis to answer", async () => {
          if (started.exitCode !== null) throw new Error("the private Redis exited at start");
          if (client.status !== "ready") await client.connect().catch(() => undefined);
          return client.status === "ready" && (await client.ping().catch(() => "")) === "PONG";
        });
      } finally {
        client.disconnect();
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = once(running, "exit");
      running.kill("SIGKILL");
      await exited;
    },
    async remove() {
      await redis.stop();
      stopAtExit.delete(killNow);
      await rm(folder, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}
