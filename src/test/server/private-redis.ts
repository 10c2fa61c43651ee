import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { Redis } from "ioredis";

// A Redis of a test's own (Debian's redis-server), which the test may kill and start again on the same
// port, as an outage does, without touching the Redis other tests share. Nothing is saved to disk.

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";
const START_TIMEOUT_MS = 15_000;

/** A port free on 127.0.0.1 now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

export class PrivateRedis {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private readonly killOnExit = () => this.child?.kill("SIGKILL");

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
      REDIS_SERVER,
      ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { cwd: tmpdir(), stdio: ["ignore", "pipe", "pipe"] },
    );
    this.child = child;
    // A test runner that is itself killed must not leave it running.
    process.once("exit", this.killOnExit);
    this.exited = new Promise((resolve) =>
      child.once("exit", () => {
        process.off("exit", this.killOnExit);
        if (this.child === child) this.child = undefined;
        resolve();
      }),
    );
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start:\n${output}`)),
        START_TIMEOUT_MS,
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
