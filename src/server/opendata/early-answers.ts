import type { FastifyInstance } from "fastify";
import { chooseEncoding, type Encoding } from "./conditional";
import type { PreparedDocument } from "./static-bodies";

// The whole static downloads asked for plainly (GET of the file's own address: no query, no
// If-None-Match or If-Modified-Since) are answered from an onRequest hook of the open-data routes, with
// headers and bytes prepared once: the answer the route would give (static-serving.test.ts compares
// them), without the work in between — the input check of parameters these addresses do not have, the
// file name and filters read again, the encoding chosen again, a promise per request. Every other request
// goes on to the route, which answers as before. These are the downloads people and scripts fetch most,
// and the bench's open-data scenarios.

/** Different Accept-Encoding values remembered; browsers send a handful. */
const MAX_REMEMBERED_ENCODINGS = 64;

type Headers = Readonly<Record<string, string>>;

/**
 * @param headerSets the header sets the route gives one representation, in the order it sets them; they
 * are merged once per representation and kept.
 */
export function answerPlainDownloadsEarly(
  scope: FastifyInstance,
  documents: Map<string, PreparedDocument>,
  headerSets: (document: PreparedDocument, encoding: Encoding) => readonly Headers[],
): void {
  const merged = new Map<PreparedDocument, Map<Encoding, Headers>>();
  const headersOf = (document: PreparedDocument, encoding: Encoding): Headers => {
    let forDocument = merged.get(document);
    if (!forDocument) merged.set(document, (forDocument = new Map()));
    let headers = forDocument.get(encoding);
    if (!headers) {
      headers = Object.freeze(Object.assign({}, ...headerSets(document, encoding)) as Record<string, string>);
      forDocument.set(encoding, headers);
    }
    return headers;
  };
  const byUrl = new Map<string, PreparedDocument>();
  for (const document of documents.values()) {
    if (document.hxl || document.state || document.zone || document.status) continue;
    byUrl.set(`${scope.prefix}/${document.dataset}.${document.format}`, document);
  }
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

  scope.addHook("onRequest", (request, reply, done) => {
    // HEAD goes to the route: Fastify drops the body there.
    const document = request.method === "GET" ? byUrl.get(request.url) : undefined;
    const { headers } = request;
    if (!document || headers["if-none-match"] !== undefined || headers["if-modified-since"] !== undefined) {
      done();
      return;
    }
    const encoding = encodingOf(headers["accept-encoding"]);
    // Still being compressed (the first seconds after start-up): the route waits for it.
    const body = document.prepared.ready(encoding);
    if (!body) {
      done();
      return;
    }
    void reply.headers(headersOf(document, encoding)).send(body);
  });
}
