import type { Config } from "@react-router/dev/config";
import schools from "./data/schools.json" with { type: "json" };
import states from "./data/states.json" with { type: "json" };
import { paths, staticPublicPaths } from "./src/domain/routes.ts";

// Public pages are rendered to HTML at build time so a slow phone paints them before any JavaScript runs;
// signed-in pages are client-rendered (ssr: false: no server rendering at run time).
export default {
  appDirectory: "src/web/app",
  buildDirectory: "build",
  ssr: false,
  prerender: [
    ...staticPublicPaths,
    ...states.map((state) => paths.state(state.id)),
    ...schools.map((school) => paths.school(school.id)),
  ],
} satisfies Config;
