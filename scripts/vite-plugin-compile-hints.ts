import type { Plugin } from "vite";

// V8 compiles most functions only when they are first called, on the main thread. Hydrating a page calls
// hundreds of them for the first time (the renderer's, the router's, the layout's), so a large share of each
// hydration task was compiling, not running: with the hint below, the home page's root hydrated in 7 to
// 13 ms instead of 19 to 29, unthrottled (figures in decision record 0037).
// `//# allFunctionsCalledOnLoad` as a file's first line asks V8 (Chromium 136 and later) to compile
// all of the file's functions as it parses the file, which it does on a background thread while the file
// downloads. Other browsers read a comment. Only the chunks whose code runs as a public page hydrates carry
// it: compiling a whole chunk ahead costs memory and background time, wasted on code that never runs.

export const compileHint = "//# allFunctionsCalledOnLoad\n";

/** The chunks that run while a public page hydrates: the browser's entry, groups and modules. */
export const hintedChunkNames: ReadonlySet<string> = new Set([
  "entry.client", // the steps of hydration
  "framework", // the renderer and the router
  "shell", // the layout
  "public", // what the public pages share
  "home-shared", // the home page's content, with the parts other pages share
  "HomePage", // the home page's content
]);

export function hintsChunk(chunk: { name: string }): boolean {
  return hintedChunkNames.has(chunk.name);
}

export function compileHints(): Plugin {
  return {
    name: "inclusion-atlas:compile-hints",
    // The browser's build only: Node compiles the server's code once, at start.
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    // Once the chunks are minified (which drops comments), before they are written, and after Vite's own
    // plugins, which put the list of a chunk's lazy imports' files at its top: the hint must be the file's
    // first line. The chunks' names keep the hash of their code without it: it is the same in every build.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === "chunk" && hintsChunk(output) && !output.code.startsWith(compileHint))
            output.code = compileHint + output.code;
        }
      },
    },
  };
}
