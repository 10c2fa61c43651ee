import { describe, expect, it } from "vitest";
import { buildSteps, runSteps, type Step } from "./build";
import { ENV_FILE_NOTICE } from "./react-router";

const node = (script: string): Step => [process.execPath, ["-e", script]];

describe("the build's steps", () => {
  it("run in order until one fails, whose exit code is the build's", async () => {
    let errors = "";
    const code = await runSteps(
      [
        node('console.error("one")'),
        node('console.error("two"); process.exit(2)'),
        node('console.error("three")'),
      ],
      (text) => (errors += text),
    );
    expect(code).toBe(2);
    expect(errors).toBe("one\ntwo\n");
  });

  it("pass on every warning except React Router's envFile notice", async () => {
    let errors = "";
    const code = await runSteps(
      [node(`console.error(${JSON.stringify(ENV_FILE_NOTICE)}); console.warn("a real warning")`)],
      (text) => (errors += text),
    );
    expect(code).toBe(0);
    expect(errors).toBe("a real warning\n");
  });

  it("are the React Router build first and the completion stamp last", () => {
    const describeStep = ([, args]: Step) => args.map((arg) => arg.replace(/^.*[\\/]/, "")).join(" ");
    expect(buildSteps.map(describeStep)).toEqual([
      "bin.js build",
      "--import tsx precompress.ts",
      "--import tsx build-if-stale.ts --mark",
    ]);
  });
});
