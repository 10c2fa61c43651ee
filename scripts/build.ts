import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouterCommand, runFiltered, withoutColour } from "./react-router.ts";

// `npm run build`: the React Router build (the browser's code and the server's renderer; no page is
// prerendered, decision record 0017), then the post-build steps, one
// after the other, stopping at the first that fails. What the steps write to their error stream (warnings
// and errors; React Router's envFile notice left out, see react-router.ts) is shown as usual and also
// saved (without colour codes) in build/build-warnings.txt, so a test on the build (e2e/bundle-budget.spec.ts) can check that a
// clean build prints no warning.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const buildWarningsPath = path.join(root, "build", "build-warnings.txt");

export type Step = [command: string, args: string[]];

function script(file: string, ...args: string[]): Step {
  return [process.execPath, ["--import", "tsx", path.join(root, "scripts", file), ...args]];
}

export const buildSteps: Step[] = [
  reactRouterCommand(["build"]),
  script("precompress.ts"),
  // Last: the stamp says the whole build completed (see build-if-stale.ts).
  script("build-if-stale.ts", "--mark"),
];

/** Runs the steps in order until one fails; resolves with the exit code (0 when all succeeded). */
export async function runSteps(steps: readonly Step[], writeError: (text: string) => void): Promise<number> {
  for (const [command, args] of steps) {
    const code = await runFiltered(command, args, writeError);
    if (code !== 0) return code;
  }
  return 0;
}

async function main(): Promise<void> {
  let errorOutput = "";
  const code = await runSteps(buildSteps, (text) => {
    errorOutput += text;
    process.stderr.write(text);
  });
  await mkdir(path.dirname(buildWarningsPath), { recursive: true });
  await writeFile(buildWarningsPath, withoutColour(errorOutput));
  process.exitCode = code;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
