import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { startBuiltServer } from "./server";

// Starts the built product once for the whole run (see server.ts: a free port, a throw-away DATA_DIR,
// the production server exactly as `npm start` runs it). Tests read E2E_BASE_URL. Before the server
// starts, the real create-admin CLI makes an admin in the same DATA_DIR (the embedded database takes one
// process at a time); tests sign in as that admin with E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD.

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const e2eAdmin = {
  email: "admin@e2e.example",
  password: "Atlas-Harbour-2026!e2e",
  firstname: "Ngozi",
  lastname: "Adeyemi",
} as const;

/** Runs `npm run create-admin`'s entry point with the server's environment; throws with its output on failure. */
export function createAdmin(
  env: NodeJS.ProcessEnv,
  person: { email: string; password: string; firstname: string; lastname: string } = e2eAdmin,
): Promise<void> {
  // The password goes through ADMIN_PASSWORD: create-admin never takes it from the command line.
  const args = ["--email", person.email, "--firstname", person.firstname, "--lastname", person.lastname];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/cli/create-admin.ts", ...args], {
      env: { ...env, ADMIN_PASSWORD: person.password },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`create-admin exited with ${code}:\n${output}`)),
    );
  });
}

export default async function globalSetup() {
  if (!existsSync(chromium)) {
    throw new Error(`${chromium} is missing. Install Debian's Chromium: apt-get install -y chromium`);
  }
  const server = await startBuiltServer({
    dataDirPrefix: "inclusion-atlas-e2e-",
    beforeStart: (env) => createAdmin(env),
  });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_ADMIN_EMAIL = e2eAdmin.email;
  process.env.E2E_ADMIN_PASSWORD = e2eAdmin.password;

  return server.stop;
}
