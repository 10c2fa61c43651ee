import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { i18nCatalogues } from "./scripts/vite-plugin-i18n.ts";
import { nigeriaMap } from "./scripts/vite-plugin-nigeria-map.ts";
import { preactAliases } from "./src/web/preact/aliases.ts";

// Testing Library's and React Router's packages name their CommonJS builds for Node, which Node would load
// (and their `require("react")` would find React): their ES module builds instead, which Vite transforms
// (`server.deps.inline` below), so the aliases to Preact reach their imports too.
const moduleOf = (file: string) => fileURLToPath(new URL(`node_modules/${file}`, import.meta.url));
const esModuleBuilds = [
  {
    find: /^@testing-library\/react$/,
    replacement: moduleOf("@testing-library/react/dist/@testing-library/react.esm.js"),
  },
  { find: /^react-router$/, replacement: moduleOf("react-router/dist/development/index.mjs") },
  { find: /^react-router\/dom$/, replacement: moduleOf("react-router/dist/development/dom-export.mjs") },
];

// Test files that render components with React's server renderer (react-dom/server), as the server's
// prerender does, and check that HTML (some also hydrate it): they run on React, as the prerender does. Preact
// (no server renderer here) cannot render the same elements on the server side of such a test; hydrating the
// server's HTML with Preact is checked on every kind of page by e2e/hydration.spec.ts.
const serverRenderTests = [
  "src/web/features/explorer/Explorer.test.tsx",
  "src/web/features/statistics/NationalStatistics.test.tsx",
  "src/web/features/states/StateReports.test.tsx",
  "src/web/features/published/PublishedReportsPage.test.tsx",
  "src/web/features/offline/OfflineNotice.test.tsx",
  "src/web/features/state-selection/StateSelect.test.tsx",
];

const nodeTests = [
  "src/domain/**/*.test.ts",
  "src/i18n/**/*.test.ts",
  "src/server/**/*.test.ts",
  "src/test/server/**/*.test.ts",
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
];

const webTestFiles = ["src/web/**/*.test.{ts,tsx}", "src/test/web/**/*.test.{ts,tsx}"];

// The node tests share their workers' modules (isolate: false): each worker imports the server's modules
// (Fastify, Drizzle, PGlite, the AWS SDK) once, not once per file; the web tests share their workers' jsdom.
// A file that replaces a module with vi.mock needs modules of its own (another file may have imported the
// real one already), so the files that call it run isolated, found here by their text in the folders the
// globs (each "<folder>/**/…") name.
function moduleMockingTests(globs: string[], extension: RegExp): string[] {
  return globs
    .map((glob) => glob.slice(0, glob.indexOf("/**")))
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: "utf8" })
        .filter((file) => extension.test(file))
        .map((file) => `${folder}/${file}`)
        .filter((file) => readFileSync(file, "utf8").includes("vi.mock(")),
    );
}
const moduleMockingNodeTests = moduleMockingTests(nodeTests, /\.test\.ts$/);
const moduleMockingWebTests = moduleMockingTests(webTestFiles, /\.test\.tsx?$/);

// The component tests, on the renderer the browser runs, Preact (vite.config.ts, record 0016), in worker
// threads.
const webSetupFiles = ["src/test/web/setup.ts", "src/test/web/preact.ts"];
const webTests = {
  extends: true,
  resolve: {
    alias: [...preactAliases, ...esModuleBuilds],
  },
  test: {
    environment: "jsdom",
    pool: "threads",
    setupFiles: ["src/test/fail-on-console-error.ts", ...webSetupFiles],
    // The packages that import React are inlined (transformed by Vite, not loaded by Node), so the aliases
    // reach their imports too.
    server: {
      deps: {
        inline: [
          /[\\/]node_modules[\\/](react-router|@tanstack[\\/]react-query|@testing-library[\\/]react|preact)[\\/]/,
        ],
      },
    },
  },
} satisfies TestProjectInlineConfiguration;

// The React Router plugin is for builds only; component tests render routes' components directly.
export default defineConfig({
  plugins: [nigeriaMap(), i18nCatalogues()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: nodeTests,
          exclude: [...configDefaults.exclude, ...moduleMockingNodeTests],
          isolate: false,
          globalSetup: ["src/test/server/database-templates.ts"],
          setupFiles: ["src/test/fail-on-console-error.ts", "src/test/shared-worker.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "node (module mocks)",
          environment: "node",
          include: moduleMockingNodeTests,
          setupFiles: ["src/test/fail-on-console-error.ts"],
        },
      },
      {
        ...webTests,
        test: {
          ...webTests.test,
          name: "web",
          // The files share their worker's jsdom and the packages they import (jsdom made once per worker,
          // not once per file): with the module mocks' files, 72 to 76 s instead of 170 and 175 s on a slow
          // two-core machine. Each file still starts with its own modules on an empty page at the same
          // address (src/test/web/fresh-page.ts).
          isolate: false,
          // Files after the first in a worker find what the one before left: put back or emptied first.
          setupFiles: [
            "src/test/fail-on-console-error.ts",
            "src/test/shared-worker.ts",
            "src/test/web/fresh-page.ts",
            ...webSetupFiles,
          ],
          include: webTestFiles,
          exclude: [...configDefaults.exclude, ...serverRenderTests, ...moduleMockingWebTests],
        },
      },
      {
        ...webTests,
        test: { ...webTests.test, name: "web (module mocks)", include: moduleMockingWebTests },
      },
      {
        extends: true,
        test: {
          name: "web (server render, React)",
          environment: "jsdom",
          include: serverRenderTests,
          setupFiles: ["src/test/fail-on-console-error.ts", "src/test/web/setup.ts"],
        },
      },
    ],
    // One test file per core (Vitest's default keeps a core for itself, one worker on a 2-core machine): the
    // files mostly wait on PGlite, PostgreSQL, SMTP peers and ffmpeg, and the suite took twice as long.
    maxWorkers: Math.max(2, availableParallelism()),
    // Caps against a hang, not measures of speed: every test waits on its own conditions. With CI's load
    // (load average 13 on 2 cores) a test that opened a database and ran ffmpeg in its body took 21 s, so
    // heavy set-up belongs in hooks and the cap per test is as generous as the hooks'.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
