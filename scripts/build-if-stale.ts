import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// `npm start` builds only when some input of the build is newer than the last complete build, so a second
// start is quick. The stamp is written after the whole build (precompression included): an interrupted
// build leaves the old stamp, and the next start builds again. No setting is read by the build: the site's
// address and the footer's contacts (PUBLIC_URL, PORT, SITE_*) are read by the server when it renders the
// pages (decision record 0017), so one build runs anywhere and a start with other values does not rebuild.

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

/** The stamp's format: a start finding another (or none it can read) builds again. */
const STAMP_FORMAT = 2;

export function writeBuildStamp(stampPath: string): void {
  const stamp = { format: STAMP_FORMAT, completedAt: new Date().toISOString() };
  writeFileSync(stampPath, `${JSON.stringify(stamp, null, 2)}\n`);
}

function stampFormat(stampPath: string): unknown {
  try {
    return (JSON.parse(readFileSync(stampPath, "utf8")) as { format?: unknown }).format;
  } catch {
    return undefined;
  }
}

/**
 * True when there is no complete build, or an input changed after it was made. (Builds before this format
 * carried the settings of their time in their pages: they are built again once.)
 */
export function isBuildStale(stampPath: string, inputPaths: readonly string[]): boolean {
  const built = newestModification(stampPath);
  if (built === 0) return true;
  if (stampFormat(stampPath) !== STAMP_FORMAT) return true;
  return inputPaths.some((input) => newestModification(input) > built);
}

function main(): void {
  if (process.argv.includes("--mark")) {
    writeBuildStamp(buildStampPath);
    return;
  }
  const inputPaths = inputs.map((input) => path.join(root, input));
  if (!isBuildStale(buildStampPath, inputPaths)) {
    console.log(
      "The build is newer than every source: starting without rebuilding (npm run build forces it).",
    );
    return;
  }
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  process.exit(build.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
