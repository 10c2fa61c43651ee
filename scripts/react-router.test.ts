import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ENV_FILE_NOTICE,
  isEnvFileNotice,
  LineFilter,
  reactRouterCommand,
  runFiltered,
  withoutColour,
} from "./react-router";

function filtered(chunks: string[]): string {
  let output = "";
  const filter = new LineFilter((text) => (output += text));
  for (const chunk of chunks) filter.push(chunk);
  filter.end();
  return output;
}

describe("React Router's envFile notice", () => {
  it("is recognised plain, coloured, or with a Windows line ending", () => {
    expect(isEnvFileNotice(ENV_FILE_NOTICE)).toBe(true);
    expect(isEnvFileNotice(`\u001b[33m${ENV_FILE_NOTICE}\u001b[39m`)).toBe(true);
    expect(isEnvFileNotice(`${ENV_FILE_NOTICE}\r`)).toBe(true);
  });

  it("is the only line recognised, not other warnings or lines that quote it", () => {
    expect(isEnvFileNotice("The `envDir` option is deprecated.")).toBe(false);
    expect(isEnvFileNotice(`[vite] ${ENV_FILE_NOTICE}`)).toBe(false);
    expect(isEnvFileNotice("")).toBe(false);
  });
});

describe("the saved build warnings", () => {
  it("are kept without terminal colour codes", () => {
    expect(withoutColour("\u001b[33m[INEFFECTIVE_DYNAMIC_IMPORT] \u001b[0mdata/x.json")).toBe(
      "[INEFFECTIVE_DYNAMIC_IMPORT] data/x.json",
    );
  });
});

describe("filtering an error stream", () => {
  it("leaves out every envFile notice and keeps every other line in order", () => {
    const input = [ENV_FILE_NOTICE, "warning one", ENV_FILE_NOTICE, "", "error two", ""].join("\n");
    expect(filtered([input])).toBe("warning one\n\nerror two\n");
  });

  it("recognises a notice split across chunks", () => {
    const text = `first\n${ENV_FILE_NOTICE}\nlast\n`;
    const chunks = [text.slice(0, 20), text.slice(20, 50), text.slice(50)];
    expect(filtered(chunks)).toBe("first\nlast\n");
  });

  it("passes on a last line that has no line break", () => {
    expect(filtered(["one\ntwo"])).toBe("one\ntwo");
    expect(filtered([`one\n${ENV_FILE_NOTICE}`])).toBe("one\n");
  });
});

describe("running a command with its error stream filtered", () => {
  it("passes on what the command writes to its error stream, less the notice, and its exit code", async () => {
    let errors = "";
    const script = `console.error(${JSON.stringify(ENV_FILE_NOTICE)}); console.error("kept"); process.exit(3);`;
    const code = await runFiltered(process.execPath, ["-e", script], (text) => (errors += text));
    expect(code).toBe(3);
    expect(errors).toBe("kept\n");
  });

  it("runs the React Router CLI installed in node_modules", () => {
    const [command, args] = reactRouterCommand(["typegen"]);
    expect(command).toBe(process.execPath);
    expect(args[0]).toMatch(/@react-router[\\/]dev[\\/]bin\.js$/);
    expect(existsSync(args[0] ?? "")).toBe(true);
    expect(args.slice(1)).toEqual(["typegen"]);
  });
});
