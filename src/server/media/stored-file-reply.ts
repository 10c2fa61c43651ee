import type { FastifyReply, FastifyRequest } from "fastify";
import type { ByteRange, MediaStore, StoredFileInfo } from "./media-store";

// Sends a stored file from whichever store holds it, as a static file server would: an entity tag and
// a date, 304 to a copy that is still current, 412 to a failed If-Match or If-Unmodified-Since, and one
// byte range on a Range request (206, or 416 when it lies beyond the end), so a video can be played from
// any point. Several ranges in one request get the whole file, as most servers answer. A HEAD request is
// answered from the store's metadata (size, date, tag) alone: the body is never opened.

type Headers = FastifyRequest["headers"];

/**
 * Sends the file with `headers` (its type, disposition, caching); false, with nothing sent or set, when
 * the store does not hold it (the caller answers 404).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  storageKey: string,
  headers: Record<string, string>,
): Promise<boolean> {
  const info = await store.info(storageKey);
  if (!info) return false;
  const range = rangeHeaderApplies(request.headers, info)
    ? byteRange(request.headers.range ?? "", info.size)
    : null;
  const answer = preconditionFails(request.headers, info)
    ? 412
    : isFresh(request.headers, info)
      ? 304
      : range === "unsatisfiable"
        ? 416
        : null;
  // Opened before any header is set: a file gone since info() is a plain 404.
  const part = range === null || range === "unsatisfiable" ? undefined : range;
  const head = request.method === "HEAD";
  const body = answer === null && !head ? await store.read(storageKey, part) : null;
  if (answer === null && !head && !body) return false;
  reply
    .headers(headers)
    .header("accept-ranges", "bytes")
    .header("etag", info.etag)
    .header("last-modified", info.lastModified.toUTCString());
  if (answer !== null) {
    // No body: a 304 describes the copy the client holds, the others have nothing to send.
    reply.removeHeader("content-type");
    if (answer === 416) reply.header("content-range", `bytes */${info.size}`);
    await reply.status(answer).send();
    return true;
  }
  if (part) {
    reply
      .status(206)
      .header("content-range", `bytes ${part.start}-${part.end}/${info.size}`)
      .header("content-length", part.end - part.start + 1);
  } else {
    reply.header("content-length", info.size);
  }
  // HEAD: the headers a GET would have, Content-Length included (Fastify keeps it on a HEAD answer).
  await reply.send(head ? undefined : body);
  return true;
}

/** The tags of an If-Match or If-None-Match header, without their weak marks. */
function tagsOf(header: string): string[] {
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .filter(Boolean);
}

const sameTag = (header: string, etag: string) =>
  header.trim() === "*" || tagsOf(header).includes(etag.replace(/^W\//, ""));

/** The date of a conditional header, to the second; NaN when it is not a date. */
const secondsOf = (value: string) => Math.floor(Date.parse(value) / 1000);
const modifiedSeconds = (info: StoredFileInfo) => Math.floor(info.lastModified.getTime() / 1000);

function preconditionFails(headers: Headers, info: StoredFileInfo): boolean {
  const ifMatch = headers["if-match"];
  if (ifMatch !== undefined) return !sameTag(ifMatch, info.etag);
  const ifUnmodifiedSince = headers["if-unmodified-since"];
  if (ifUnmodifiedSince !== undefined) {
    const since = secondsOf(ifUnmodifiedSince);
    return !Number.isNaN(since) && modifiedSeconds(info) > since;
  }
  return false;
}

function isFresh(headers: Headers, info: StoredFileInfo): boolean {
  const ifNoneMatch = headers["if-none-match"];
  const ifModifiedSince = headers["if-modified-since"];
  if (ifNoneMatch === undefined && ifModifiedSince === undefined) return false;
  // The client asked for a new copy whatever it holds.
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers["cache-control"] ?? "")) return false;
  if (ifNoneMatch !== undefined) return sameTag(ifNoneMatch, info.etag);
  const since = secondsOf(ifModifiedSince ?? "");
  return !Number.isNaN(since) && modifiedSeconds(info) <= since;
}

/** A Range header counts unless If-Range names another version of the file. */
function rangeHeaderApplies(headers: Headers, info: StoredFileInfo): boolean {
  if (!headers.range) return false;
  const ifRange = headers["if-range"];
  if (typeof ifRange !== "string") return ifRange === undefined;
  if (ifRange.includes('"')) return tagsOf(ifRange).includes(info.etag.replace(/^W\//, ""));
  return secondsOf(ifRange) >= modifiedSeconds(info);
}

/**
 * The one range asked for, clamped to the file; null when the header is malformed or asks for several
 * ranges (the whole file is sent); "unsatisfiable" when it starts beyond the end.
 */
export function byteRange(header: string, size: number): ByteRange | "unsatisfiable" | null {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  let start: number;
  let end: number;
  if (first === "") {
    // The last `last` bytes.
    start = Math.max(0, size - Number(last));
    end = size - 1;
  } else {
    start = Number(first);
    end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start > end || start >= size) return "unsatisfiable";
  return { start, end };
}
