import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webSite } from "./web-app";

// A miniature build: one prerendered page with an inline script, the app shell, an asset and a data file.
const inlineScript = 'window.__context = {"page":"about"};';
const page = `<!DOCTYPE html><html><body><h1>About</h1><script>${inlineScript}</script><script type="module" src="/assets/app.js"></script></body></html>`;
const shell = "<!DOCTYPE html><html><body><script>window.__spa = true;</script></body></html>";

let buildDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(tmpdir(), "web-app-test-"));
  await mkdir(path.join(buildDir, "about"), { recursive: true });
  await mkdir(path.join(buildDir, "assets"), { recursive: true });
  await writeFile(path.join(buildDir, "about", "index.html"), page);
  await writeFile(path.join(buildDir, "__spa-fallback.html"), shell);
  await writeFile(path.join(buildDir, "assets", "app.js"), "console.log('app');");
  await writeFile(path.join(buildDir, "about.data"), "[]");
  app = Fastify();
  await app.register(webSite, { buildDir });
});

afterAll(async () => {
  await app.close();
  await rm(buildDir, { recursive: true, force: true });
});

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("serving the built web app", () => {
  it("serves a prerendered page with a CSP that allows exactly its inline scripts", async () => {
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

  it("serves the app shell with 404 for an unknown path, so the app can say 'Page not found'", async () => {
    const response = await app.inject({ method: "GET", url: "/no/such/page" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("window.__spa = true;");
    expect(String(response.headers["content-security-policy"])).toContain(sha256("window.__spa = true;"));
  });

  it("serves the app shell with 200 for client-rendered pages", async () => {
    for (const url of ["/dashboard", "/dashboard/profile", "/verify-email/abc", "/reset-password/abc?x=1"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it("never sends the secret of a token page on as a Referer", async () => {
    const response = await app.inject({ method: "GET", url: "/reset-password/secret-token-value" });
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    const other = await app.inject({ method: "GET", url: "/about" });
    expect(other.headers["referrer-policy"]).toBeUndefined();
  });

  it("caches hashed assets for a year and data files not at all", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/app.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const data = await app.inject({ method: "GET", url: "/about.data" });
    expect(data.statusCode).toBe(200);
    expect(data.headers["cache-control"]).toBe("public, max-age=0");
  });

  it("does not let a path climb out of the build folder", async () => {
    for (const url of ["/..%2f..%2fetc%2fpasswd", "/assets/..%2f..%2fpackage.json"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain("window.__spa = true;");
    }
    // A malformed escape is refused before it reaches the file system.
    expect((await app.inject({ method: "GET", url: "/%E0%A4%A" })).statusCode).toBe(400);
  });
});

describe("the prerendered 'Page not found'", () => {
  let dir: string;
  let site: FastifyInstance;
  const notFound = "<!DOCTYPE html><html><body><h1>Page not found</h1></body></html>";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "web-app-404-"));
    await mkdir(path.join(dir, "not-found"), { recursive: true });
    await writeFile(path.join(dir, "not-found", "index.html"), notFound);
    await writeFile(path.join(dir, "__spa-fallback.html"), shell);
    site = Fastify();
    await site.register(webSite, { buildDir: dir });
  });
  afterAll(async () => {
    await site.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("is sent with 404 for an unknown path, readable without JavaScript", async () => {
    const response = await site.inject({ method: "GET", url: "/no/such/page" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("<h1>Page not found</h1>");
  });

  it("leaves unknown state and school ids to their pages' own 'not found' (the app shell)", async () => {
    for (const url of ["/states/99", "/schools/99999"]) {
      const response = await site.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain("window.__spa = true;");
    }
  });
});

describe("starting without a build", () => {
  it("fails with a message saying to build", async () => {
    const empty = Fastify();
    await expect(
      empty.register(webSite, { buildDir: path.join(tmpdir(), "no-build-here") }).ready(),
    ).rejects.toThrow(/The web app is not built.*npm run build/);
  });
});
