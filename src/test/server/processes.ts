import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { isChildMessage } from "../../../bench/api/messages";

// The processes of the multi-instance test (src/server/multi-instance): product servers started as an operator starts them
// (`src/server/main.ts`, configuration from the environment), and the bench's round-robin proxy in front.
// Each is a real process, so a test can kill it with SIGKILL, as a crash or the kernel would.

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const mainScript = fileURLToPath(new URL("../../server/main.ts", import.meta.url));
const proxyScript = fileURLToPath(new URL("../../../bench/api/proxy-process.ts", import.meta.url));
const START_TIMEOUT_MS = 60_000;

// A server started here has no IPC channel and would outlive a test runner that is itself killed: the
// runner's exit takes every child still running with it (afterAll kills them first in a normal run).
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/** Polls `check` until it answers something other than undefined or false, or fails at the deadline. */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== undefined && result !== false) return result;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface RunningProcess {
  readonly label: string;
  readonly port: number;
  readonly pid: number;
  /** Every line the process wrote, for the failure message of a test. */
  readonly output: string[];
  /**
   * SIGSTOP: the process runs nothing more, its sockets stay open, until it is killed. Resolves once the
   * kernel says it is stopped (Linux's /proc).
   */
  freeze(): Promise<void>;
  /** SIGKILL: no clean-up of any kind, as in a crash. Resolves once the process is gone. */
  kill(): Promise<void>;
  readonly exited: boolean;
}

function track(
  label: string,
  child: ChildProcess,
): {
  output: string[];
  onLine(listener: (line: string) => void): void;
  exit: Promise<void>;
  exited: () => boolean;
} {
  children.add(child);
  const output: string[] = [];
  const listeners: ((line: string) => void)[] = [];
  let gone = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      gone = true;
      children.delete(child);
      resolve();
    }),
  );
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        output.push(`${label}: ${line}`);
        for (const listener of listeners) listener(line);
      }
    });
  }
  return { output, onLine: (listener) => listeners.push(listener), exit, exited: () => gone };
}

function running(
  label: string,
  child: ChildProcess,
  port: number,
  tracked: ReturnType<typeof track>,
): RunningProcess {
  return {
    label,
    port,
    pid: child.pid ?? 0,
    output: tracked.output,
    get exited() {
      return tracked.exited();
    },
    async freeze() {
      child.kill("SIGSTOP");
      // The third field of /proc/<pid>/stat is the state; T: stopped by a signal.
      await waitUntil(`${label} to stop`, async () =>
        (await readFile(`/proc/${child.pid}/stat`, "utf8")).replace(/^.*\) /s, "").startsWith("T"),
      );
    },
    async kill() {
      if (!tracked.exited()) child.kill("SIGKILL");
      await tracked.exit;
    },
  };
}

/**
 * Starts `node --import tsx src/server/main.ts` (what `npm run serve` runs) with `env` only, on a free
 * port of 127.0.0.1: the port is read from Fastify's "Server listening at" log line (LOG_LEVEL info).
 */
export function startServer(label: string, env: Record<string, string>): Promise<RunningProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", mainScript], {
    cwd: repoRoot,
    env: { ...env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tracked = track(label, child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${label} did not start in time:\n${tracked.output.join("\n")}`));
    }, START_TIMEOUT_MS);
    tracked.onLine((line) => {
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve(running(label, child, Number(port), tracked));
    });
    void tracked.exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`${label} exited before it listened:\n${tracked.output.join("\n")}`));
    });
  });
}

/** The bench's round-robin proxy over `upstreamPorts`, naming the upstream of each answer. */
export function startProxy(upstreamPorts: number[]): Promise<RunningProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", proxyScript], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      BENCH_PROXY_PORTS: upstreamPorts.join(","),
      BENCH_PROXY_UPSTREAM_HEADER: "1",
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const tracked = track("proxy", child);
  return new Promise((resolve, reject) => {
    child.on("message", (message: unknown) => {
      if (!isChildMessage(message)) return;
      if (message.type === "ready") resolve(running("proxy", child, message.port, tracked));
      else if (message.type === "failed") reject(new Error(`the proxy could not start: ${message.message}`));
    });
    void tracked.exit.then(() => reject(new Error(`the proxy exited:\n${tracked.output.join("\n")}`)));
  });
}

/**
 * Runs a CLI of the product (`node --import tsx <script> …args`, the script's path from the repository's
 * root) with `env`; answers its exit code and output.
 */
export function runCli(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tracked = track(script, child);
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve({ code, output: tracked.output.join("\n") }));
  });
}

/**
 * Starts `node --import tsx <script>` (its path from the repository's root) with `env`, as a process a
 * test can freeze and kill while it runs; it listens on no port (port 0).
 */
export function startScript(label: string, script: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return running(label, child, 0, track(label, child));
}
