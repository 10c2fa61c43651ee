import { stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { isReportId } from "../../domain/reports/published-report-text";
import type { PublishedReportView } from "../../domain/reports/review-rules";
import {
  isClientOnlyPath,
  isSecretLinkPath,
  paths,
  publishedDataPaths,
  routeManifestPath,
  type PublishedDataName,
} from "../../domain/routes";
import { pageKeeping, pageQuery } from "../../domain/page-query";
import { documentOnlyHeaders } from "../http/security-headers";
import { lazyDependenciesIn } from "./lazy-dependencies";
import { sitemapXml } from "./sitemap";
import { DEFAULT_LANGUAGE, localizePath } from "../../i18n/languages";
import type { PublishedDataSource } from "../datadesk/published-data";
import { siteLanguages } from "../i18n/server-messages";
import {
  keptAnswer,
  type KeptAnswer,
  PageRenderer,
  type RenderRequest,
  type SiteSettings,
  type VerifiedReportCounts,
} from "./page-renderer";
import { withReportHead } from "./report-meta";
import { socialCards } from "./social-cards";
import type { SocialCardMap } from "../../domain/social-card";
import type { PageDocumentReader } from "../datadesk/documents/page-documents";
import type { HistoryReader as PageHistoryReader } from "../datadesk/history/history-reader";
import type { DatasetVersionsReader } from "../opendata/routes";

// Serves the web app: hashed assets with long caching, public pages rendered on the server from the data
// as published now and kept until it changes (page-renderer.ts, decision record 0019), and the app shell
// otherwise (200 for client-rendered pages; unknown paths get the 'Page not found' page with 404). Each page's
// Content-Security-Policy allows exactly its own inline scripts by hash.
// Pages in other languages carry the language's prefix (/ha/states/25, /yo/verify-email/…); unknown paths
// under a prefix get that language's "Page not found". A visitor who chose a language (the `lang` cookie,
// src/web/i18n/remember-language.ts) and opens "/" is sent to that language's home; no other path is ever
// redirected, so a shared link opens in the language it was shared in.

/** The service worker (src/web/features/offline/sw.ts), which the pages register. */
const SERVICE_WORKER = "/sw.js";
const serviceWorkerPolicy = "default-src 'none'; connect-src 'self'; script-src 'self'";
/** The cookie with the language a visitor chose (LANGUAGE_COOKIE of the web app). */
const LANGUAGE_COOKIE_VALUE = /(?:^|;)\s*lang=([^;]*)/;
/** A path whose last segment has an extension: a file of the build, or a page's data (/states/25.data). */
const fileName = /\.[^/]*$/;
/** A built script or stylesheet: what a page loads, never a document itself. */
const builtSubresource = /^\/assets\/[^/]+\.(js|css)$/;

export interface WebSiteOptions {
  /** The browser's build (build/client); the server's renderer is beside it (build/server/index.js). */
  buildDir: string;
  /** The data the public pages show, as published now. */
  publishedData: PublishedDataSource;
  /** The public history of the published changes, which the history pages show (read at each render). */
  history?: PageHistoryReader;
  /** The uploaded documents the pages link (a state's law). */
  documents?: PageDocumentReader;
  /** The open datasets' versions, which /data lists. */
  openData?: DatasetVersionsReader;
  /** The verified reports' counts by state, which the explorer shows. */
  verifiedReports?: VerifiedReportCounts;
  /** The deployer's settings the pages show (PUBLIC_URL, SITE_*), read when the server starts. */
  site: SiteSettings;
  /** React Router's request handler; by default the one of the server build beside buildDir. */
  render?: RenderRequest;
  /** The pages of verified reports, /eyewitness-reports/{id}, with their link-preview tags. */
  reports?: {
    /** The verified report with this id (a well-formed report id), or null. */
    find: (id: string) => Promise<PublishedReportView | null>;
    /** The site's public address, without a trailing slash: og:url and og:image are absolute. */
    publicUrl: string;
  };
  /** The language codes a path may start with; the catalogue folders' (src/i18n/catalogues) by default. */
  languages?: readonly string[];
  /**
   * The map's outlines for the states' social cards (social-cards.ts); by default the server build's. The
   * cards are not served when `render` is given without it.
   */
  nigeriaMap?: () => Promise<SocialCardMap>;
  /** At most this many rendered answers are kept in memory (page-renderer.ts). */
  maxKeptPages?: number;
}

// What the page benchmark (bench/pages) builds its prerendered-files server from, as this server did.
export { inlineScriptHashes, keptAnswer, type KeptAnswer } from "./page-renderer";

declare module "fastify" {
  interface FastifyInstance {
    /** The public pages as rendered and kept (tests and the benchmark look at it). */
    pageRenderer: PageRenderer;
  }
}

/**
 * The React Router handler of the server build beside the browser's build (build/server/index.js), or an
 * error saying to build. The build is checked for at start-up and loaded with the first page: a server
 * that only answers the API (its tests) never loads the renderer.
 */
async function serverBuildHandler(
  buildDir: string,
): Promise<{ render: RenderRequest; nigeriaMap: () => Promise<SocialCardMap> }> {
  const serverBuild = path.join(buildDir, "..", "server", "index.js");
  const found = await stat(serverBuild).catch(() => null);
  if (!found?.isFile() || !(await stat(buildDir).catch(() => null))?.isDirectory()) {
    throw new Error(`The web app is not built: ${serverBuild} is missing. Run "npm run build".`);
  }
  let build: Promise<ServerBuild> | undefined;
  const loaded = () => (build ??= import(pathToFileURL(serverBuild).href) as Promise<ServerBuild>);
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return {
    render: async (request, loadContext) => {
      handler ??= loaded().then((built) => createRequestHandler(built, "production"));
      return (await handler)(request, loadContext as unknown as AppLoadContext);
    },
    nigeriaMap: async () => nigeriaMapOf(await loaded()),
  };
}

/** The map's outlines the server build's entry exports (src/web/app/entry.server.tsx). */
export function nigeriaMapOf(build: ServerBuild): SocialCardMap {
  const map = (build.entry.module as { nigeriaMap?: SocialCardMap }).nigeriaMap;
  if (!map) throw new Error('The server build\'s entry exports no nigeriaMap: run "npm run build" again.');
  return map;
}

export async function webSite(app: FastifyInstance, options: WebSiteOptions): Promise<void> {
  const buildDir = path.resolve(options.buildDir);
  const built = options.render
    ? { render: options.render, nigeriaMap: undefined }
    : await serverBuildHandler(buildDir);
  const render = built.render;
  const nigeriaMap = options.nigeriaMap ?? built.nigeriaMap;

  await app.register(fastifyStatic, { root: buildDir, serve: false, preCompressed: true });

  const renderer = new PageRenderer({
    render,
    publishedData: options.publishedData,
    site: options.site,
    history: options.history,
    documents: options.documents,
    openData: options.openData,
    verifiedReports: options.verifiedReports,
    contentSecurityPolicy,
    lazyDependencies: lazyDependenciesIn(buildDir),
    maxKept: options.maxKeptPages,
    warn: (message) => app.log.warn(message),
  });
  app.decorate("pageRenderer", renderer);
  app.addHook("onClose", async () => renderer.close());

  const languages = options.languages ?? siteLanguages();
  if (nigeriaMap) {
    await socialCards(app, { publishedData: options.publishedData, map: nigeriaMap, languages });
  }
  /** "/ha" for a visitor whose `lang` cookie names a language of the site other than English. */
  const homeRedirects = new Map(
    languages
      .filter((code) => code !== DEFAULT_LANGUAGE)
      .map((code) => [code, localizePath(paths.home(), code)]),
  );
  const chosenHome = (request: FastifyRequest): string | undefined => {
    const cookie = request.headers.cookie;
    if (cookie === undefined) return undefined;
    const chosen = LANGUAGE_COOKIE_VALUE.exec(cookie)?.[1]?.trim();
    return chosen === undefined ? undefined : homeRedirects.get(chosen);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url === "/") {
      // The only answer that depends on a cookie: caches keep it apart per cookie, the redirect not at all.
      const home = chosenHome(request);
      if (home !== undefined) {
        return reply.header("vary", "cookie").header("cache-control", "no-store").redirect(home, 302);
      }
      return sendAnswer(request, reply, await renderer.page("/"), "accept-encoding, cookie");
    }
    const pathname = decodePath(request.url);
    const target = pathname === null ? null : path.join(buildDir, pathname);
    if (
      pathname === null ||
      target === null ||
      (target !== buildDir && !target.startsWith(buildDir + path.sep))
    ) {
      return sendAnswer(request, reply, await renderer.page(paths.notFoundPage()), undefined, 404);
    }
    // Every built file's name has an extension (/assets/…js, /sw.js, /robots.txt); a page's path has none,
    // so a page costs no look at the disk (a failed stat, with its error, was a good part of its time).
    const found = fileName.test(pathname) ? await stat(target).catch(() => null) : null;
    if (found?.isFile() && pathname === SERVICE_WORKER) {
      // Always revalidated, so a deploy's worker is found on the next visit; its own policy lets it fetch
      // from this site only (a worker's policy comes from its script's answer).
      reply.header("cache-control", "no-cache").header("content-security-policy", serviceWorkerPolicy);
      return reply.sendFile(SERVICE_WORKER.slice(1), buildDir, { cacheControl: false });
    }
    if (found?.isFile() && !target.endsWith(".html")) {
      const immutable = pathname.startsWith("/assets/");
      if (immutable && builtSubresource.test(pathname)) {
        for (const name of documentOnlyHeaders) reply.removeHeader(name);
      }
      return reply.sendFile(path.relative(buildDir, target), buildDir, {
        maxAge: immutable ? 365 * 24 * 3600 * 1000 : 0,
        immutable: Boolean(immutable),
        // A hashed file never changes under its name, so nothing asks whether it did, nor for a part of it.
        ...(immutable ? { etag: false, lastModified: false, acceptRanges: false } : {}),
      });
    }
    if (pathname === routeManifestPath) {
      // Lazy route discovery: the routes of the paths the page's links lead to, asked for by React Router
      // in the browser with the build's version; the query is the whole question.
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      const answer = await renderer.routeManifest(routeManifestPath + query);
      if (answer.identity.length === 0) {
        // 204 (a page of another build: it reloads) or 400 (too long a question): nothing to compress.
        if (answer.reloadDocument) reply.header("x-remix-reload-document", "true");
        return reply.status(answer.status).header("cache-control", "no-store").send();
      }
      return sendAnswer(request, reply, answer, undefined, answer.status, answer.cacheControl);
    }
    if (pathname.endsWith(".data")) {
      // React Router's data for a move within the app (/states/25.data), rendered and kept like the page:
      // of its query, only what the page's own is made of and the router's `_routes` (which loaders to
      // run). Anything else (a school's `from`, a link's tracking) would render and keep one more copy.
      const search = new URLSearchParams(
        request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "",
      );
      const page = pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
      const ofPage = pageQuery(page, search, languages);
      const kept = new URLSearchParams(ofPage);
      const routes = search.get("_routes");
      if (routes !== null) kept.set("_routes", routes);
      const query = kept.size > 0 ? `?${kept.toString()}` : "";
      const keeping = pageKeeping(page, ofPage, languages);
      return sendAnswer(request, reply, await renderer.data(encodeURI(pathname) + query, keeping));
    }
    if (isClientOnlyPath(pathname, languages)) {
      // The verification and reset links carry a secret in the path: never send it on as a Referer.
      if (isSecretLinkPath(pathname, languages)) reply.header("referrer-policy", "no-referrer");
      return sendAnswer(request, reply, await renderer.appShell(), undefined, 200);
    }
    // A public page, or the "Page not found" (404) of the path's language, rendered by the app; the history
    // pages' filter and paging (pageQuery) make pages of their own, every other query is not the page's.
    const search = new URLSearchParams(
      request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "",
    );
    const ofPage = pageQuery(pathname, search, languages);
    return sendAnswer(
      request,
      reply,
      await renderer.page(encodeURI(pathname) + ofPage, pageKeeping(pathname, ofPage, languages)),
    );
  };

  app.get("/*", handler);

  // The sitemap and robots.txt name the site's address, which is read at run time (one build serves any
  // address), so the server writes them; the sitemap is made again when the data's generation moves.
  let keptSitemap: { generation: number; answer: Promise<KeptAnswer> } | undefined;
  app.get("/sitemap.xml", async (request, reply) => {
    const data = await options.publishedData.current();
    if (keptSitemap?.generation !== data.generation) {
      const xml = sitemapXml(data, options.site.publicUrl, languages);
      const answer = keptAnswer(
        Buffer.from(xml, "utf8"),
        200,
        "application/xml; charset=utf-8",
        undefined,
        "best",
      ).then((made) => ({ ...made, etag: `"sitemap-${data.generation}"` }));
      keptSitemap = { generation: data.generation, answer };
    }
    return sendAnswer(request, reply, await keptSitemap.answer);
  });
  const robots = `User-agent: *\nAllow: /\nDisallow: /dashboard\n\nSitemap: ${options.site.publicUrl}/sitemap.xml\n`;
  app.get("/robots.txt", (_request, reply) =>
    reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(robots),
  );

  // The full published records the browser fetches when it needs them (publishedDataPaths), answered from
  // the data as published now; the ETag is the data's generation, so an unchanged list costs a 304.
  const publishedAnswers = new Map<PublishedDataName, { generation: number; answer: Promise<KeptAnswer> }>();
  const publishedAnswer = async (name: PublishedDataName): Promise<KeptAnswer> => {
    const data = await options.publishedData.current();
    const kept = publishedAnswers.get(name);
    if (kept && kept.generation === data.generation) return kept.answer;
    const body = Buffer.from(JSON.stringify(name === "states" ? data.states : data.schools), "utf8");
    const answer = keptAnswer(body, 200, "application/json; charset=utf-8", undefined, "best").then(
      (made) => ({ ...made, etag: `"${name}-${data.generation}"` }),
    );
    publishedAnswers.set(name, { generation: data.generation, answer });
    return answer;
  };
  for (const name of Object.keys(publishedDataPaths) as PublishedDataName[]) {
    app.get(publishedDataPaths[name], async (request, reply) =>
      sendAnswer(request, reply, await publishedAnswer(name)),
    );
  }

  const { reports } = options;
  if (reports) {
    // The app shell with the report's own <head>; an unknown or unpublished id gets the plain shell with
    // 404, where the page says "Report not found". The same in every language (/ha/eyewitness-reports/…).
    const reportPaths = languages.map((code) => `${localizePath(paths.publishedReports(), code)}/:id`);
    const reportPage = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const id = request.params.id;
      const report = isReportId(id) ? await reports.find(id.toLowerCase()) : null;
      const shellAnswer = await renderer.appShell();
      if (!report) return sendAnswer(request, reply, shellAnswer, undefined, 404);
      const shell = shellAnswer.identity.toString("utf8");
      const html = withReportHead(shell, report, reports.publicUrl);
      const answer = await keptAnswer(
        Buffer.from(html, "utf8"),
        200,
        shellAnswer.contentType,
        shellAnswer.csp,
        "quick",
      );
      return sendAnswer(request, reply, answer);
    };
    for (const reportPath of reportPaths) app.get(reportPath, reportPage);
  }
}

function decodePath(url: string): string | null {
  try {
    return decodeURIComponent(url.split("?")[0] ?? "/");
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self'",
    // React writes a few style attributes (tooltip positions); attributes cannot run script.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    // Blob URLs are the page's own previews of files a visitor chose (report photographs).
    "connect-src 'self' blob:",
    // The service worker (/sw.js) and the web manifest, named although default-src already allows them.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptAnswer,
  vary = "accept-encoding",
  status = answer.status,
  cacheControl = "no-cache",
) {
  reply
    .status(status)
    .header("content-type", answer.contentType)
    .header("cache-control", cacheControl)
    .header("vary", vary)
    .header("etag", answer.etag);
  if (answer.csp !== undefined) reply.header("content-security-policy", answer.csp);
  if (answer.location !== undefined) reply.header("location", answer.location);
  if (status === 200 && request.headers["if-none-match"] === answer.etag) return reply.status(304).send();
  const accepts = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepts)) return reply.header("content-encoding", "br").send(answer.brotli);
  if (/\bgzip\b/.test(accepts)) return reply.header("content-encoding", "gzip").send(answer.gzip);
  return reply.send(answer.identity);
}
export { lazyImportsOf } from "./lazy-dependencies";
