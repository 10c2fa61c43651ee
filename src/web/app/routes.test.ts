// @vitest-environment node
// (The app's route config reads the catalogues' folders from the file system, as the build does.)
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { isClientOnlyPath } from "../../domain/routes";
import { readLanguages } from "../../i18n/catalogue-files";
import appRoutes from "./routes";

/** Every page's path pattern ("/ha/dashboard/data/:kind/:id"), children joined to their parents'. */
function pathsOf(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    return [...(entry.children ? [] : [path || "/"]), ...pathsOf(entry.children ?? [], path)];
  });
}

const languageCodes = readLanguages().map((language) => language.code);

describe("the signed-in area's pages, as the server knows them", () => {
  it("are every page of the route config under /dashboard, in every language, and no other", () => {
    const pages = pathsOf(appRoutes as RouteConfigEntry[]);
    const example = (pattern: string) =>
      pattern.replace(/:(\w+)\?/g, "x").replace(/:(\w+)/g, (_, name: string) => `some-${name}`);
    const signedIn = pages.filter((pattern) => /^(\/[a-z]{2,3})?\/dashboard(\/|$)/.test(pattern));
    expect(signedIn.length).toBe(11 * languageCodes.length);
    for (const pattern of signedIn)
      expect(isClientOnlyPath(example(pattern), languageCodes), pattern).toBe(true);
    for (const language of languageCodes) {
      const prefix = language === "en" ? "" : `/${language}`;
      expect(isClientOnlyPath(`${prefix}/dashboard/no-such-page`, languageCodes)).toBe(false);
    }
  });
});
