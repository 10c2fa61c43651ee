import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Where the web benches write: bench/results/<kind>-<UTC time>.json, <kind>-latest.json and
// <kind>-latest.md, committed so the history of the figures is in Git.

const resultsDir = fileURLToPath(new URL("../results/", import.meta.url));

/** The output of git, or "unknown" where there is no git. */
export function git(args: string[]): string {
  try {
    return execFileSync("git", args, { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

/** Writes a run's JSON and summary, and prints the summary with the files' names. */
export async function writeResults(kind: string, measuredAt: string, result: unknown, summary: string) {
  const stamp = measuredAt.replace(/\.\d+Z$/, "Z").replace(/:/g, "-");
  const json = `${JSON.stringify(result, null, 2)}\n`;
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, `${kind}-${stamp}.json`), json);
  await writeFile(path.join(resultsDir, `${kind}-latest.json`), json);
  await writeFile(path.join(resultsDir, `${kind}-latest.md`), summary);
  process.stdout.write(
    `\n${summary}\nWritten: bench/results/${kind}-${stamp}.json, ${kind}-latest.json, ${kind}-latest.md\n`,
  );
}
