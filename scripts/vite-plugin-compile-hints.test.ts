import { describe, expect, it } from "vitest";
import type { OutputBundle, OutputChunk } from "rolldown";
import { compileHint, compileHints, hintsChunk } from "./vite-plugin-compile-hints";

function chunk(name: string, code: string): OutputChunk {
  return { type: "chunk", name, code, fileName: `assets/${name}-x.js` } as OutputChunk;
}

/** What the plugin leaves in a bundle of these chunks. */
function written(chunks: OutputChunk[]): Record<string, string> {
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c])) as OutputBundle;
  const hook = compileHints().generateBundle;
  const handler = typeof hook === "function" ? hook : hook?.handler;
  handler?.call({} as never, {} as never, bundle, false);
  return Object.fromEntries(Object.values(bundle).map((c) => [c.name, c.type === "chunk" ? c.code : ""]));
}

describe("the compile hints", () => {
  it("open the chunks a public page runs as it hydrates, as their first line", () => {
    const code = written([
      chunk("framework", "var e=1;"),
      chunk("shell", 'const __vite__mapDeps=(i)=>i;import"./framework-x.js";'),
      chunk("entry.client", "x();"),
      chunk("HomePage", "y();"),
    ]);
    expect(code.framework).toBe("//# allFunctionsCalledOnLoad\nvar e=1;");
    expect(code.shell).toBe(`${compileHint}const __vite__mapDeps=(i)=>i;import"./framework-x.js";`);
    expect(code["entry.client"]?.startsWith(compileHint)).toBe(true);
    expect(code.HomePage?.startsWith(compileHint)).toBe(true);
  });

  it("leave the other chunks (the signed-in pages', the route modules') as they are, and never add two", () => {
    const code = written([
      chunk("accounts", "a();"),
      chunk("login", "b();"),
      chunk("public", `${compileHint}c();`),
    ]);
    expect(code).toEqual({ accounts: "a();", login: "b();", public: `${compileHint}c();` });
    expect(hintsChunk({ name: "data-layer" })).toBe(false);
  });

  it("run after Vite's plugins, in the browser's build only", () => {
    const plugin = compileHints();
    const hook = plugin.generateBundle;
    expect(typeof hook === "object" && hook.order).toBe("post");
    const apply = plugin.apply as (config: object, env: { command: string; isSsrBuild?: boolean }) => boolean;
    expect(apply({}, { command: "build", isSsrBuild: false })).toBe(true);
    expect(apply({}, { command: "build", isSsrBuild: true })).toBe(false);
    expect(apply({}, { command: "serve" })).toBe(false);
  });
});
