import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { paths } from "../../src/domain/routes";
import { readLanguages } from "../../src/i18n/catalogue-files";
import { localizePath } from "../../src/i18n/languages";
import {
  homeFirstLoadJsBudgetBytes,
  otherFirstLoadJsBudgetBytes,
  publicFirstLoadJsBudgetBytes,
} from "./budgets";

// What each public route makes a phone download before it is usable: the JavaScript and CSS of its first
// load, gzipped at level 9 file by file (as scripts/precompress.ts serves them) and summed. The route's
// HTML, as the server sends it (pages are rendered by the server, decision record 0017: `servedPages`
// asks a running server), is the source of truth: it lists every module preload, stylesheet and inline
// module import the browser fetches first; the static imports inside those modules are followed too, in
// case a preload is ever missing. Dynamic imports (lazy chunks) are not part of the first load.

export const defaultClientDir = path.resolve("build/client");

/** What reports call the app shell the server sends for client-only pages. */
export const SPA_FALLBACK_PAGE = "__spa-fallback.html";

/** The HTML of a route's page, or null when there is none. */
export type PageReader = (route: FirstLoadRoute) => Promise<Buffer | null>;

/** Pages read from files under a folder (route.page relative to it): the unit tests' miniature builds. */
export function filePages(dir: string): PageReader {
  return async (route) => {
    const file = path.join(dir, route.page);
    return existsSync(file) ? readFile(file) : null;
  };
}

/** Pages as a running server sends them (route.url; no Accept-Encoding, so the bytes are the HTML's). */
export function servedPages(baseUrl: string): PageReader {
  return async (route) => {
    const response = await fetch(new URL(route.url ?? route.name, baseUrl), {
      headers: { "accept-encoding": "identity" },
    });
    return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
  };
}

export interface FirstLoadRoute {
  /** What reports call the route: its path, or a description for the app shell. */
  name: string;
  /** Its page's name in reports (and its file, for filePages). */
  page: string;
  /** The address the server answers it at, for servedPages; the name when not given. */
  url?: string;
  /**
   * Route ids (as in the build manifest, e.g. "routes/login") whose modules the browser imports right
   * after the page, for client-only pages served by the app shell.
   */
  clientRouteIds?: string[];
  /** Most gzipped first-load JavaScript allowed, in bytes. */
  jsBudgetBytes: number;
}

/** "/" → "index.html", "/states/25" → "states/25/index.html": where React Router prerenders a path. */
export function prerenderedPage(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "index.html" : `${trimmed}/index.html`;
}

function prerendered(pathname: string, jsBudgetBytes = publicFirstLoadJsBudgetBytes): FirstLoadRoute {
  return { name: pathname, page: prerenderedPage(pathname), jsBudgetBytes };
}

/** The public routes whose first load is measured and budgeted. Add a route here to budget it. */
export const firstLoadRoutes: FirstLoadRoute[] = [
  // The home page in every language: a page's messages come with its HTML, never in its JavaScript.
  ...readLanguages().map((language) =>
    prerendered(localizePath(paths.home(), language.code), homeFirstLoadJsBudgetBytes),
  ),
  prerendered(paths.about()),
  prerendered(paths.states()),
  prerendered(paths.estimates()),
  prerendered(paths.state(25)),
  prerendered(paths.school(1)),
  prerendered(paths.login(), otherFirstLoadJsBudgetBytes),
  prerendered(paths.publishedReports()),
  {
    name: "SPA fallback (client-only pages)",
    page: SPA_FALLBACK_PAGE,
    url: paths.dashboard(),
    jsBudgetBytes: otherFirstLoadJsBudgetBytes,
  },
];

export interface AssetSize {
  /** The URL the page uses, e.g. "/assets/root-Ch9eZn3x.css". */
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface AssetTotals {
  bytes: number;
  gzipBytes: number;
  assets: AssetSize[];
}

export interface FirstLoad {
  name: string;
  page: string;
  jsBudgetBytes: number;
  /** The HTML document itself (its inline scripts included). */
  html: { bytes: number; gzipBytes: number };
  js: AssetTotals;
  css: AssetTotals;
}

export class MissingPageError extends Error {}

interface PageReferences {
  scripts: string[];
  styles: string[];
  inlineScripts: string[];
}

const attributePattern = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g;

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(attributePattern)) {
    found.set((match[1] ?? "").toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
  }
  return found;
}

/** Same-origin URL path of a reference, or null for other origins and data: URLs. */
function localUrl(reference: string): string | null {
  if (!reference.startsWith("/") || reference.startsWith("//")) return null;
  return reference.split(/[?#]/)[0] ?? null;
}

// Inline module scripts load the route modules and the client entry, statically or with import().
const inlineImportPattern = /\b(?:from|import)\s*\(?\s*["'`]([^"'`\s]+\.js)["'`]/g;
// Static imports and re-exports inside a built module; import("...") is lazy and left out.
const staticImportPattern = /\b(?:from|import)\s*["'`]([^"'`\s]+\.js)["'`]/g;

/** The assets a built HTML page makes the browser fetch first. */
export function pageReferences(html: string): PageReferences {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const inlineScripts: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = localUrl(attrs.get("href") ?? "");
    if (!href) continue;
    if (rel.includes("modulepreload")) scripts.add(href);
    else if (rel.includes("stylesheet")) styles.add(href);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attributes(match[1] ?? "").get("src");
    if (src !== undefined) {
      const url = localUrl(src);
      if (url) scripts.add(url);
      continue;
    }
    const body = match[2] ?? "";
    inlineScripts.push(body);
    for (const imported of body.matchAll(inlineImportPattern)) {
      const url = localUrl(imported[1] ?? "");
      if (url) scripts.add(url);
    }
  }
  return { scripts: [...scripts], styles: [...styles], inlineScripts };
}

function fileOf(clientDir: string, url: string): string {
  const root = path.resolve(clientDir);
  const file = path.join(root, decodeURIComponent(url));
  if (!file.startsWith(root + path.sep)) throw new Error(`${url} points outside ${root}`);
  return file;
}

interface RouteManifestEntry {
  parentId?: string;
  module: string;
  imports?: string[];
  css?: string[];
}

async function readRouteManifest(
  clientDir: string,
  scriptUrls: string[],
): Promise<Record<string, RouteManifestEntry>> {
  const manifestUrl = scriptUrls.find((url) => /\/manifest-[^/]*\.js$/.test(url));
  if (!manifestUrl) throw new Error("The page preloads no manifest-*.js: cannot find client route modules.");
  const source = await readFile(fileOf(clientDir, manifestUrl), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  const manifest = JSON.parse(json) as { routes: Record<string, RouteManifestEntry> };
  return manifest.routes;
}

type SizeCache = Map<string, Promise<{ bytes: number; gzipBytes: number; text: string }>>;

function sizeOf(file: string, cache: SizeCache) {
  let size = cache.get(file);
  if (!size) {
    size = readFile(file).then((content) => ({
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
      text: content.toString("utf8"),
    }));
    cache.set(file, size);
  }
  return size;
}

/** The sizes of built assets named by the URLs a page uses (what a browser loaded, say). */
export function assetTotals(urls: string[], clientDir: string = defaultClientDir): Promise<AssetTotals> {
  return totals(urls, clientDir, new Map());
}

async function totals(urls: string[], clientDir: string, cache: SizeCache): Promise<AssetTotals> {
  const assets: AssetSize[] = [];
  for (const url of urls) {
    const { bytes, gzipBytes } = await sizeOf(fileOf(clientDir, url), cache);
    assets.push({ url, bytes, gzipBytes });
  }
  return {
    bytes: assets.reduce((sum, asset) => sum + asset.bytes, 0),
    gzipBytes: assets.reduce((sum, asset) => sum + asset.gzipBytes, 0),
    assets,
  };
}

interface ResolvedFirstLoad {
  html: Buffer;
  inlineScripts: string[];
  scripts: string[];
  styles: string[];
}

async function resolveFirstLoad(
  route: FirstLoadRoute,
  clientDir: string,
  cache: SizeCache,
  readPage: PageReader,
): Promise<ResolvedFirstLoad> {
  const html = await readPage(route);
  if (html === null) {
    throw new MissingPageError(
      `${route.name}: its page (${route.url ?? route.page}) is missing. Is the route in the app, ` +
        'and is the build current ("npm run build")?',
    );
  }
  const references = pageReferences(html.toString("utf8"));
  const scripts = new Set(references.scripts);
  const styles = new Set(references.styles);

  if (route.clientRouteIds?.length) {
    const routes = await readRouteManifest(clientDir, references.scripts);
    for (const id of route.clientRouteIds) {
      if (!routes[id]) throw new Error(`${route.name}: the build manifest has no route "${id}".`);
      for (
        let entry: RouteManifestEntry | undefined = routes[id];
        entry;
        entry = entry.parentId ? routes[entry.parentId] : undefined
      ) {
        for (const url of [entry.module, ...(entry.imports ?? [])]) scripts.add(url);
        for (const url of entry.css ?? []) styles.add(url);
      }
    }
  }

  // Follow static imports, so a module that is imported but not preloaded still counts.
  const pending = [...scripts];
  for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
    const file = fileOf(clientDir, url);
    if (!existsSync(file)) throw new Error(`${route.name}: ${route.page} loads ${url}, which is not built.`);
    const { text } = await sizeOf(file, cache);
    for (const match of text.matchAll(staticImportPattern)) {
      const specifier = match[1] ?? "";
      if (!specifier.startsWith(".") && !specifier.startsWith("/")) continue;
      const imported = new URL(specifier, `http://build${url}`).pathname;
      if (!scripts.has(imported) && existsSync(fileOf(clientDir, imported))) {
        scripts.add(imported);
        pending.push(imported);
      }
    }
  }
  for (const url of styles) {
    if (!existsSync(fileOf(clientDir, url))) {
      throw new Error(`${route.name}: ${route.page} links ${url}, which is not built.`);
    }
  }
  return { html, inlineScripts: references.inlineScripts, scripts: [...scripts], styles: [...styles] };
}

/** Measures one route's first load. Throws MissingPageError when its HTML is not in the build. */
export async function measureFirstLoad(
  route: FirstLoadRoute,
  clientDir: string = defaultClientDir,
  readPage: PageReader = filePages(clientDir),
  cache: SizeCache = new Map(),
): Promise<FirstLoad> {
  const resolved = await resolveFirstLoad(route, clientDir, cache, readPage);
  return {
    name: route.name,
    page: route.page,
    jsBudgetBytes: route.jsBudgetBytes,
    html: { bytes: resolved.html.length, gzipBytes: gzipSync(resolved.html, { level: 9 }).length },
    js: await totals(resolved.scripts, clientDir, cache),
    css: await totals(resolved.styles, clientDir, cache),
  };
}

export type FirstLoadReport = FirstLoad | { name: string; page: string; missing: string };

/** Measures every route; a route whose HTML is not built is reported as missing, not thrown. */
export async function measureFirstLoads(
  routes: FirstLoadRoute[] = firstLoadRoutes,
  clientDir: string = defaultClientDir,
  readPage: PageReader = filePages(clientDir),
): Promise<FirstLoadReport[]> {
  const cache: SizeCache = new Map();
  const reports: FirstLoadReport[] = [];
  for (const route of routes) {
    try {
      reports.push(await measureFirstLoad(route, clientDir, readPage, cache));
    } catch (error) {
      if (!(error instanceof MissingPageError)) throw error;
      reports.push({ name: route.name, page: route.page, missing: error.message });
    }
  }
  return reports;
}

/**
 * All the JavaScript text a route runs on its first load: its modules and the page's inline scripts
 * (which carry the prerendered loader data). Used to prove that data a route does not show is not in it.
 */
export async function firstLoadJavaScriptText(
  route: FirstLoadRoute,
  clientDir: string = defaultClientDir,
  readPage: PageReader = filePages(clientDir),
): Promise<string> {
  const cache: SizeCache = new Map();
  const resolved = await resolveFirstLoad(route, clientDir, cache, readPage);
  const modules = await Promise.all(
    resolved.scripts.map(async (url) => (await sizeOf(fileOf(clientDir, url), cache)).text),
  );
  return [...modules, ...resolved.inlineScripts].join("\n");
}

/**
 * The longest piece of a text without quotes, backticks, backslashes, dollar signs or line breaks: the
 * minifier may escape those characters, so only such a piece can be looked for verbatim in built code.
 */
export function verbatimPiece(text: string): string {
  return text
    .split(/["'`\\$\n]/)
    .map((piece) => piece.trim())
    .reduce((longest, piece) => (piece.length > longest.length ? piece : longest), "");
}
