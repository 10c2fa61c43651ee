import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  firstLoadJavaScriptText,
  measureFirstLoad,
  measureFirstLoads,
  MissingPageError,
  prerenderedPage,
  SPA_FALLBACK_PAGE,
  verbatimPiece,
  type FirstLoadRoute,
} from "./bundle-size";

// A miniature React Router build: a prerendered home page, the app shell, a manifest and modules that
// import each other statically and lazily.
const files: Record<string, string> = {
  "assets/manifest-1.js":
    'window.__reactRouterManifest={"routes":{"root":{"id":"root","module":"/assets/root-1.js","imports":[],"css":["/assets/root-1.css"]},' +
    '"routes/login":{"id":"routes/login","parentId":"root","module":"/assets/login-1.js","imports":["/assets/form-1.js"],"css":["/assets/login-1.css"]}}};',
  "assets/entry-1.js": 'import{a}from"./runtime-1.js";import("./lazy-schools-1.js");a();',
  "assets/runtime-1.js": 'import"./shared-1.js";export const a=()=>`runtime`;',
  "assets/shared-1.js": "export const shared=1;",
  "assets/root-1.js": 'import{a}from"./runtime-1.js";export default a;',
  "assets/home-1.js": "export default function Home(){return `Home`}",
  "assets/lazy-schools-1.js": "export const schools=[`Abia School for the Blind, Umuahia`];",
  "assets/login-1.js": 'import"./form-1.js";export default 1;',
  "assets/form-1.js": "export const form=1;",
  "assets/root-1.css": "body{margin:0}",
  "assets/login-1.css": "form{display:grid}",
  "index.html":
    '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/manifest-1.js"/>' +
    '<link rel="modulepreload" href="/assets/entry-1.js"/><link rel="modulepreload" href="/assets/root-1.js"/>' +
    '<link rel="modulepreload" href="/assets/home-1.js"/><link rel="stylesheet" href="/assets/root-1.css"/>' +
    '<link rel="icon" href="/favicon.svg"/></head><body><h1>Home</h1>' +
    '<script>window.__loaderData = {"count": 249};</script>' +
    '<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\n' +
    'import("/assets/entry-1.js");</script></body></html>',
  [SPA_FALLBACK_PAGE]:
    '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/manifest-1.js"/>' +
    '<link rel="modulepreload" href="/assets/entry-1.js"/><link rel="modulepreload" href="/assets/root-1.js"/>' +
    '<link rel="stylesheet" href="/assets/root-1.css"/></head><body></body></html>',
};

const gzipped = (name: string) => gzipSync(files[name] ?? "", { level: 9 }).length;
const sum = (names: string[]) => names.reduce((total, name) => total + gzipped(name), 0);

const homeRoute: FirstLoadRoute = { name: "/", page: "index.html", jsBudgetBytes: 1000 };
let clientDir: string;

beforeEach(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), "bundle-size-"));
  await mkdir(path.join(clientDir, "assets"));
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(clientDir, name), content);
});

afterEach(async () => {
  await rm(clientDir, { recursive: true, force: true });
});

describe("a route's first load", () => {
  it("counts every module the page preloads or imports, and the static imports inside them", async () => {
    const load = await measureFirstLoad(homeRoute, clientDir);
    const js = [
      "assets/manifest-1.js",
      "assets/entry-1.js",
      "assets/root-1.js",
      "assets/home-1.js",
      "assets/runtime-1.js",
      "assets/shared-1.js",
    ];
    expect(load.js.assets.map((asset) => asset.url).sort()).toEqual(js.map((name) => `/${name}`).sort());
    expect(load.js.gzipBytes).toBe(sum(js));
    expect(load.css).toMatchObject({ gzipBytes: gzipped("assets/root-1.css") });
    expect(load.html.gzipBytes).toBe(gzipped("index.html"));
  });

  it("leaves out modules that are only imported lazily", async () => {
    const load = await measureFirstLoad(homeRoute, clientDir);
    expect(load.js.assets.map((asset) => asset.url)).not.toContain("/assets/lazy-schools-1.js");
    const text = await firstLoadJavaScriptText(homeRoute, clientDir);
    expect(text).not.toContain("Abia School for the Blind");
  });

  it("includes the page's inline scripts, which carry its prerendered data, in its JavaScript text", async () => {
    expect(await firstLoadJavaScriptText(homeRoute, clientDir)).toContain('{"count": 249}');
  });

  it("adds a client-only page's route module, its imports and its styles from the manifest", async () => {
    const login: FirstLoadRoute = {
      name: "/login",
      page: SPA_FALLBACK_PAGE,
      clientRouteIds: ["routes/login"],
      jsBudgetBytes: 1000,
    };
    const load = await measureFirstLoad(login, clientDir);
    expect(load.js.assets.map((asset) => asset.url)).toEqual(
      expect.arrayContaining(["/assets/login-1.js", "/assets/form-1.js", "/assets/root-1.js"]),
    );
    expect(load.js.assets.map((asset) => asset.url)).not.toContain("/assets/home-1.js");
    expect(load.css.assets.map((asset) => asset.url).sort()).toEqual([
      "/assets/login-1.css",
      "/assets/root-1.css",
    ]);
  });

  it("says which route is not built instead of measuring nothing", async () => {
    const school: FirstLoadRoute = { name: "/schools/1", page: "schools/1/index.html", jsBudgetBytes: 1000 };
    await expect(measureFirstLoad(school, clientDir)).rejects.toThrow(MissingPageError);
    const reports = await measureFirstLoads([homeRoute, school], clientDir);
    expect(reports[1]).toMatchObject({ name: "/schools/1", missing: expect.stringContaining("is missing") });
    expect(reports[0]).toHaveProperty("js");
  });

  it("fails when the page loads a module the build does not have", async () => {
    await rm(path.join(clientDir, "assets/home-1.js"));
    await expect(measureFirstLoad(homeRoute, clientDir)).rejects.toThrow(
      "/assets/home-1.js, which is not built",
    );
  });
});

describe("where a path is prerendered", () => {
  it("maps the home page and nested paths to their index.html", () => {
    expect(prerenderedPage("/")).toBe("index.html");
    expect(prerenderedPage("/states/25")).toBe("states/25/index.html");
    expect(prerenderedPage("/about/")).toBe("about/index.html");
  });
});

describe("a verbatim piece of a text", () => {
  it("is its longest run without characters a minifier may escape", () => {
    expect(verbatimPiece("Lagos State Special People's Law, 2011 created LASODA and a Disability Fund")).toBe(
      "s Law, 2011 created LASODA and a Disability Fund",
    );
    expect(verbatimPiece('He said "no"')).toBe("He said");
  });
});
