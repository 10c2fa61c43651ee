import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isReportId } from "../../domain/reports/published-report-text";
import type { PublishedReportView } from "../../domain/reports/review-rules";
import { hasOwnNotFound, isClientOnlyPath, isSecretLinkPath, paths } from "../../domain/routes";
import { DEFAULT_LANGUAGE, languageOfPath, localizePath } from "../../i18n/languages";
import { siteLanguages } from "../i18n/server-messages";
import { withReportHead } from "./report-meta";

// Serves the built web app: hashed assets with long caching, a prerendered page where one exists, and the
// app shell otherwise (200 for client-rendered pages, 404 for unknown paths, which the app shows as
// 'Page not found'). Each page's Content-Security-Policy allows exactly its own inline scripts by hash.
// Pages in other languages carry the language's prefix (/ha/states/25, /yo/verify-email/…); unknown paths
// under a prefix get that language's "Page not found". A visitor who chose a language (the `lang` cookie,
// src/web/i18n/remember-language.ts) and opens "/" is sent to that language's home; no other path is ever
// redirected, so a shared link opens in the language it was shared in.

const SPA_FALLBACK = "__spa-fallback.html";
/** The service worker (src/web/features/offline/sw.ts), which the pages register. */
const SERVICE_WORKER = "/sw.js";
const serviceWorkerPolicy = "default-src 'none'; connect-src 'self'; script-src 'self'";
/** The cookie with the language a visitor chose (LANGUAGE_COOKIE of the web app). */
const LANGUAGE_COOKIE_VALUE = /(?:^|;)\s*lang=([^;]*)/;

interface Page {
  csp: string;
  etag: string;
  identity: Buffer;
  readonly gzip: Buffer;
  readonly brotli: Buffer;
}

export interface WebSiteOptions {
  buildDir: string;
  /** The pages of verified reports, /eyewitness-reports/{id}, with their link-preview tags. */
  reports?: {
    /** The verified report with this id (a well-formed report id), or null. */
    find: (id: string) => Promise<PublishedReportView | null>;
    /** The site's public address, without a trailing slash: og:url and og:image are absolute. */
    publicUrl: string;
  };
  /** The language codes a path may start with; the catalogue folders' (src/i18n/catalogues) by default. */
  languages?: readonly string[];
}

export async function webSite(app: FastifyInstance, options: WebSiteOptions): Promise<void> {
  const buildDir = path.resolve(options.buildDir);
  await stat(path.join(buildDir, SPA_FALLBACK)).catch(() => {
    throw new Error(
      `The web app is not built: ${path.join(buildDir, SPA_FALLBACK)} is missing. Run "npm run build".`,
    );
  });

  await app.register(fastifyStatic, { root: buildDir, serve: false, preCompressed: true });

  const languages = options.languages ?? siteLanguages();
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

  const pages = new Map<string, Promise<Page>>();
  const loadPage = (file: string) => {
    let page = pages.get(file);
    if (!page) {
      page = readPage(file);
      pages.set(file, page);
      page.catch(() => pages.delete(file));
    }
    return page;
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url === "/") {
      // The only answer that depends on a cookie: caches keep it apart per cookie, the redirect not at all.
      const home = chosenHome(request);
      if (home !== undefined) {
        return reply.header("vary", "cookie").header("cache-control", "no-store").redirect(home, 302);
      }
      const index = path.join(buildDir, "index.html");
      if ((await stat(index).catch(() => null))?.isFile()) {
        return sendPage(request, reply, await loadPage(index), 200, "accept-encoding, cookie");
      }
    }
    const pathname = decodePath(request.url);
    const target = pathname === null ? null : path.join(buildDir, pathname);
    if (target === null || (target !== buildDir && !target.startsWith(buildDir + path.sep))) {
      return sendPage(request, reply, await loadPage(path.join(buildDir, SPA_FALLBACK)), 404);
    }
    const found = await stat(target).catch(() => null);
    if (found?.isFile() && pathname === SERVICE_WORKER) {
      // Always revalidated, so a deploy's worker is found on the next visit; its own policy lets it fetch
      // from this site only (a worker's policy comes from its script's answer).
      reply.header("cache-control", "no-cache").header("content-security-policy", serviceWorkerPolicy);
      return reply.sendFile(SERVICE_WORKER.slice(1), buildDir, { cacheControl: false });
    }
    if (found?.isFile() && !target.endsWith(".html")) {
      const immutable = pathname?.startsWith("/assets/");
      return reply.sendFile(path.relative(buildDir, target), buildDir, {
        maxAge: immutable ? 365 * 24 * 3600 * 1000 : 0,
        immutable: Boolean(immutable),
      });
    }
    const index = path.join(target, "index.html");
    if (found?.isDirectory() && (await stat(index).catch(() => null))?.isFile()) {
      return sendPage(request, reply, await loadPage(index), 200);
    }
    const status = pathname !== null && isClientOnlyPath(pathname, languages) ? 200 : 404;
    if (status === 404 && pathname !== null && !hasOwnNotFound(pathname, languages)) {
      // The "Page not found" of the path's language, or the English one if that language has none.
      const language = languageOfPath(pathname, languages);
      for (const code of new Set([language, DEFAULT_LANGUAGE])) {
        const notFoundPage = path.join(buildDir, localizePath(paths.notFoundPage(), code), "index.html");
        if ((await stat(notFoundPage).catch(() => null))?.isFile()) {
          return sendPage(request, reply, await loadPage(notFoundPage), 404);
        }
      }
    }
    // The verification and reset links carry a secret in the path: never send it on as a Referer.
    if (pathname !== null && isSecretLinkPath(pathname, languages)) {
      reply.header("referrer-policy", "no-referrer");
    }
    return sendPage(request, reply, await loadPage(path.join(buildDir, SPA_FALLBACK)), status);
  };

  app.get("/*", handler);

  const { reports } = options;
  if (reports) {
    // The app shell with the report's own <head>; an unknown or unpublished id gets the plain shell with
    // 404, where the page says "Report not found". The same in every language (/ha/eyewitness-reports/…).
    const reportPaths = languages.map((code) => `${localizePath(paths.publishedReports(), code)}/:id`);
    const reportPage = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const shellFile = path.join(buildDir, SPA_FALLBACK);
      const id = request.params.id;
      const report = isReportId(id) ? await reports.find(id.toLowerCase()) : null;
      const shellPage = await loadPage(shellFile);
      if (!report) return sendPage(request, reply, shellPage, 404);
      const shell = shellPage.identity.toString("utf8");
      const html = withReportHead(shell, report, reports.publicUrl);
      return sendPage(request, reply, pageOf(Buffer.from(html, "utf8"), "quick"), 200);
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

async function readPage(file: string): Promise<Page> {
  return pageOf(await readFile(file), "best");
}

/** A page ready to send: its CSP, ETag and compressed bodies ("quick" for pages made per request). */
function pageOf(identity: Buffer, compression: "best" | "quick"): Page {
  const best = compression === "best";
  const html = identity.toString("utf8");
  const scriptHashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
  );
  // Each encoding is compressed when first asked for: a page made per request (a report's page) pays
  // only for the one encoding its visitor accepts.
  let gzip: Buffer | undefined;
  let brotli: Buffer | undefined;
  return {
    csp: contentSecurityPolicy([...new Set(scriptHashes)]),
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    identity,
    get gzip() {
      gzip ??= gzipSync(identity, { level: best ? 9 : 6 });
      return gzip;
    },
    get brotli() {
      brotli ??= brotliCompressSync(identity, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 },
      });
      return brotli;
    },
  };
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

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  status: number,
  vary = "accept-encoding",
) {
  reply
    .status(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("content-security-policy", page.csp)
    .header("cache-control", "no-cache")
    .header("vary", vary)
    .header("etag", page.etag);
  if (status === 200 && request.headers["if-none-match"] === page.etag) return reply.status(304).send();
  const accepts = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepts)) return reply.header("content-encoding", "br").send(page.brotli);
  if (/\bgzip\b/.test(accepts)) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.identity);
}
