import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { publicUrlVariables } from "../src/domain/public-url.ts";
import { siteContactVariables } from "../src/domain/site-contacts.ts";

// `npm start` builds only when some input of the build is newer than the last complete build, so a second
// start is quick. The stamp is written after the whole build (prerender and precompression included): an
// interrupted build leaves the old stamp, and the next start builds again. The prerendered pages also carry
// what some variables said when they were built (PUBLIC_URL in the hreflang alternates, the footer's
// contacts): the stamp records them, and a start with other values builds again.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const buildStampPath = path.join(root, "build", ".build-complete");
const inputs = [
  "src",
  "data",
  "scripts",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

/** The newest modification time (ms) of a file or of any file under a folder; 0 when it does not exist. */
export function newestModification(target: string): number {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

/** The variables the build reads (scripts/vite-plugin-*.ts), as they are set now. */
export function buildEnvironment(env: Record<string, string | undefined>): Record<string, string> {
  const variables = [...publicUrlVariables, ...siteContactVariables].sort();
  return Object.fromEntries(variables.map((name) => [name, env[name]?.trim() ?? ""]));
}

export function writeBuildStamp(stampPath: string, env: Record<string, string | undefined>): void {
  const stamp = { completedAt: new Date().toISOString(), environment: buildEnvironment(env) };
  writeFileSync(stampPath, `${JSON.stringify(stamp, null, 2)}\n`);
}

function stampedEnvironment(stampPath: string): string | undefined {
  try {
    const stamp = JSON.parse(readFileSync(stampPath, "utf8")) as { environment?: unknown };
    return JSON.stringify(stamp.environment);
  } catch {
    return undefined;
  }
}

/**
 * True when there is no complete build, an input changed after it was made, or a variable the build reads
 * has another value now.
 */
export function isBuildStale(
  stampPath: string,
  inputPaths: readonly string[],
  env: Record<string, string | undefined>,
): boolean {
  const built = newestModification(stampPath);
  if (built === 0) return true;
  if (stampedEnvironment(stampPath) !== JSON.stringify(buildEnvironment(env))) return true;
  return inputPaths.some((input) => newestModification(input) > built);
}

function main(): void {
  if (process.argv.includes("--mark")) {
    writeBuildStamp(buildStampPath, process.env);
    return;
  }
  const inputPaths = inputs.map((input) => path.join(root, input));
  if (!isBuildStale(buildStampPath, inputPaths, process.env)) {
    console.log(
      "The build is newer than every source and was made with these settings: starting without rebuilding (npm run build forces it).",
    );
    return;
  }
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  process.exit(build.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
