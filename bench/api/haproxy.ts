import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// The scale-out run's load balancer: HAProxy from Debian's package, as a deployment would put in front of
// its instances. Round-robin, kept-alive connections to the instances (any idle one reused by any
// request), its configuration written to a temporary folder, listening on a free port of 127.0.0.1.

export const HAPROXY_PATH = "/usr/sbin/haproxy";
/** Starting is quick; a machine busy with other work gets some slack. */
const READY_TIMEOUT_MS = 15_000;

/** The configuration text of a balancer on `listenPort` over the instances on `instancePorts`. */
export function haproxyConfig(listenPort: number, instancePorts: number[]): string {
  return [
    "global",
    "  maxconn 4096",
    "",
    "defaults",
    "  mode http",
    "  timeout connect 5s",
    // The bench's requests may wait 30 s for an answer (a photo upload behind 99 others).
    "  timeout client 60s",
    "  timeout server 60s",
    "  option http-keep-alive",
    "  http-reuse always",
    "",
    "frontend bench",
    `  bind 127.0.0.1:${listenPort}`,
    "  default_backend instances",
    "",
    "backend instances",
    "  balance roundrobin",
    ...instancePorts.map((port, index) => `  server instance-${index + 1} 127.0.0.1:${port}`),
    "",
  ].join("\n");
}

/** HAProxy's version line ("HAProxy version 2.6.12-1+deb12u4 …" gives "2.6.12-1+deb12u4"). */
export function haproxyVersionFrom(output: string): string | null {
  return /HAProxy version (\S+)/.exec(output)?.[1] ?? null;
}

export interface HaproxyBinary {
  path: string;
  version: string;
  /** "found" where it already was; "installed" when the bench ran apt-get for it. */
  how: "found" | "installed";
}

function versionOf(binary: string): string {
  return haproxyVersionFrom(execFileSync(binary, ["-v"], { encoding: "utf8" })) ?? "unknown version";
}

/**
 * HAProxy at /usr/sbin/haproxy, installed with apt-get (Debian's package) when it is missing, as the
 * browser is for the web bench; the reason when neither works.
 */
export function findOrInstallHaproxy(say: (line: string) => void): HaproxyBinary | { unavailable: string } {
  if (existsSync(HAPROXY_PATH)) return { path: HAPROXY_PATH, version: versionOf(HAPROXY_PATH), how: "found" };
  say(`${HAPROXY_PATH} is missing: installing Debian's haproxy package (apt-get install -y haproxy)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => execFileSync("apt-get", ["install", "-y", "haproxy"], { env, stdio: "ignore" });
  try {
    try {
      install();
    } catch {
      // A fresh machine's package lists may be empty or stale.
      execFileSync("apt-get", ["update"], { env, stdio: "ignore" });
      install();
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { unavailable: `HAProxy is not installed and apt-get could not install it (${reason})` };
  }
  if (!existsSync(HAPROXY_PATH)) return { unavailable: `apt-get ran, but ${HAPROXY_PATH} is still missing` };
  return { path: HAPROXY_PATH, version: versionOf(HAPROXY_PATH), how: "installed" };
}

/** A port of 127.0.0.1 nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface RunningHaproxy {
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts HAProxy in the foreground over `instancePorts`; resolves once it accepts connections. */
export async function startHaproxy(binary: string, instancePorts: number[]): Promise<RunningHaproxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "inclusion-atlas-haproxy-"));
  const port = await freePort();
  const configFile = path.join(dir, "haproxy.cfg");
  await writeFile(configFile, haproxyConfig(port, instancePorts));
  // -db: in the foreground, no daemon, so the bench owns the process and its CPU time is this pid's.
  const child: ChildProcess = spawn(binary, ["-db", "-f", configFile], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    if (output.length < 4000) output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`HAProxy did not start on port ${port}: ${output.trim() || "no output"}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port, pid: child.pid, stop };
}
