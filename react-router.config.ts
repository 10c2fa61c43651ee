import type { Config } from "@react-router/dev/config";

// Public pages are rendered on the server when asked for, from the data as published then, and kept as HTML
// until the data changes (decision record 0017, src/server/site/page-renderer.ts): a slow phone still paints
// complete HTML before any JavaScript runs. Signed-in pages and the pages of e-mailed links are rendered in
// the browser from the app shell, as before.
export default {
  appDirectory: "src/web/app",
  buildDirectory: "build",
  ssr: true,
  // Every page carries the whole route manifest, so a link to any screen works offline through the service
  // worker whatever the visitor opened before. Lazy discovery (asking /__manifest for the routes a page's
  // links lead to) saved 3.6 KB of the home page's first load, but a signed-in screen or a page never
  // discovered online could not be reached offline: record 0024 says why it is off. The server and the
  // service worker still handle /__manifest, so switching it on again is this line alone.
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
