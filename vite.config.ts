import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { nigeriaMap } from "./scripts/vite-plugin-nigeria-map.ts";
import { i18nCatalogues } from "./scripts/vite-plugin-i18n.ts";
import { linguiPlainNumbers } from "./scripts/vite-plugin-lingui-numbers.ts";
import { compileHints } from "./scripts/vite-plugin-compile-hints.ts";
import { projectLogger } from "./scripts/vite-logger.ts";
import { usedModules } from "./scripts/used-modules.ts";
import { preactAliases } from "./src/web/preact/aliases.ts";

const sharedSource = /[\\/]src[\\/]/;
// Code that only some pages use (the schools directory, shared by the school pages and the directory's
// dialog; the correction form of the state and school pages) stays out of the "shared" chunk that every
// page, the home page included, loads first.
const schoolsCode =
  /[\\/]src[\\/](web[\\/]features[\\/](schools|corrections)[\\/]|domain[\\/](school-search|corrections[\\/]))/;
// The eyewitness reports' code (with the 774 LGAs of data/lgas.json) serves the dashboard and the public
// list of verified reports only: the home page never loads it. Its web folders: the report form
// (eyewitness), the reporter's own list (my-reports), the review queue (moderation), the public list
// (published) and what they share (report-shared).
const reportsCode =
  /[\\/]src[\\/](web[\\/]features[\\/](eyewitness|my-reports|moderation|published|report-shared)|domain[\\/]reports)[\\/]/;
// The data layer (TanStack Query, about 10 KB gzipped) comes with the pages that read the API through it
// (the signed-in area, the published reports), never with the home page's or the other public pages' first
// load (record 0033): the package is a chunk of its own, or it would join the chunk of whichever group
// takes it in first.
const dataLayerCode = /[\\/]src[\\/]web[\\/]lib[\\/](query-client|use-api)\.ts$/;
const dataLayerPackage = /[\\/]node_modules[\\/]@tanstack[\\/]/;
// The site menu and the service worker's registration (the "after-hydration" group below).
const afterHydrationModules =
  /[\\/]src[\\/]web[\\/](app[\\/]layout[\\/]SiteMenu\.tsx|features[\\/]offline[\\/]register\.ts)$/;
const zodPackage = /[\\/]node_modules[\\/]zod[\\/]/;
const formParts = /[\\/]src[\\/](web[\\/]ui[\\/]form[\\/]|domain[\\/]permissions\.ts$)/;
const accountsCode =
  /[\\/]src[\\/](web[\\/](features[\\/](auth|profile)|ui[\\/]form)|domain[\\/]accounts)[\\/]|[\\/]node_modules[\\/]zod[\\/]/;

// Our modules the root route (the header, the footer, the offline notice, the toasts) reaches through static
// imports (every import counts here, even one an index.ts re-exports and nobody uses: shell modules import
// what they use from its own file, e.g. src/web/i18n/language-context, never src/web/i18n/index.ts): every page loads them first, so they make a chunk of their own ("shell"), and the "shared" chunk
// of the code several pages share stays out of the first load of a page that needs none of it (the home page).
const rootRoute = /[\\/]src[\\/]web[\\/]app[\\/]root\.tsx$/;
const shellModules = new Set<string>();
const findShellModules: Plugin = {
  name: "find-shell-modules",
  buildStart: () => shellModules.clear(),
  buildEnd() {
    const pending = [...this.getModuleIds()].filter((id) => rootRoute.test(id));
    while (pending.length > 0) {
      const id = pending.pop() as string;
      if (shellModules.has(id)) continue;
      shellModules.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

// A feature's index.ts only re-exports. Marked free of side effects, a page that imports one name through it
// takes in that name's module alone, not every module the index names (and what those import).
// The same for src/web/i18n/index.ts: a page that only translates does not take in the failure texts' API
// client.
const featureEntry = /[\\/]src[\\/]web[\\/](features[\\/][^\\/]+|i18n)[\\/]index\.ts$/;
const featureEntries: Plugin = {
  name: "feature-entries-are-pure",
  transform: (code, id) => (featureEntry.test(id) ? { code, moduleSideEffects: false } : null),
};

// Our modules the home page runs beyond the shell, and other pages share: its content's (hydrated second,
// record 0014) and those the layout loads after every page's load event (the outbox's sender, the menu).
// They make a chunk of their own, so the home page does not load, and run, the "shared" chunk of every other
// page's code (zod's schemas, the data layer, the data desk's fields: 65 KB gzipped). Found name by name
// through the features' index.ts files (scripts/used-modules.ts).
const homeContentRoot =
  /[\\/]src[\\/]web[\\/](app[\\/]home[\\/]HomePage|features[\\/]eyewitness[\\/]OutboxSender|app[\\/]layout[\\/]SiteMenu)\.tsx$/;

// Our modules the public pages a visitor opens from search or a shared link (a state, all states, a school,
// the schools, open data, the estimates) share: a chunk of their own, so such a first visit does not load
// the signed-in screens' shared code (zod's schemas, the data desk, the dashboards: about 40 KB
// compressed). Found the same way, from the pages' route modules.
const publicPageRoot =
  /[\\/]src[\\/]web[\\/]app[\\/]routes[\\/](states|state|data|schools|school|estimates)\.tsx$/;

// Of those, the modules only the schools' pages (the list, one school) use, and the correction form's (a
// state's page and a school's): chunks of their own, so a first visit to /states or a state's page does
// not load the school search and cards (about 2 KB compressed), nor /states the form (about 2.5 KB).
const schoolPageRoot = /[\\/]src[\\/]web[\\/]app[\\/]routes[\\/](schools|school)\.tsx$/;
const otherPublicPageRoot = /[\\/]src[\\/]web[\\/]app[\\/]routes[\\/](states|state|data|estimates)\.tsx$/;
// The app's own controls (the pager): in "public" whichever public pages use them, as the published
// reports' pages and the signed-in area use them too.
const sharedUi = /[\\/]src[\\/]web[\\/]ui[\\/]/;
const correctionFormCode = /[\\/]src[\\/](web[\\/]features|domain)[\\/]corrections[\\/]/;

// Our modules the public pages of verified eyewitness reports (the list, one report) use beyond those: a
// chunk of their own, so such a visit does not load the signed-in screens' shared code either (zod's
// schemas and the data desk: 43 KB compressed, and their schemas built as the page starts), and the other
// public pages do not load the reports' code.
const publishedReportsRoot =
  /[\\/]src[\\/]web[\\/]app[\\/]routes[\\/](eyewitness-reports|eyewitness-report)\.tsx$/;

const lgaList = /[\\/](src[\\/]domain[\\/]reports[\\/]report-lgas\.ts|data[\\/]lgas\.json)$/;

/** A plugin that finds, at the end of each build, our modules reached from the modules `roots` matches. */
function modulesUsedFrom(name: string, roots: RegExp): { plugin: Plugin; modules: Set<string> } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name,
    buildStart: () => modules.clear(),
    buildEnd() {
      const found = [...this.getModuleIds()].filter((id) => roots.test(id));
      const graph = {
        code: (id: string) => this.getModuleInfo(id)?.code ?? null,
        importedIds: (id: string) => this.getModuleInfo(id)?.importedIds ?? [],
      };
      const used = usedModules(found, graph, {
        isOurs: (id) => sharedSource.test(id),
        isReexportIndex: (id) => featureEntry.test(id),
      });
      for (const id of used) modules.add(id);
    },
  };
  return { plugin, modules };
}
const homeContent = modulesUsedFrom("find-home-content-modules", homeContentRoot);
const publicPages = modulesUsedFrom("find-public-page-modules", publicPageRoot);
const otherPublicPages = modulesUsedFrom("find-other-public-page-modules", otherPublicPageRoot);
const publishedReports = modulesUsedFrom("find-published-report-modules", publishedReportsRoot);

// React Router's package points every import at its development build, whose dev-only warnings and
// messages are switched on by a constant, not by NODE_ENV, so a production bundle keeps them (about 2 KB
// gzipped). Its production build is the same code with that constant off: the browser's build uses it.
// The server's build leaves React Router to node_modules (Vite's default for a server build), so the
// server's request handler (src/server/site/web-app.ts) and the rendered routes share one copy.
const routerDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router")),
  "..",
  "production",
);
const productionRouter = [
  { find: /^react-router$/, replacement: path.join(routerDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(routerDist, "dom-export.mjs") },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  // The browser renders with Preact (preact/compat), the server's prerender with React: the same components,
  // about 55 KB less JavaScript before a page is usable (decision record 0016). The entry
  // (src/web/app/entry.client.tsx) hydrates as Preact needs.
  resolve: { alias: command === "build" && !isSsrBuild ? [...productionRouter, ...preactAliases] : [] },
  plugins: [
    nigeriaMap(),
    i18nCatalogues(),
    linguiPlainNumbers(),
    compileHints(),
    reactRouter(),
    featureEntries,
    findShellModules,
    homeContent.plugin,
    publicPages.plugin,
    otherPublicPages.plugin,
    publishedReports.plugin,
    // The service worker (src/web/features/offline/sw.ts, decision record 0013), built into build/client/sw.js
    // with the manifest and icons of public/ precached. The page registers it itself, after its load event;
    // the web manifest is the static public/manifest.webmanifest.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/web/features/offline",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: { globPatterns: ["manifest.webmanifest", "favicon.svg", "icons/*.png"] },
      integration: {
        // The plugin asks Rolldown for one file with Rollup's name for it, which Vite 8 warns is deprecated
        // (and a warning fails the build's test, record 0011): the same request in Rolldown's words.
        configureCustomSWViteBuild(config) {
          const rollupOptions = config.build?.rollupOptions;
          const output = rollupOptions?.output;
          if (rollupOptions && output && !Array.isArray(output) && "inlineDynamicImports" in output) {
            const { inlineDynamicImports: _, ...rest } = output;
            rollupOptions.output = { ...rest, codeSplitting: false };
          }
        },
      },
    }),
  ],
  // Vite's logger less one harmless warning of Vite's own (scripts/vite-logger.ts).
  customLogger: projectLogger(),
  build: {
    // One stylesheet (about 5 KB gzipped) instead of one per route: fewer render-blocking requests on a
    // slow connection, where each round trip costs more than the bytes.
    cssCodeSplit: false,
    rolldownOptions: {
      // The plugin-timings report measures React Router's prerendering, not our code, and comes and goes
      // with the machine's load; with it off, a build that prints a warning has something to fix.
      checks: { bundlerTimings: false },
      output: {
        // Fewer, larger requests: on a 150 ms round trip each extra module request costs more than its bytes.
        // React, React DOM and React Router come as one chunk; the layout's code (the root route's) as
        // another; what the home page's content shares with other pages as a third; what the public pages
        // share as a fourth; the rest of our own code shared by several pages as a fifth; the account
        // screens' code as a sixth.
        // Priorities matter: a group also takes in what its modules import.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|preact|scheduler|cookie)[\\/]|[\\/]src[\\/]web[\\/]preact[\\/]react\.ts$/,
              priority: 5,
            },
            {
              name: "shell",
              test: (id: string) => sharedSource.test(id) && shellModules.has(id),
              priority: 4,
            },
            {
              name: "home-shared",
              test: (id: string) => homeContent.modules.has(id),
              minShareCount: 2,
              priority: 3,
            },
            {
              name: "public",
              test: (id: string) =>
                publicPages.modules.has(id) &&
                !publicPageRoot.test(id) &&
                (otherPublicPages.modules.has(id) || sharedUi.test(id)) &&
                !correctionFormCode.test(id),
              minShareCount: 2,
              priority: 2.5,
            },
            {
              name: "public-schools",
              test: (id: string) =>
                publicPages.modules.has(id) && !otherPublicPages.modules.has(id) && !schoolPageRoot.test(id),
              minShareCount: 2,
              priority: 2.45,
            },
            {
              name: "public-corrections",
              test: (id: string) => publicPages.modules.has(id) && correctionFormCode.test(id),
              minShareCount: 2,
              priority: 2.4,
            },
            // The states' LGAs are also the data desk's: a chunk of their own, or every page that loads
            // the data desk would load the reports' code with them.
            { name: "lgas", test: lgaList, priority: 2.3 },
            // After the public pages' groups, which take the API client the data layer imports (a group
            // also takes in what its modules import); before the groups of the pages that read through it.
            {
              name: "data-layer",
              test: (id: string) => dataLayerPackage.test(id) || dataLayerCode.test(id),
              priority: 2.28,
            },

            {
              name: "published-reports",
              test: (id: string) => publishedReports.modules.has(id) && !publishedReportsRoot.test(id),
              minShareCount: 2,
              priority: 2.25,
            },
            // zod and the form's parts have chunks of their own, apart from "shared": the sign-in screens
            // need them, and "shared", which also holds the data desk's schemas, would bring its whole
            // start-up (about 50 ms on a fast machine) and the chunks it imports (the LGAs, the data layer).
            { name: "zod", test: zodPackage, priority: 2.2 },
            {
              name: "forms",
              test: (id: string) => formParts.test(id),
              minShareCount: 2,
              priority: 2.1,
            },
            {
              name: "shared",
              test: (id: string) =>
                sharedSource.test(id) &&
                !accountsCode.test(id) &&
                !schoolsCode.test(id) &&
                !reportsCode.test(id) &&
                !dataLayerCode.test(id),
              minShareCount: 2,
              priority: 2,
            },
            { name: "accounts", test: accountsCode, minShareCount: 2, priority: 1 },
            // Two modules every page asks for after it is usable (the site menu, once hydrated; the service
            // worker's registration, after the load event): one request instead of two, on a connection
            // where each costs a round trip and its headers. Last, so it takes nothing another group has.
            { name: "after-hydration", test: afterHydrationModules, priority: 0.5 },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3001", "/media": "http://localhost:3001" } },
}));
