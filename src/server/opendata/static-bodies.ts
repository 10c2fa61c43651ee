import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import estimates from "../../../data/estimates.json" with { type: "json" };
import schools from "../../../data/schools.json" with { type: "json" };
import states from "../../../data/states.json" with { type: "json" };
import type { School, StateRecord } from "../../domain/datasets/schemas";
import type { EstimatesFile } from "../../domain/opendata/datasets";
import type { OpenFormat } from "../../domain/opendata/documents";
import type { Encoding } from "./conditional";
import {
  filteredStatesDocuments,
  staticDocuments,
  staticRecords,
  type StaticDocument,
  type StaticRecords,
  type StatesFilter,
} from "../../domain/opendata/static-documents";

// The static downloads, serialised and compressed once per process: a request for one costs a map
// look-up and a write, never a query or a serialisation. Their ETag is a hash of the content (identical
// on every instance); Last-Modified is when this process prepared them, i.e. the deployment, since the
// datasets change only then.

/** A body, and its compressed encodings made on first use (then kept) or by warmUp(). */
export class PreparedBody {
  readonly identity: Buffer;
  /** Strong validator of the identity bytes; the compressed encodings add a suffix (conditional.ts). */
  readonly etag: string;
  private readonly encoded = new Map<"gzip" | "br", Promise<Buffer>>();
  /** The compressed encodings made so far, to hand out without waiting on a promise. */
  private readonly done = new Map<"gzip" | "br", Buffer>();

  constructor(content: string) {
    this.identity = Buffer.from(content, "utf8");
    this.etag = etagOf(this.identity);
  }

  /** Compressed in libuv's thread pool, so the event loop stays free. */
  bytes(encoding: Encoding): Promise<Buffer> | Buffer {
    if (encoding === "identity") return this.identity;
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === "gzip"
          ? gzipAsync(this.identity, { level: 9 })
          : brotliAsync(this.identity, brotliOptions(this.identity.length));
      this.encoded.set(encoding, bytes);
      bytes.then(
        (made) => this.done.set(encoding, made),
        () => this.encoded.delete(encoding),
      );
    }
    return bytes;
  }

  /** The bytes in this encoding if they are made (identity always is); undefined while compressing. */
  ready(encoding: Encoding): Buffer | undefined {
    return encoding === "identity" ? this.identity : this.done.get(encoding);
  }

  async warmUp(): Promise<void> {
    await Promise.all([this.bytes("gzip"), this.bytes("br")]);
  }
}

export interface PreparedDocument extends StaticDocument {
  prepared: PreparedBody;
  lastModified: Date;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Brotli's best quality for the whole datasets (every byte counts on a slow, costly connection); a
 * quick one for a state's few kilobytes, where the best would cost 20 times the time for a few bytes.
 */
function brotliOptions(bytes: number) {
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: bytes >= 16 * 1024 ? 11 : 6,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  };
}

export function etagOf(content: Buffer | string): string {
  return `"${createHash("sha256").update(content).digest("base64url").slice(0, 27)}"`;
}

/** What picks one static download: its dataset, format, hashtag row, and what it is limited to. */
export type DocumentChoice = Pick<StaticDocument, "dataset" | "format" | "hxl"> &
  Partial<Pick<StaticDocument, "state" | "zone" | "status">>;

export function documentKey({ dataset, format, hxl, state, zone, status }: DocumentChoice): string {
  const query = new URLSearchParams();
  if (state) query.set("state", state);
  if (zone) query.set("zone", zone);
  if (status) query.set("status", status);
  return `${dataset}.${format}${hxl ? "+hxl" : ""}${query.size > 0 ? `?${query}` : ""}`;
}

export const staticDatasets = {
  states: states as StateRecord[],
  schools: schools as School[],
  estimates: estimates as unknown as EstimatesFile,
};

let prepared: Map<string, PreparedDocument> | null = null;
/** When this process prepared the downloads, in whole seconds: the Last-Modified of every static answer. */
let preparedAt: Date | null = null;

/**
 * Every static download, serialised on first use and kept for the life of the process (a few
 * milliseconds; the compressed encodings follow on first request, or all at once with warmUp).
 */
export function preparedDocuments(): Map<string, PreparedDocument> {
  if (prepared) return prepared;
  // Whole seconds: HTTP dates have no finer resolution, and If-Modified-Since compares them.
  const lastModified = new Date(Math.floor(Date.now() / 1000) * 1000);
  preparedAt = lastModified;
  prepared = new Map(
    staticDocuments(staticDatasets).map((document) => [
      documentKey(document),
      { ...document, prepared: new PreparedBody(document.body), lastModified },
    ]),
  );
  return prepared;
}

/** The records of the filtered states downloads, read once. */
let records: StaticRecords | null = null;
/** Filtered states downloads, each made the first time it is asked for (34 filters at most). */
const filtered = new Map<string, PreparedDocument>();

/**
 * The states download for ?zone= and/or ?status=: built on its first request, with the JSON and CSV of
 * the same filter, then served from memory like the others. With ?state= too it holds one row or none,
 * and is built for the request (a few microseconds) rather than kept: 1,300 such filters would all stay.
 */
export function filteredStatesDocument(
  filter: StatesFilter,
  format: OpenFormat,
  hxl: boolean,
): PreparedDocument | undefined {
  const key = documentKey({ dataset: "states", format, hxl, ...filter });
  const kept = filtered.get(key);
  if (kept) return kept;
  preparedDocuments();
  records ??= staticRecords(staticDatasets);
  const lastModified = preparedAt ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const built = new Map(
    filteredStatesDocuments(records, filter).map((document) => [
      documentKey(document),
      { ...document, prepared: new PreparedBody(document.body), lastModified },
    ]),
  );
  if (!filter.state) for (const [builtKey, document] of built) filtered.set(builtKey, document);
  return built.get(key);
}

/** Compresses every download ahead of its first request (a server's start-up; tests skip it). */
export async function warmUpDocuments(): Promise<void> {
  for (const document of preparedDocuments().values()) await document.prepared.warmUp();
}
