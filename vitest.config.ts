import { defineConfig } from "vitest/config";
import { i18nCatalogues } from "./scripts/vite-plugin-i18n.ts";
import { nigeriaMap } from "./scripts/vite-plugin-nigeria-map.ts";
import { siteContacts } from "./scripts/vite-plugin-site-contacts.ts";

// The React Router plugin is for builds only; component tests render routes' components directly.
export default defineConfig({
  plugins: [nigeriaMap(), siteContacts({}), i18nCatalogues()],
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
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
