import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Runs the React Router CLI (`tsx scripts/react-router.ts build|typegen|dev`) with its error stream passed
// on line by line, less one notice: React Router 7.18.4 (the last 7.x; 8.x needs Node 22, decision record
// 0001) passes Vite 8 the deprecated `envFile: false` in its config loader and its child compiler, and Vite
// then prints ENV_FILE_NOTICE, several times per command. The config loader takes no user configuration, so
// a Vite logger cannot reach it; filtering the one exact line here covers every place it comes from. Every
// other line, warnings included, passes untouched. Decision record 0011 says when to remove this.

export const ENV_FILE_NOTICE = "The `envFile` option is deprecated, please use `envDir: false` instead.";

// eslint-disable-next-line no-control-regex -- terminal colour codes are what is being removed
const colourCodes = /\u001b\[[0-9;]*m/g;

/** The text without its terminal colour codes. */
export function withoutColour(text: string): string {
  return text.replace(colourCodes, "");
}

/** True for React Router's envFile notice only, coloured or not. */
export function isEnvFileNotice(line: string): boolean {
  return withoutColour(line).trim() === ENV_FILE_NOTICE;
}

/** Passes text on by whole lines, leaving out the lines `drop` matches; a line split across chunks waits. */
export class LineFilter {
  private partial = "";

  constructor(
    private readonly write: (text: string) => void,
    private readonly drop: (line: string) => boolean = isEnvFileNotice,
  ) {}

  push(chunk: string): void {
    const lines = (this.partial + chunk).split("\n");
    this.partial = lines.pop() ?? "";
    const kept = lines.filter((line) => !this.drop(line)).map((line) => `${line}\n`);
    if (kept.length > 0) this.write(kept.join(""));
  }

  /** The last line, when the stream ended without a line break. */
  end(): void {
    if (this.partial !== "" && !this.drop(this.partial)) this.write(this.partial);
    this.partial = "";
  }
}

/**
 * Runs a command with the terminal's input and output, its error stream filtered into `writeError`.
 * Resolves with its exit code (1 when a signal ended it). SIGINT and SIGTERM are passed on, so stopping
 * this process stops the command too.
 */
export function runFiltered(
  command: string,
  args: readonly string[],
  writeError: (text: string) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["inherit", "inherit", "pipe"] });
    const filter = new LineFilter(writeError);
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", forward).on("SIGTERM", forward);
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => filter.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      process.off("SIGINT", forward).off("SIGTERM", forward);
      filter.end();
      resolve(code ?? 1);
    });
  });
}

/** The command that runs the React Router CLI of this project's node_modules. */
export function reactRouterCommand(args: readonly string[]): [string, string[]] {
  const require = createRequire(import.meta.url);
  const bin = path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "bin.js");
  return [process.execPath, [bin, ...args]];
}

async function main(): Promise<void> {
  const [command, args] = reactRouterCommand(process.argv.slice(2));
  process.exitCode = await runFiltered(command, args, (text) => process.stderr.write(text));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
