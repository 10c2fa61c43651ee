import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { chown, mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Redis } from "ioredis";

// A PostgreSQL cluster and a Redis of a test's own, from the machine's (Debian's) binaries, on free
// loopback ports, so the test can stop and start them as an outage would: the shared PostgreSQL and
// Redis of the other tests are never touched. The cluster lives in a temporary folder, removed by
// remove(); the Redis saves nothing to disk. Both are stopped by the exit of the test process if it ends
// first.

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

const REDIS_SERVER_PATH = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";
const REDIS_START_TIMEOUT_MS = 15_000;

/**
 * Killed and started again on the same port, as an outage does; nothing is saved to disk, so it comes
 * back empty.
 */
export class PrivateRedis {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private readonly killNow = () => this.child?.kill("SIGKILL");

  private constructor(readonly port: number) {}

  /** Starts one on a free port. */
  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again) on its port; resolves once it accepts connections. */
  async start(): Promise<void> {
    if (this.child) throw new Error("this Redis is already running");
    const child = spawn(
      REDIS_SERVER_PATH,
      ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { cwd: tmpdir(), stdio: ["ignore", "pipe", "pipe"] },
    );
    this.child = child;
    stopAtExit.add(this.killNow);
    this.exited = new Promise((resolve) =>
      child.once("exit", () => {
        stopAtExit.delete(this.killNow);
        if (this.child === child) this.child = undefined;
        resolve();
      }),
    );
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start:\n${output}`)),
        REDIS_START_TIMEOUT_MS,
      );
      const settle = (error?: Error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      child.once("error", settle);
      void this.exited.then(() => settle(new Error(`redis-server exited:\n${output}`)));
      child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
        if (output.includes("Ready to accept connections")) settle();
      });
    });
  }

  /** SIGKILL, as a crash or the kernel's OOM killer; resolves once the process is gone. */
  async kill(): Promise<void> {
    this.child?.kill("SIGKILL");
    await this.exited;
  }

  /** Runs `work` with a client of the test's own (to look at the counters, or to change settings). */
  async withClient<T>(work: (client: Redis) => Promise<T>): Promise<T> {
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await client.connect();
      return await work(client);
    } finally {
      client.disconnect();
    }
  }

  /** The keys matching `pattern`, with their values. */
  keysMatching(pattern: string): Promise<Record<string, string | null>> {
    return this.withClient(async (client) => {
      const keys = await client.keys(pattern);
      const values = keys.length > 0 ? await client.mget(...keys) : [];
      return Object.fromEntries(keys.map((key, index) => [key, values[index] ?? null]));
    });
  }
}
