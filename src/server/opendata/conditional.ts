import type { FastifyReply, FastifyRequest } from "fastify";

// HTTP caching of the open-data answers (RFC 9110 §13): If-None-Match wins over If-Modified-Since, tags
// compare weakly, and a 304 carries the same validators and caching headers as the 200 would.

export type Encoding = "br" | "gzip" | "identity";

function acceptedEncodings(acceptEncoding: string | string[] | undefined): (name: string) => number {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  return (name) => accepted.get(name) ?? accepted.get("*") ?? 0;
}

/** The encoding to send a prepared body in: brotli, then gzip, when the client accepts it; q=0 refuses one. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const quality = acceptedEncodings(acceptEncoding);
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return "identity";
}

/** A body compressed while it streams: gzip, the cheaper one to compute, when accepted. */
export function streamEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  return acceptedEncodings(acceptEncoding)("gzip") > 0 ? "gzip" : "identity";
}

/** The ETag of one encoding of a body: the compressed bytes differ, so their tags do too. */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return encoding === "identity" ? etag : `${etag.slice(0, -1)}-${encoding}"`;
}

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, "");

/**
 * True when the client's copy is current: one of its If-None-Match tags is any encoding of `etag` (the
 * content is the same), or, without If-None-Match, nothing changed since its If-Modified-Since.
 */
export function clientHasCurrentCopy(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    const variants = (["identity", "gzip", "br"] as const).map((encoding) => encodedEtag(etag, encoding));
    return String(ifNoneMatch)
      .split(",")
      .map(opaqueTag)
      .some((tag) => tag === "*" || variants.includes(tag));
  }
  const ifModifiedSince = request.headers["if-modified-since"];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(String(ifModifiedSince));
  // HTTP dates have whole seconds: the last change's second is what the client was sent.
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

export interface Validators {
  etag: string;
  lastModified: Date;
}

/**
 * Sets the validators; answers 304 and returns true when the client's copy is current. Only GET and
 * HEAD come here (the routes are GET), where a 304 is the right answer to a matching condition.
 */
export function answeredNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  validators: Validators,
  encoding: Encoding,
): boolean {
  reply
    .header("etag", encodedEtag(validators.etag, encoding))
    .header("last-modified", validators.lastModified.toUTCString());
  if (!clientHasCurrentCopy(request, validators.etag, validators.lastModified)) return false;
  reply.status(304).send();
  return true;
}
