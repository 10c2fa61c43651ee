import { stat } from "node:fs/promises";
import path from "node:path";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import { filePublishedDataSource } from "../../src/server/datadesk/published-data-files";
import { noContacts } from "../../src/domain/site-contacts";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  keptAnswer,
  type KeptAnswer,
  webSite,
} from "../../src/server/site/web-app";

// One server of the page bench (bench/pages/page-cache.ts), a child process: `rendered` is the product's
// web site (pages rendered by the server and kept, decision record 0017); `files` serves the same pages as
// prerendered files the way the server did before that record (for each request: stat the path and its
// index.html, then the page read once and kept with its CSP, ETag and compressed forms). It listens on the
// port it is given and prints "ready" once it answers.

const [mode, buildDir, portText, filesDir] = process.argv.slice(2);
const port = Number(portText);

async function filesServer(dir: string) {
  const app = Fastify();
  const pages = new Map<string, Promise<KeptAnswer>>();
  const { readFile } = await import("node:fs/promises");
  const load = (file: string) => {
    let page = pages.get(file);
    if (!page) {
      page = readFile(file).then((body) =>
        keptAnswer(
          body,
          200,
          "text/html; charset=utf-8",
          contentSecurityPolicy(inlineScriptHashes(body.toString("utf8"))),
          "best",
        ),
      );
      pages.set(file, page);
    }
    return page;
  };
  app.get("/*", async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodeURIComponent(request.url.split("?")[0] ?? "/");
    const target = path.join(dir, pathname);
    const found = await stat(target).catch(() => null);
    const index = path.join(target, "index.html");
    if (!found?.isDirectory() || !(await stat(index).catch(() => null))?.isFile()) {
      return reply.status(404).send("not found");
    }
    const page = await load(index);
    reply
      .header("content-type", page.contentType)
      .header("content-security-policy", page.csp ?? "")
      .header("cache-control", "no-cache")
      .header("vary", "accept-encoding")
      .header("etag", page.etag);
    const accepts = String(request.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepts)) return reply.header("content-encoding", "br").send(page.brotli);
    if (/\bgzip\b/.test(accepts)) return reply.header("content-encoding", "gzip").send(page.gzip);
    return reply.send(page.identity);
  });
  return app;
}

async function renderedServer() {
  const app = Fastify();
  await app.register(webSite, {
    buildDir: path.resolve(buildDir ?? "build/client"),
    publishedData: await filePublishedDataSource(),
    site: { publicUrl: "http://localhost:3000", contacts: noContacts },
  });
  return app;
}

const app = mode === "files" ? await filesServer(path.resolve(filesDir ?? "")) : await renderedServer();
await app.listen({ host: "127.0.0.1", port });
console.log("ready");
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
