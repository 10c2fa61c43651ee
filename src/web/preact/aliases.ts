import { fileURLToPath } from "node:url";

// React's entry points, each sent to Preact's compatibility layer: the browser's build (vite.config.ts, the
// client environment only: the server's prerender keeps React) and the web unit tests (vitest.config.ts),
// so the tests run on the renderer that ships. Record 0016 says why and what it costs.
const reactShim = fileURLToPath(new URL("./react.ts", import.meta.url));

export const preactAliases = [
  { find: /^react$/, replacement: reactShim },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
];
