import {
  type RouteConfig,
  type RouteConfigEntry,
  index,
  layout,
  prefix,
  route,
} from "@react-router/dev/routes";
import { readLanguages } from "../../i18n/catalogue-files";
import { DEFAULT_LANGUAGE } from "../../i18n/languages";

// Every screen of the product, once per language: English at the root, every other language under its
// code (`/ha/states/25`), the route ids prefixed with it ("ha/routes/state"; see `baseRouteId`). Paths are
// also built by src/domain/routes.ts (`paths`), which links use, and src/i18n/languages.ts (`localizePath`).
function screens(language: string): RouteConfigEntry[] {
  const idPrefix = language === DEFAULT_LANGUAGE ? "" : `${language}/`;
  const file = (name: string) => [`routes/${name}.tsx`, { id: `${idPrefix}routes/${name}` }] as const;
  return [
    index(...file("home")),
    route("about", ...file("about")),
    route("blog", ...file("blog")),
    route("opportunities", ...file("opportunities")),
    route("sdir", ...file("sdir")),
    route("eyewitnesspage", ...file("eyewitness-intro")),
    route("eyewitness-reports", ...file("eyewitness-reports")),
    route("eyewitness-reports/:reportId", ...file("eyewitness-report")),
    route("states", ...file("states")),
    route("data", ...file("data")),
    route("states/:stateId", ...file("state")),
    route("states/:stateId/history", ...file("state-history")),
    route("data/estimates", ...file("estimates")),
    route("schools", ...file("schools")),
    route("schools/:schoolId", ...file("school")),
    route("schools/:schoolId/history", ...file("school-history")),
    route("changes", ...file("changes")),
    route("translation-feedback", ...file("translation-feedback")),

    // Accounts (public; the token pages are client-rendered)
    route("register", ...file("auth/register")),
    route("login", ...file("auth/login")),
    route("forgot-password", ...file("auth/forgot-password")),
    route("verify-email/:token?", ...file("auth/verify-email")),
    route("reset-password/:token?", ...file("auth/reset-password")),

    // Signed-in area (client-rendered; signed-out visitors are sent to /)
    ...prefix("dashboard", [
      layout(...file("dashboard/layout"), [
        index(...file("dashboard/index")),
        route("my-reports", ...file("dashboard/my-reports")),
        route("profile", ...file("dashboard/profile")),
        route("reviews", ...file("dashboard/reviews")),
        route("user-roles", ...file("dashboard/user-roles")),
        route("data", ...file("dashboard/data")),
        route("data/new-school", ...file("dashboard/data-new-school")),
        route("data/import", ...file("dashboard/data-import")),
        route("data/changes", ...file("dashboard/data-changes")),
        route("data/documents", ...file("dashboard/data-documents")),
        route("data/:kind/:id", ...file("dashboard/data-record")),
      ]),
    ]),

    route("*", ...file("not-found")),
  ];
}

export default [
  ...screens(DEFAULT_LANGUAGE),
  ...readLanguages()
    .filter((language) => language.code !== DEFAULT_LANGUAGE)
    .flatMap((language) => prefix(language.code, screens(language.code))),
] satisfies RouteConfig;
