import { existsSync } from "node:fs";
import { startBuiltServer } from "./server";

// Starts the built product once for the whole run (see server.ts: a free port, a throw-away DATA_DIR,
// the production server exactly as `npm start` runs it). Tests read E2E_BASE_URL.

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default async function globalSetup() {
  if (!existsSync(chromium)) {
    throw new Error(`${chromium} is missing. Install Debian's Chromium: apt-get install -y chromium`);
  }
  const server = await startBuiltServer({ dataDirPrefix: "inclusion-atlas-e2e-" });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;

  return server.stop;
}
