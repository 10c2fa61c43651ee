import type { Config } from "@react-router/dev/config";

// Public pages are rendered on the server when asked for, from the data as published then, and kept as HTML
// until the data changes (decision record 0017, src/server/site/page-renderer.ts): a slow phone still paints
// complete HTML before any JavaScript runs. Signed-in pages and the pages of e-mailed links are rendered in
// the browser from the app shell, as before.
export default {
  appDirectory: "src/web/app",
  buildDirectory: "build",
  ssr: true,
  // The whole route manifest comes with the page, as it did when pages were prerendered: no request to
  // /__manifest before a link can be followed (and none the service worker would have to keep offline).
  routeDiscovery: { mode: "initial" },
  // React Router 8's behaviours stay off until the move to Node 22 (decision record 0001); saying so
  // explicitly keeps the build output free of future-flag warnings.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
