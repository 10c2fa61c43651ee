import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentOnlyHeaders, securityHeaders, sendSecurityHeaders } from "../http/security-headers";
import type { PublishedReportView } from "../../domain/reports/review-rules";
import { noContacts } from "../../domain/site-contacts";
import type { PublishedData, PublishedDataSource } from "../datadesk/published-data";
import type { RenderRequest } from "./page-renderer";
import { webSite } from "./web-app";

// A miniature build (an asset, the service worker, the manifest) and a stand-in for React Router's renderer
// that answers like the app does: a page per known path, the app shell in SPA mode, and the "Page not
// found" of the path's language with 404. The real renderer is tested in page-rendering.test.ts.
const inlineScript = 'window.__context = {"page":"about"};';
const page = `<!DOCTYPE html><html><body><h1>About</h1><script>${inlineScript}</script><script type="module" src="/assets/app.js"></script></body></html>`;
const shell = "<!DOCTYPE html><html><body><script>window.__spa = true;</script></body></html>";
const notFound = '<!DOCTYPE html><html lang="en"><body><h1>Page not found</h1></body></html>';
const yorubaNotFound = '<!DOCTYPE html><html lang="yo"><body><h1>A kò rí ojú-ìwé náà</h1></body></html>';
const home = '<!DOCTYPE html><html lang="en"><body><h1>Home</h1></body></html>';
const hausaHome = '<!DOCTYPE html><html lang="ha"><body><h1>Gida</h1></body></html>';

function miniatureRenderer(pages: Record<string, string>, appShell = shell): RenderRequest {
  return async (request) => {
    const html = (body: string, status = 200) =>
      new Response(body, { status, headers: { "content-type": "text/html" } });
    if (request.headers.get("X-React-Router-SPA-Mode") === "yes") return html(appShell);
    const { pathname } = new URL(request.url);
    if (pathname.endsWith(".data")) {
      return new Response("[]", { headers: { "content-type": "text/x-script" } });
    }
    const known = pages[pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname];
    if (known !== undefined) return html(known);
    return html(pathname.startsWith("/yo/") ? yorubaNotFound : notFound, 404);
  };
}

const siteSettings = { publicUrl: "https://atlas.example.ng", contacts: noContacts };
const publishedData: PublishedDataSource = {
  current: async () => ({ generation: 1 }) as PublishedData,
  onChange: () => () => undefined,
  close: async () => undefined,
};

let buildDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(tmpdir(), "web-app-test-"));
  await mkdir(path.join(buildDir, "assets"), { recursive: true });
  await writeFile(path.join(buildDir, "assets", "app.js"), "console.log('app');");
  await writeFile(path.join(buildDir, "assets", "app.css"), "body { margin: 0; }");
  await writeFile(path.join(buildDir, "assets", "map.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(buildDir, "sw.js"), "self.addEventListener('fetch', () => undefined);");
  await writeFile(path.join(buildDir, "manifest.webmanifest"), '{"name":"Inclusion Atlas"}');
  app = Fastify();
  await app.register(webSite, {
    buildDir,
    publishedData,
    site: siteSettings,
    render: miniatureRenderer({ "/about": page }),
  });
});

afterAll(async () => {
  await app.close();
  await rm(buildDir, { recursive: true, force: true });
});

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("serving the built web app", () => {
  it("serves a rendered page with a CSP that allows exactly its inline scripts", async () => {
    const response = await app.inject({ method: "GET", url: "/about" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain("<h1>About</h1>");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' ${sha256(inlineScript)}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("compresses pages with brotli when the browser accepts it", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/about/",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });

  it("answers 304 when the page has not changed", async () => {
    const first = await app.inject({ method: "GET", url: "/about" });
    const again = await app.inject({
      method: "GET",
      url: "/about",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("sends the app's 'Page not found' with 404 for an unknown path, readable without JavaScript", async () => {
    const response = await app.inject({ method: "GET", url: "/no/such/page" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(notFound);
  });

  it("serves the app shell with 200 for client-rendered pages, with its inline script's hash", async () => {
    for (const url of ["/dashboard", "/dashboard/profile", "/verify-email/abc", "/reset-password/abc?x=1"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(shell);
      expect(String(response.headers["content-security-policy"])).toContain(sha256("window.__spa = true;"));
    }
  });

  it("never sends the secret of a token page on as a Referer", async () => {
    const response = await app.inject({ method: "GET", url: "/reset-password/secret-token-value" });
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    const other = await app.inject({ method: "GET", url: "/about" });
    expect(other.headers["referrer-policy"]).toBeUndefined();
  });

  it("caches hashed assets for a year, and has pages' data revalidated", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/app.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Nothing to revalidate or ask in parts: the headers would only cost a phone bytes.
    for (const name of ["etag", "last-modified", "accept-ranges"])
      expect(asset.headers[name], name).toBeUndefined();
    const data = await app.inject({ method: "GET", url: "/about.data" });
    expect(data.statusCode).toBe(200);
    expect(data.headers["content-type"]).toBe("text/x-script");
    expect(data.headers["cache-control"]).toBe("no-cache");
  });

  it("serves the service worker revalidated on every visit, allowed to fetch from this site only", async () => {
    const response = await app.inject({ method: "GET", url: "/sw.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'none'; connect-src 'self'; script-src 'self'",
    );
  });

  it("serves the web manifest as a manifest, and pages allow it and the service worker", async () => {
    const manifest = await app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toEqual({ name: "Inclusion Atlas" });
    const csp = String(
      (await app.inject({ method: "GET", url: "/about" })).headers["content-security-policy"],
    );
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it("does not let a path climb out of the build folder", async () => {
    for (const url of ["/..%2f..%2fetc%2fpasswd", "/assets/..%2f..%2fpackage.json"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toBe(notFound);
    }
    // A malformed escape is refused before it reaches the file system.
    expect((await app.inject({ method: "GET", url: "/%E0%A4%A" })).statusCode).toBe(400);
  });
});

describe("starting without a build", () => {
  it("fails with a message saying to build", async () => {
    const empty = Fastify();
    await expect(
      empty
        .register(webSite, {
          buildDir: path.join(tmpdir(), "no-build-here"),
          publishedData,
          site: siteSettings,
        })
        .ready(),
    ).rejects.toThrow(/The web app is not built.*npm run build/);
  });
});

describe("a verified report's page", () => {
  let dir: string;
  let site: FastifyInstance;
  const id = "3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f70";
  const plainId = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
  const headShell =
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Inclusion Atlas</title></head><body><script>window.__spa = true;</script></body></html>';
  const report: PublishedReportView = {
    id,
    commentType: "barrier",
    comment: `The ramp "ends" in a step <script>alert('x')</script> & $& more`,
    createdAt: "2026-03-01T09:00:00.000Z",
    publishedAt: "2026-03-02T09:00:00.000Z",
    reporterName: "Chiamaka",
    videoUrl: null,
    media: [
      {
        id: "photo-1",
        kind: "photo",
        contentType: "image/jpeg",
        bytes: 1000,
        url: "/media/photo-1",
        description: null,
        width: 3000,
        height: 2000,
        variants: [
          { width: 320, height: 213, url: "/media/photo-1?w=320" },
          { width: 1280, height: 853, url: "/media/photo-1?w=1280" },
        ],
      },
    ],
    place: { stateId: 25, state: "Lagos", lga: "Ikeja", place: null, occurredOn: "2026-02-27" },
  };
  const plain: PublishedReportView = { ...report, id: plainId, media: [], comment: "No photo here." };
  const asked: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "web-app-report-"));
    site = Fastify();
    await site.register(webSite, {
      buildDir: dir,
      publishedData,
      site: siteSettings,
      render: miniatureRenderer({}, headShell),
      reports: {
        publicUrl: "https://atlas.example.ng",
        find: async (wanted) => {
          asked.push(wanted);
          return [report, plain].find((candidate) => candidate.id === wanted) ?? null;
        },
      },
    });
  });
  afterAll(async () => {
    await site.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Every <meta> of the page's <head>, by its name or property, as a browser would read it. */
  function headOf(html: string) {
    const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? "";
    const metas = new Map<string, string>();
    for (const match of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"\/>/g)) {
      metas.set(match[1]!, match[2]!);
    }
    return { titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]), metas };
  }

  it("writes the report's title, description, Open Graph and Twitter tags into the shell, escaped", async () => {
    const response = await site.inject({ method: "GET", url: `/eyewitness-reports/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const { titles, metas } = headOf(response.body);
    const title = "Barrier report, Ikeja, Lagos, 27 February 2026 | Inclusion Atlas";
    expect(titles).toEqual([title]);
    const description =
      "The ramp &quot;ends&quot; in a step &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; $&amp; more";
    expect(Object.fromEntries(metas)).toEqual({
      description,
      "og:type": "article",
      "og:site_name": "Inclusion Atlas",
      "og:title": title,
      "og:description": description,
      "og:url": `https://atlas.example.ng/eyewitness-reports/${id}`,
      "og:image": "https://atlas.example.ng/media/photo-1?w=1280",
      "twitter:card": "summary_large_image",
      "twitter:title": title,
      "twitter:description": description,
      "twitter:image": "https://atlas.example.ng/media/photo-1?w=1280",
    });
    // The user's text never becomes markup, and the shell's script is still the only one.
    expect(response.body).not.toContain("<script>alert");
    expect(response.body.match(/<script/g)).toHaveLength(1);
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' ${sha256("window.__spa = true;")}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("has a summary card and no image tags for a report without photographs; compresses", async () => {
    const response = await site.inject({
      method: "GET",
      url: `/eyewitness-reports/${plainId.toUpperCase()}`,
      headers: { "accept-encoding": "br" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    const { metas } = headOf(brotliDecompressSync(response.rawPayload).toString());
    expect(metas.get("twitter:card")).toBe("summary");
    expect(metas.get("og:description")).toBe("No photo here.");
    expect(metas.has("og:image")).toBe(false);
    expect(metas.has("twitter:image")).toBe(false);
    expect(asked).toContain(plainId);
  });

  it("serves a report's page with its tags under a language's prefix too", async () => {
    const response = await site.inject({ method: "GET", url: `/ha/eyewitness-reports/${id}` });
    expect(response.statusCode).toBe(200);
    expect(headOf(response.body).metas.get("og:description")).toContain("The ramp");
  });

  it("answers the plain shell with 404 for an unknown, unpublished or malformed id", async () => {
    asked.length = 0;
    for (const url of [
      "/eyewitness-reports/9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e",
      "/eyewitness-reports/not-an-id",
      "/eyewitness-reports/%3Cscript%3E",
    ]) {
      const response = await site.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(headShell);
    }
    // Only the well-formed id was looked up.
    expect(asked).toEqual(["9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e"]);
  });
});

describe("pages in other languages", () => {
  let dir: string;
  let site: FastifyInstance;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "web-app-languages-"));
    site = Fastify();
    await site.register(webSite, {
      buildDir: dir,
      publishedData,
      site: siteSettings,
      render: miniatureRenderer({ "/": home, "/ha": hausaHome }),
      languages: ["en", "ha", "ig", "pcm", "yo"],
    });
  });
  afterAll(async () => {
    await site.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves the app shell with 200 for client-rendered pages under a language's prefix", async () => {
    for (const url of [
      "/yo/verify-email/abc",
      "/ha/dashboard",
      "/pcm/dashboard/profile/",
      "/ig/reset-password/x?y=1",
    ]) {
      const response = await site.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(shell);
    }
    const secret = await site.inject({ method: "GET", url: "/yo/reset-password/secret-token-value" });
    expect(secret.headers["referrer-policy"]).toBe("no-referrer");
    // In any case, as the browser's router matches: not the "Page not found" HTML it would then replace.
    for (const url of ["/IG/Reset-Password/secret-token-value", "/Yo/Verify-Email/abc", "/HA/DASHBOARD"]) {
      const response = await site.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(shell);
    }
    const mixedCase = await site.inject({ method: "GET", url: "/IG/Reset-Password/secret-token-value" });
    expect(mixedCase.headers["referrer-policy"]).toBe("no-referrer");
    // A prefix that is not one of the site's languages is just an unknown path.
    expect((await site.inject({ method: "GET", url: "/fr/dashboard" })).statusCode).toBe(404);
  });

  it("answers an unknown path under a prefix with the page the app renders for it, with 404", async () => {
    const yoruba = await site.inject({ method: "GET", url: "/yo/no/such/page" });
    expect(yoruba.statusCode).toBe(404);
    expect(yoruba.body).toBe(yorubaNotFound);
  });

  it("serves a language's home with or without the trailing slash", async () => {
    for (const url of ["/ha", "/ha/"]) {
      const response = await site.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(hausaHome);
    }
  });

  it("sends a visitor who chose a language from '/' to that language's home, uncached and varying by cookie", async () => {
    const response = await site.inject({
      method: "GET",
      url: "/",
      headers: { cookie: "theme=dark; lang=ha" },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/ha");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(String(response.headers.vary).toLowerCase()).toContain("cookie");
  });

  it("never redirects without a chosen language, for English or an unknown one, or any other path", async () => {
    for (const cookie of [undefined, "lang=en", "lang=fr", "language=ha", "lang="]) {
      const response = await site.inject({ method: "GET", url: "/", headers: cookie ? { cookie } : {} });
      expect(response.statusCode, cookie).toBe(200);
      expect(response.body, cookie).toBe(home);
      // The home page's answer depends on the cookie: a shared cache must not give it to a Hausa reader.
      expect(String(response.headers.vary), cookie).toBe("accept-encoding, cookie");
    }
    for (const url of ["/about", "/?state=kano", "/yo/no/such/page", "/ha", "/dashboard"]) {
      const response = await site.inject({ method: "GET", url, headers: { cookie: "lang=ha" } });
      expect(response.statusCode, url).not.toBe(302);
      expect(response.headers.location, url).toBeUndefined();
    }
  });
});

describe("the security headers of the built files", () => {
  let guarded: FastifyInstance;

  beforeAll(async () => {
    guarded = Fastify();
    sendSecurityHeaders(guarded);
    await guarded.register(webSite, {
      buildDir,
      publishedData,
      site: siteSettings,
      render: miniatureRenderer({ "/about": page }),
    });
  });

  afterAll(async () => {
    await guarded.close();
  });

  it("sends a built script or stylesheet without the headers only a document acts on", async () => {
    for (const url of ["/assets/app.js", "/assets/app.css"]) {
      const response = await guarded.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      for (const name of documentOnlyHeaders)
        expect(response.headers[name], `${url} ${name}`).toBeUndefined();
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      expect(response.headers["strict-transport-security"], url).toBe(
        securityHeaders["strict-transport-security"],
      );
    }
  });

  it("keeps every header on what can be opened as a document: a page, an image, the service worker", async () => {
    for (const url of ["/about", "/assets/map.svg", "/sw.js"]) {
      const response = await guarded.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      expect(String(response.headers["content-security-policy"]), url).toContain("default-src");
    }
  });
});
