import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// Starts the built product once for the whole run: a free port, a throw-away DATA_DIR (PGlite, mail,
// uploads), and the production server exactly as `npm start` runs it. Tests read E2E_BASE_URL.

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function freePort(): Promise<number> {
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
  child: ReturnType<typeof spawn>,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
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
  throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
}

export default async function globalSetup() {
  if (!existsSync(chromium)) {
    throw new Error(`${chromium} is missing. Install Debian's Chromium: apt-get install -y chromium`);
  }
  if (!existsSync("build/client/__spa-fallback.html")) {
    throw new Error('The web app is not built. Run "npm run build" (npm run test:e2e does it for you).');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "inclusion-atlas-e2e-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(baseUrl, child, () => output);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
    await rm(dataDir, { recursive: true, force: true });
  };
}
