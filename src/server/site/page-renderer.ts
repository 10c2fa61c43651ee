import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { PublishedDataSource } from "../datadesk/published-data";
import type { SiteContacts } from "../../domain/site-contacts";
import type { HistoryReader } from "../datadesk/history/history-reader";
import type { PageDocumentReader } from "../datadesk/documents/page-documents";
import type { PageKeeping } from "../../domain/page-query";
import { deferHydration, type LazyDependencies } from "./defer-hydration";
import type { DatasetVersionsReader } from "../opendata/routes";

// Public pages are rendered by React Router on the server from the data as published now (decision record
// 0019) and kept as finished answers: HTML, its brotli and gzip forms, its ETag and the CSP hashes of its
// inline scripts, all computed once per render. A publication (publishedData.onChange) forgets them; the
// next request renders again. The app shell of the client-rendered pages depends on no data and is kept
// for the life of the process.

/** React Router's request handler (`createRequestHandler(build)`), with what the loaders read. */
export type RenderRequest = (request: Request, loadContext: PageLoadContext) => Promise<Response>;

/** The load context the pages' loaders read (src/web/app/datasets.ts names the same shape). */
export interface PageLoadContext {
  publishedData: unknown;
  site: SiteSettings;
  /** The history pages' reader (src/server/datadesk/history/history-reader.ts), when the server has one. */
  history?: HistoryReader;
  /** The uploaded documents the pages link (src/server/datadesk/documents/page-documents.ts). */
  documents?: PageDocumentReader;
  /** The open datasets' versions (src/server/opendata/dataset-versions-reader.ts), for /data. */
  openData?: DatasetVersionsReader;
  /** How many verified eyewitness reports each state has (the explorer on /states and the state pages). */
  verifiedReports?: VerifiedReportCounts;
}

/** The verified reports' counts by state, read from the reports store at each render. */
export interface VerifiedReportCounts {
  countByState(): Promise<{ stateId: number; verified: number }[]>;
  /** Calls `listener` when a review changed them; returns the unsubscribe. */
  onChange?(listener: () => void): () => void;
}

export interface SiteSettings {
  publicUrl: string;
  contacts: SiteContacts;
}

/** An answer ready to send, compressed once. */
export interface KeptAnswer {
  status: number;
  contentType: string;
  /** The page's Content-Security-Policy (its inline scripts' hashes); undefined for data answers. */
  csp: string | undefined;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** Where a redirect goes (React Router's answer's Location). */
  location?: string;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The SHA-256 hashes of a page's inline scripts, as a CSP source list wants them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(inlineScript)].map(
    (match) =>
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
  );
  return [...new Set(hashes)];
}

export async function keptAnswer(
  body: Buffer,
  status: number,
  contentType: string,
  csp: string | undefined,
  compression: "best" | "quick",
): Promise<KeptAnswer> {
  const best = compression === "best";
  // Compressed in zlib's thread pool: a page's brotli at quality 11 takes tens of milliseconds, which the
  // event loop should not wait for.
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: best ? 9 : 6 }),
    brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 } }),
  ]);
  return {
    status,
    contentType,
    csp,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    identity: body,
    gzip: gzipped,
    brotli,
  };
}

/** React Router's route manifest answer, with the headers the browser's router reads. */
export interface RouteManifestAnswer extends KeptAnswer {
  cacheControl: string;
  /** The page asking is of another build: React Router in the browser reloads the document. */
  reloadDocument: boolean;
}

export interface PageRendererOptions {
  render: RenderRequest;
  publishedData: PublishedDataSource;
  site: SiteSettings;
  /** What the history pages read; every kept page is forgotten on a publication, theirs too. */
  history?: HistoryReader;
  /** The uploaded documents the pages link; a document's record changes only by a publication. */
  documents?: PageDocumentReader;
  /** The open datasets' versions; they change only by a publication. */
  openData?: DatasetVersionsReader;
  /** The verified reports' counts: they change by a review, which calls forget() (app.ts). */
  verifiedReports?: VerifiedReportCounts;
  /** The page's Content-Security-Policy for its inline scripts' hashes. */
  contentSecurityPolicy: (scriptHashes: string[]) => string;
  /** At most this many answers are kept (the oldest go first); unknown paths are never kept. */
  maxKept?: number;
  /** At most this many answers of occasional queries (pageKeeping), kept apart from the rest. */
  maxKeptOccasional?: number;
  /** The route modules' lazy imports, preloaded with the page's modules (lazy-dependencies.ts). */
  lazyDependencies?: LazyDependencies;
  /** Told once when a page's module script has a shape deferHydration does not know. */
  warn?: (message: string) => void;
}

// Every render's request comes from this origin: the loaders see the path only, and nothing of the
// visitor's request (cookies, headers) reaches a page that is kept for everyone.
const renderOrigin = "http://localhost";

export class PageRenderer {
  private readonly kept = new Map<string, Promise<KeptAnswer>>();
  /** The answers of occasional queries (/states filtered and sorted): a run through them evicts only these. */
  private readonly keptOccasional = new Map<string, Promise<KeptAnswer>>();
  private shell: Promise<KeptAnswer> | undefined;
  /** Raised by every publication: a render that began before it is sent but not kept. */
  private epoch = 0;
  private warnedAboutShape = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: PageRendererOptions) {
    const unsubscribeData = options.publishedData.onChange(() => this.forget());
    // The explorer's pages count the verified reports, which a review changes without a publication.
    const unsubscribeReports = options.verifiedReports?.onChange?.(() => this.forget());
    this.unsubscribe = () => {
      unsubscribeData();
      unsubscribeReports?.();
    };
  }

  /** Forgets every kept page and data answer (the app shell stays: it shows no published data). */
  forget(): void {
    this.epoch++;
    this.kept.clear();
    this.keptOccasional.clear();
  }

  close(): void {
    this.unsubscribe();
  }

  /** How many answers are kept now (tests and the benchmark read it). */
  get keptCount(): number {
    return this.kept.size + this.keptOccasional.size;
  }

  /**
   * A public page (`/states/25`, `/ha`), rendered or kept; a query is part of it only where the page reads
   * one (`/changes?state=25`, the caller's pageQuery of src/domain/page-query.ts).
   */
  page(pathAndQuery: string, keeping: PageKeeping = "kept"): Promise<KeptAnswer> {
    const url = new URL(pathAndQuery, renderOrigin).href;
    // A query of typed text (pageKeeping) is rendered for its visitor only.
    if (keeping === "never") return this.renderToAnswer(new Request(url), "page");
    return this.answer(`page:${pathAndQuery}`, url, "page", keeping);
  }

  /** The data React Router fetches to move to a page within the app (`/states/25.data?_routes=…`). */
  data(pathAndQuery: string, keeping: PageKeeping = "kept"): Promise<KeptAnswer> {
    const url = new URL(pathAndQuery, renderOrigin).href;
    if (keeping === "never") return this.renderToAnswer(new Request(url), "data");
    return this.answer(`data:${pathAndQuery}`, url, "data", keeping);
  }

  /**
   * React Router's answer to lazy route discovery (`/__manifest?paths=/a,/b&version=…`): the manifest's
   * entries of the routes those paths match, in this build. Never kept here: it depends on the build alone,
   * any query makes one, and the browser keeps it (React Router marks it immutable; its address names the
   * build's version). A page of an older build gets 204 with X-Remix-Reload-Document, so it reloads.
   */
  async routeManifest(pathAndQuery: string): Promise<RouteManifestAnswer> {
    const { render, publishedData, site } = this.options;
    const response = await render(new Request(new URL(pathAndQuery, renderOrigin).href), {
      publishedData: await publishedData.current(),
      site,
    });
    const body = Buffer.from(await response.arrayBuffer());
    const answer = await keptAnswer(
      body,
      response.status,
      response.headers.get("content-type") ?? "application/json; charset=utf-8",
      undefined,
      "quick",
    );
    return {
      ...answer,
      cacheControl: response.headers.get("cache-control") ?? "no-cache",
      reloadDocument: response.headers.has("x-remix-reload-document"),
    };
  }

  /**
   * The app shell of the client-rendered pages: React Router's SPA mode, rendered down to the root route
   * (with the shell's English messages), as the build's __spa-fallback.html used to be.
   */
  appShell(): Promise<KeptAnswer> {
    if (!this.shell) {
      // React Router honours the SPA-mode header only in a build request; no visitor's header ever
      // reaches a render (every request is made here, from a path), so none can switch it on.
      process.env.IS_RR_BUILD_REQUEST = "yes";
      const request = new Request(`${renderOrigin}/`, { headers: { "X-React-Router-SPA-Mode": "yes" } });
      this.shell = this.renderToAnswer(request, "page");
      this.shell.catch(() => (this.shell = undefined));
    }
    return this.shell;
  }

  private answer(
    key: string,
    url: string,
    kind: "page" | "data",
    keeping: Exclude<PageKeeping, "never">,
  ): Promise<KeptAnswer> {
    const kept = keeping === "occasional" ? this.keptOccasional : this.kept;
    const found = kept.get(key);
    if (found) {
      // Most recently used last: the oldest answer is the first to go when the limit is reached.
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const epoch = this.epoch;
    const rendering = this.renderToAnswer(new Request(url), kind);
    kept.set(key, rendering);
    rendering.then(
      (answer) => {
        // An unknown path is not kept (anyone can ask for any number of them); neither is a page rendered
        // from data a publication has replaced meanwhile.
        if (answer.status === 404 || answer.status >= 500 || epoch !== this.epoch) drop();
      },
      () => drop(),
    );
    const drop = () => {
      if (kept.get(key) === rendering) kept.delete(key);
    };
    const limit =
      keeping === "occasional" ? (this.options.maxKeptOccasional ?? 200) : (this.options.maxKept ?? 5_000);
    while (kept.size > limit) {
      const oldest = kept.keys().next().value;
      if (oldest === undefined) break;
      kept.delete(oldest);
    }
    return rendering;
  }

  private async renderToAnswer(request: Request, kind: "page" | "data"): Promise<KeptAnswer> {
    const { render, publishedData, site, history, documents, openData, verifiedReports } = this.options;
    const context: PageLoadContext = { publishedData: await publishedData.current(), site };
    if (history) context.history = history;
    if (documents) context.documents = documents;
    if (openData) context.openData = openData;
    if (verifiedReports) context.verifiedReports = verifiedReports;
    const response = await render(request, context);
    const contentType = response.headers.get("content-type") ?? "text/html";
    const location = response.headers.get("location") ?? undefined;
    const body = await response.text();
    if (kind === "data" || !contentType.startsWith("text/html")) {
      const answer = await keptAnswer(
        Buffer.from(body, "utf8"),
        response.status,
        contentType,
        undefined,
        "quick",
      );
      return location ? { ...answer, location } : answer;
    }
    const deferred = deferHydration(body, this.options.lazyDependencies);
    if (deferred === null && !this.warnedAboutShape && body.includes("<script")) {
      this.warnedAboutShape = true;
      this.options.warn?.(
        `A page's module script has an unknown shape; its hydration is not deferred (${request.url}).`,
      );
    }
    const html = deferred ?? body;
    const csp = this.options.contentSecurityPolicy(inlineScriptHashes(html));
    const answer = await keptAnswer(
      Buffer.from(html, "utf8"),
      response.status,
      "text/html; charset=utf-8",
      csp,
      "best",
    );
    return location ? { ...answer, location } : answer;
  }
}
