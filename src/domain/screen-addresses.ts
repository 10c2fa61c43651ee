import { paths, staticPublicPaths } from "./routes";

// Its own module, not routes.ts: every page loads routes.ts first (the layout's links), and only the
// service worker needs this list.

/**
 * One address of every screen of the web app, in English (src/web/app/routes.ts has the screens; a test
 * checks that every one is reached). The service worker asks the route manifest for these once per build
 * and language and keeps the answer, so offline a link to any screen, a signed-in one included, finds its
 * route although the page never showed a link to it (decision record 0024).
 */
export const oneAddressOfEachScreen: readonly string[] = [
  // The public pages without parameters (the home page, /about, /login, "Page not found", …).
  ...staticPublicPaths,
  paths.publishedReport("1"),
  paths.state(1),
  paths.stateHistory(1),
  paths.schools(),
  paths.school(1),
  paths.schoolHistory(1),
  paths.changes(),
  paths.verifyEmail("token"),
  paths.resetPassword("token"),
  paths.dashboard(),
  paths.myReports(),
  paths.profile(),
  paths.reviews(),
  paths.userRoles(),
  paths.dataDesk(),
  paths.dataNewSchool(),
  paths.dataImport(),
  paths.dataChanges(),
  paths.dataDocuments(),
  paths.dataRecord("state", "1"),
];
