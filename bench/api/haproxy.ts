import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// The scale-out run's load balancer: HAProxy from Debian's package, as a deployment would put in front of
// its instances. Round-robin, kept-alive connections to the instances (any idle one reused by any
// request), its configuration written to a temporary folder, listening on a free port of 127.0.0.1.
//
// Each instance takes at most its share of the clients' connections at once (`maxconn` per server, as
// HAProxy's own guidance has for servers that queue poorly). Without it, an instance that pauses (a
// garbage collection, at 0.3 of a core three times as long as on a core of its own) keeps being given
// requests in its turn while it cannot answer, until every connection waits on it and the other instances
// idle: three instances on users page 1 used 0.72 of their 0.9 of a core, with half of the requests
// answered within 9 ms and the slowest hundredth after 497 ms. With the cap, a paused instance holds only
// its share, and round-robin passes it by while it is full; in steady running each instance has as many
// requests as before (the shares add up to the connections), so nothing is queued in HAProxy.

export const HAPROXY_PATH = "/usr/sbin/haproxy";
/** Starting is quick; a machine busy with other work gets some slack. */
const READY_TIMEOUT_MS = 15_000;

/**
 * The configuration text of a balancer on `listenPort` over the instances on `instancePorts`, for clients
 * that open `clientConnections` connections (each instance's share of them is its cap).
 */
export function haproxyConfig(
  listenPort: number,
  instancePorts: number[],
  clientConnections: number,
): string {
  const share = Math.ceil(clientConnections / instancePorts.length);
  return [
    "global",
    "  maxconn 4096",
    // One thread: at most half a core here (9,339 state pages a second through it), and a second thread
    // only took the two cores from the instances: with two, HAProxy spent 69 µs per state page at three
    // instances against 54 with one, and 0.14 of a core on users page 1 against 0.10.
    "  nbthread 1",
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
    ...instancePorts.map(
      (port, index) => `  server instance-${index + 1} 127.0.0.1:${port} maxconn ${share}`,
    ),
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

/**
 * Starts HAProxy in the foreground over `instancePorts`, for clients of `clientConnections` connections;
 * resolves once it accepts connections.
 */
export async function startHaproxy(
  binary: string,
  instancePorts: number[],
  clientConnections: number,
): Promise<RunningHaproxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "inclusion-atlas-haproxy-"));
  const port = await freePort();
  const configFile = path.join(dir, "haproxy.cfg");
  await writeFile(configFile, haproxyConfig(port, instancePorts, clientConnections));
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
