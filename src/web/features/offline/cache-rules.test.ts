import { describe, expect, it } from "vitest";
import { cacheRuleFor, isCacheVisitedMessage, mergedRouteManifest, routeDataPathFor } from "./cache-rules";

describe("cacheRuleFor", () => {
  it("keeps the public pages: home, states, schools and the other prerendered pages", () => {
    for (const pathname of [
      "/",
      "/states",
      "/states/25",
      "/schools/12",
      "/about",
      "/data",
      "/eyewitness-reports",
    ]) {
      expect(cacheRuleFor(pathname), pathname).toBe("page");
    }
  });

  it("keeps the data React Router fetches for those pages", () => {
    for (const pathname of ["/_root.data", "/states/25.data", "/schools/12.data", "/about.data"]) {
      expect(cacheRuleFor(pathname), pathname).toBe("route-data");
    }
  });

  it("keeps React Router's answers about the routes a page's links lead to, and nothing else of that name", () => {
    expect(cacheRuleFor("/__manifest")).toBe("route-manifest");
    expect(cacheRuleFor("/__manifest.data")).not.toBe("route-manifest");
    expect(cacheRuleFor("/ha/__manifest")).not.toBe("route-manifest");
  });

  it("keeps the hashed build files", () => {
    expect(cacheRuleFor("/assets/root-AbC123.js")).toBe("asset");
    expect(cacheRuleFor("/assets/root-AbC123.css")).toBe("asset");
  });

  it("never keeps API answers, media or signed-in pages, which can carry a person's data", () => {
    for (const pathname of [
      "/api/v1/auth/me",
      "/api/v1/reports/mine",
      "/api/v1/reviews",
      "/api/v1/roles",
      "/api/v1/health",
      "/api",
      "/media/abc.jpg",
      "/media",
      "/dashboard",
      "/dashboard/my-reports",
      "/dashboard/my-reports.data",
      "/verify-email/a-token",
      "/reset-password/a-token",
      // The same pages in other languages.
      "/ha/dashboard",
      "/yo/dashboard/my-reports",
      "/pcm/dashboard/reviews.data",
      "/ig/verify-email/a-token",
      "/ha/reset-password/a-token",
      // Unknown pages of the signed-in area ("Page not found", 404) are of it all the same.
      "/dashboard/no-such-page",
      "/ha/dashboard/no-such-page.data",
    ]) {
      expect(cacheRuleFor(pathname), pathname).toBe("none");
    }
  });

  it("does not treat other files (the worker itself, robots.txt) as pages", () => {
    for (const pathname of ["/sw.js", "/robots.txt", "/manifest.webmanifest", "/favicon.svg"]) {
      expect(cacheRuleFor(pathname), pathname).toBe("none");
    }
  });
});

describe("isCacheVisitedMessage", () => {
  it("accepts the page's message and nothing else", () => {
    expect(isCacheVisitedMessage({ type: "cache-visited", urls: ["https://x.example/"] })).toBe(true);
    expect(isCacheVisitedMessage({ type: "cache-visited", urls: [1] })).toBe(false);
    expect(isCacheVisitedMessage({ type: "other", urls: [] })).toBe(false);
    expect(isCacheVisitedMessage(null)).toBe(false);
    expect(isCacheVisitedMessage("cache-visited")).toBe(false);
  });
});

describe("routeDataPathFor", () => {
  it("names the data file of each prerendered page", () => {
    expect(routeDataPathFor("/")).toBe("/_root.data");
    expect(routeDataPathFor("/states/25")).toBe("/states/25.data");
    expect(routeDataPathFor("/states/25/")).toBe("/states/25.data");
    expect(routeDataPathFor("/schools/3")).toBe("/schools/3.data");
    expect(routeDataPathFor("/states")).toBe("/states.data");
    expect(routeDataPathFor("/about")).toBe("/about.data");
    expect(routeDataPathFor("/ha")).toBe("/ha.data");
    expect(routeDataPathFor("/yo/states/25")).toBe("/yo/states/25.data");
    expect(cacheRuleFor("/ha/states/25")).toBe("page");
    expect(cacheRuleFor("/ha/states/25.data")).toBe("route-data");
  });

  it("names none for pages that are not prerendered", () => {
    for (const pathname of ["/eyewitness-reports/abc", "/dashboard", "/states/lagos", "/no-such-page"]) {
      expect(routeDataPathFor(pathname), pathname).toBeNull();
    }
  });
});

describe("mergedRouteManifest", () => {
  it("answers offline with every route the build's kept answers name, whatever batch they came in", () => {
    const root = { id: "root", path: "" };
    const state = { id: "routes/state", parentId: "root", path: "states/:id" };
    const school = { id: "routes/school", parentId: "root", path: "schools/:id" };
    expect(
      mergedRouteManifest([{ root, "routes/state": state }, null, "broken", { "routes/school": school }]),
    ).toEqual({
      root,
      "routes/state": state,
      "routes/school": school,
    });
  });

  it("has no answer when nothing of the build is kept", () => {
    expect(mergedRouteManifest([])).toBeNull();
    expect(mergedRouteManifest([null, [1, 2]])).toBeNull();
  });
});
