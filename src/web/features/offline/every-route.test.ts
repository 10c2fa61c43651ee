// @vitest-environment node
// (The app's route config reads the catalogues' folders from the file system, as the build does.)
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import appRoutes from "../../app/routes";
import { everyRouteQuestions, languageCodes } from "./cache-rules";

// The service worker keeps, once per build, the route manifest's answers naming every screen: a screen
// missing from those questions could not be reached offline unless a page had shown a link to it.
describe("everyRouteQuestions", () => {
  // An index route under a prefix ("/ha", "/dashboard") keeps the prefix as its path.
  const routeObject = (entry: RouteConfigEntry): RouteObject =>
    entry.index
      ? { id: entry.id, index: true, path: entry.path }
      : { id: entry.id, path: entry.path, children: entry.children?.map(routeObject) };
  const routes = (appRoutes as RouteConfigEntry[]).map(routeObject);
  const idsOf = (entries: RouteConfigEntry[]): string[] =>
    entries.flatMap((entry) => [entry.id ?? entry.file, ...idsOf(entry.children ?? [])]);

  it("asks once per language, each address within React Router's limit, for this build only", () => {
    const questions = everyRouteQuestions("abc123");
    expect(questions).toHaveLength(languageCodes.length);
    for (const question of questions) {
      const url = new URL(question, "https://inclusion-atlas.example");
      expect(url.pathname).toBe("/__manifest");
      expect(url.searchParams.get("version")).toBe("abc123");
      expect(url.href.length).toBeLessThan(7680);
    }
  });

  it("names every screen of the app in every language, so every route is kept for offline", () => {
    const reached = new Set(
      everyRouteQuestions("v").flatMap((question) =>
        (new URL(question, "https://x").searchParams.get("paths") ?? "")
          .split(",")
          .flatMap((path) => (matchRoutes(routes, path) ?? []).map((match) => match.route.id)),
      ),
    );
    const every = idsOf(appRoutes as RouteConfigEntry[]);
    expect(every.length).toBeGreaterThan(150);
    expect(every.filter((id) => !reached.has(id))).toEqual([]);
  });
});
