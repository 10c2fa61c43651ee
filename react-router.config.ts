import type { Config } from "@react-router/dev/config";
import schools from "./data/schools.json" with { type: "json" };
import states from "./data/states.json" with { type: "json" };
import { paths, staticPublicPaths } from "./src/domain/routes.ts";
import { readLanguages } from "./src/i18n/catalogue-files.ts";
import { localizePath } from "./src/i18n/languages.ts";

const publicPaths = [
  ...staticPublicPaths,
  ...states.map((state) => paths.state(state.id)),
  ...schools.map((school) => paths.school(school.id)),
];

// Public pages are rendered to HTML at build time so a slow phone paints them before any JavaScript runs;
// signed-in pages are client-rendered (ssr: false: no server rendering at run time).
export default {
  appDirectory: "src/web/app",
  buildDirectory: "build",
  ssr: false,
  // React Router 8's behaviours stay off until the move to Node 22 (decision record 0001); saying so
  // explicitly keeps the build output free of future-flag warnings.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
  // Every public page in every language (src/i18n/catalogues): a shared /ha/… link opens in Hausa at once.
  prerender: readLanguages().flatMap((language) =>
    publicPaths.map((path) => localizePath(path, language.code)),
  ),
} satisfies Config;
