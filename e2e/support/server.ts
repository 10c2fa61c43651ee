import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// Starts the built product exactly as `npm start` runs it after its build: the production server on a
// free port with a throw-away DATA_DIR (PGlite, mail, uploads). Shared by the end-to-end tests and the
// benchmarks, so both measure the same thing.

export interface BuiltServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  baseUrl: string;
  /** The temporary DATA_DIR; removed by stop(). */
  dataDir: string;
  /** Stops the server and removes its DATA_DIR. */
  stop: () => Promise<void>;
}

export interface BuiltServerOptions {
  /** Prefix of the temporary DATA_DIR's name, so a leftover directory says who made it. */
  dataDirPrefix?: string;
  /** Extra environment for the server (overrides the defaults below). */
  env?: Record<string, string>;
  /** How long the server may take to answer its health check. */
  startTimeoutMs?: number;
  /** The built web app to serve (WEB_BUILD_DIR); build/client by default. */
  webBuildDir?: string;
  /**
   * Runs before the server starts, with the server's environment (DATA_DIR included): the place to seed
   * the embedded database, which only one process may open at a time.
   */
  beforeStart?: (env: NodeJS.ProcessEnv) => Promise<void>;
}

const defaultWebBuildDir = "build/client";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs / 1000} s:\n${output()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Starts `src/server/main.ts` against the current build; throws with the server's output if it fails. */
export async function startBuiltServer(options: BuiltServerOptions = {}): Promise<BuiltServer> {
  const webBuildDir = path.resolve(options.webBuildDir ?? defaultWebBuildDir);
  if (!existsSync(path.join(webBuildDir, "..", "server", "index.js"))) {
    throw new Error(
      `The web app is not built in ${webBuildDir}. Run "npm run build" (npm run test:e2e does it for you).`,
    );
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), options.dataDirPrefix ?? "inclusion-atlas-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    // Every test browser signs in from 127.0.0.1; the limits themselves are tested in the API suite.
    AUTH_RATE_LIMIT_MAX: "1000",
    AUTH_ACCOUNT_RATE_LIMIT_MAX: "1000",
    // A test's API client keeps its socket while the test's browsers work, often longer than the server's 5 s
    // keep-alive: a request sent as the server closes that socket failed with "socket hang up" (a browser
    // retries it; Playwright's request context does not). Longer than any test, so no socket closes mid-test.
    HTTP_KEEP_ALIVE_TIMEOUT_MS: "150000",
    HTTP_IDLE_TIMEOUT_MS: "180000",
    ...(options.webBuildDir ? { WEB_BUILD_DIR: webBuildDir } : {}),
    ...options.env,
  };
  if (options.beforeStart) {
    try {
      await options.beforeStart(env);
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => output, options.startTimeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}
