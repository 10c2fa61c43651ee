import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance } from "fastify";
import { openFormats } from "../../domain/opendata/documents";
import { announcesBody, type EarlyAnswers } from "../http/early-answers";
import { securityHeaders } from "../http/security-headers";
import { chooseEncoding, type Encoding } from "./conditional";
import type { OpenDataBodies, PreparedDocument } from "./static-bodies";

// The whole static downloads asked for plainly (GET of the file's own address: no query, no
// If-None-Match or If-Modified-Since) are answered with headers and bytes prepared once: the answer the
// route would give (early-answers.test.ts compares them), without the work in between — the input check
// of parameters these addresses do not have, the file name and filters read again, the encoding chosen
// again, a promise per request. Every other request goes on to the route, which answers as before. These
// are the downloads people and scripts fetch most, and the bench's open-data scenarios.
//
// The HTTP server itself gives that answer (src/server/http/early-answers.ts), as it gives health's,
// before Fastify makes a request of it; else, while request lines are logged or for app.inject, an
// onRequest hook of the open-data routes gives it, and Fastify logs the request's completion (it listens
// to the response before any hook runs). Either way it is written to Node's response directly, its 25
// headers as one prepared list: through Fastify's reply they were copied one by one into an object, on
// top of the security headers the global hook had just copied, and read back by Node (about a tenth of
// the CPU of such a request, measured). So the list holds the security headers too.

/** Different Accept-Encoding values remembered; browsers send a handful. */
const MAX_REMEMBERED_ENCODINGS = 64;

type Headers = Readonly<Record<string, string>>;
/** Headers as Node's writeHead takes them in one go: name, value, name, value… */
type HeaderList = string[];

/**
 * @param headerSets the header sets the route gives one representation, in the order it sets them (after
 * the security headers); they are merged once per representation and kept.
 */
export function answerPlainDownloadsEarly(
  scope: FastifyInstance,
  /** The downloads of the data as published now; null while they are being made again (a publication). */
  current: () => OpenDataBodies | null,
  headerSets: (document: PreparedDocument, encoding: Encoding) => readonly Headers[],
  earlyAnswers: EarlyAnswers,
): void {
  // Per document, and documents are made anew with each generation: old ones are let go with it.
  const merged = new WeakMap<PreparedDocument, Map<Encoding, HeaderList>>();
  const headersOf = (document: PreparedDocument, encoding: Encoding, body: Buffer): HeaderList => {
    let forDocument = merged.get(document);
    if (!forDocument) merged.set(document, (forDocument = new Map()));
    let headers = forDocument.get(encoding);
    if (!headers) {
      // In the order Fastify would send them: the global hook's, the route's, then the length.
      const all: Record<string, string> = Object.assign(
        {},
        securityHeaders,
        ...headerSets(document, encoding),
        { "content-length": String(body.length) },
      );
      headers = Object.entries(all).flat();
      forDocument.set(encoding, headers);
    }
    return headers;
  };
  const addresses = new WeakMap<OpenDataBodies, Map<string, PreparedDocument>>();
  const byUrlOf = (bodies: OpenDataBodies) => {
    let byUrl = addresses.get(bodies);
    if (!byUrl) {
      byUrl = new Map();
      for (const document of bodies.documents.values()) {
        if (document.hxl || document.state || document.zone || document.status) continue;
        byUrl.set(`${scope.prefix}/${document.dataset}.${document.format}`, document);
      }
      addresses.set(bodies, byUrl);
    }
    return byUrl;
  };
  const encodings = new Map<string, Encoding>();
  const encodingOf = (header: string | string[] | undefined): Encoding => {
    if (typeof header !== "string") return chooseEncoding(header);
    let encoding = encodings.get(header);
    if (encoding === undefined) {
      encoding = chooseEncoding(header);
      if (encodings.size < MAX_REMEMBERED_ENCODINGS) encodings.set(header, encoding);
    }
    return encoding;
  };

  /** The prepared answer to a request, or null when the route is to answer it. */
  const preparedAnswer = (
    method: string | undefined,
    url: string | undefined,
    headers: IncomingHttpHeaders,
  ): { headers: HeaderList; body: Buffer } | null => {
    // HEAD goes to the route: Fastify drops the body there.
    const bodies = method === "GET" ? current() : null;
    const document = bodies && url ? byUrlOf(bodies).get(url) : undefined;
    if (!document || headers["if-none-match"] !== undefined || headers["if-modified-since"] !== undefined)
      return null;
    const encoding = encodingOf(headers["accept-encoding"]);
    // Still being compressed (the first seconds after start-up): the route waits for it.
    const body = document.prepared.ready(encoding);
    return body ? { headers: headersOf(document, encoding, body), body } : null;
  };

  // Fastify writes a line per request at info and below: then the request goes to it, to be logged.
  const log = scope.log as { isLevelEnabled?: (level: string) => boolean };
  for (const [dataset, formats] of Object.entries(openFormats)) {
    for (const format of formats) {
      earlyAnswers.add(`${scope.prefix}/${dataset}.${format}`, (request, response) => {
        if (log.isLevelEnabled?.("info") || announcesBody(request)) return false;
        const answer = preparedAnswer(request.method, request.url, request.headers);
        if (!answer) return false;
        response.writeHead(200, answer.headers);
        response.end(answer.body);
        return true;
      });
    }
  }

  scope.addHook("onRequest", (request, reply, done) => {
    const answer = preparedAnswer(request.method, request.url, request.headers);
    if (!answer) {
      done();
      return;
    }
    reply.hijack();
    reply.raw.writeHead(200, answer.headers);
    reply.raw.end(answer.body);
  });
}
