import type { Config } from "@react-router/dev/config";
import { routeManifestPath } from "./src/domain/routes";

// Public pages are rendered on the server when asked for, from the data as published then, and kept as HTML
// until the data changes (decision record 0017, src/server/site/page-renderer.ts): a slow phone still paints
// complete HTML before any JavaScript runs. Signed-in pages and the pages of e-mailed links are rendered in
// the browser from the app shell, as before.
export default {
  appDirectory: "src/web/app",
  buildDirectory: "build",
  ssr: true,
  // A page carries only its own routes; the routes its links lead to are asked for at /__manifest when the
  // links appear (decision record 0024: the whole manifest, every screen in five languages, was 3.7 KB of
  // every page's first load). The service worker keeps those answers, and the routes of every screen once
  // per build, so any link works offline (src/web/features/offline/sw.ts).
  routeDiscovery: { mode: "lazy", manifestPath: routeManifestPath },
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
