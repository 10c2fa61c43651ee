import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { i18nCatalogues } from "./scripts/vite-plugin-i18n.ts";
import { nigeriaMap } from "./scripts/vite-plugin-nigeria-map.ts";

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
          include: [
            "src/domain/**/*.test.ts",
            "src/i18n/**/*.test.ts",
            "src/server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          setupFiles: ["src/test/fail-on-console-error.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/web/**/*.test.{ts,tsx}"],
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
