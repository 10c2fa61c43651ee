import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { OpenFormat } from "../../domain/opendata/documents";
import type { Encoding } from "./conditional";
import {
  filteredSchoolsDocuments,
  filteredStatesDocuments,
  staticDocuments,
  staticRecords,
  type StaticDatasets,
  type StaticDocument,
  type StaticRecords,
  type StatesFilter,
} from "../../domain/opendata/static-documents";

// The downloads of the published data (states, schools, estimates), serialised and compressed once per
// generation of the data: a request for one costs a map look-up and a write, never a query or a
// serialisation. Their ETag is a hash of the content (identical on every instance); Last-Modified is when
// the dataset last changed (its latest version in dataset_versions), also the same on every instance.

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
  for (const key of status ?? []) query.append("status", key);
  return `${dataset}.${format}${hxl ? "+hxl" : ""}${query.size > 0 ? `?${query}` : ""}`;
}

/** When a dataset last changed, and its version then (dataset_versions). */
export interface DatasetVersion {
  version: number;
  publishedAt: Date;
}

/** HTTP dates have whole seconds, and If-Modified-Since compares them. */
const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/**
 * Every static download of one generation of the published data, serialised when the generation is first
 * served (a few milliseconds) and kept until the next: a request costs a map look-up and a write. A body
 * whose content did not change (its ETag is a hash of it) keeps its compressed forms from the last one.
 */
export class OpenDataBodies {
  readonly documents: Map<string, PreparedDocument>;
  /** The records of the filtered states downloads, read once. */
  private records: StaticRecords | null = null;
  /** Filtered states downloads, each made the first time it is asked for (34 filters at most). */
  private readonly filtered = new Map<string, PreparedDocument>();
  private readonly bodies = new Map<string, PreparedBody>();

  constructor(
    /** The published data's generation these were made from (-1: a dataset's earlier version). */
    readonly generation: number,
    readonly datasets: StaticDatasets,
    readonly versions: ReadonlyMap<string, DatasetVersion>,
    previous: OpenDataBodies | null = null,
  ) {
    const kept = previous?.bodies;
    this.documents = new Map(
      staticDocuments(datasets).map((document) => [documentKey(document), this.prepare(document, kept)]),
    );
  }

  private prepare(document: StaticDocument, kept?: Map<string, PreparedBody>): PreparedDocument {
    const etag = etagOf(document.body);
    const prepared = this.bodies.get(etag) ?? kept?.get(etag) ?? new PreparedBody(document.body);
    this.bodies.set(etag, prepared);
    return { ...document, prepared, lastModified: this.lastModified(document.dataset) };
  }

  /** When the dataset last changed (its latest version's publication). */
  lastModified(dataset: string): Date {
    return wholeSeconds(this.versions.get(dataset)?.publishedAt ?? new Date(0));
  }

  /**
   * The states download for ?zone= and/or ?status= (one or several): built on its first request, with the JSON and CSV of
   * the same filter, then served from memory like the others. With ?state= too it holds one row or none,
   * and is built for the request (a few microseconds) rather than kept: 1,300 such filters would all stay.
   */
  filteredStatesDocument(
    filter: StatesFilter,
    format: OpenFormat,
    hxl: boolean,
  ): PreparedDocument | undefined {
    const key = documentKey({ dataset: "states", format, hxl, ...filter });
    const kept = this.filtered.get(key);
    if (kept) return kept;
    this.records ??= staticRecords(this.datasets);
    const built = new Map(
      filteredStatesDocuments(this.records, filter).map((document) => [
        documentKey(document),
        {
          ...document,
          prepared: new PreparedBody(document.body),
          lastModified: this.lastModified("states"),
        },
      ]),
    );
    if (!filter.state) for (const [builtKey, document] of built) this.filtered.set(builtKey, document);
    return built.get(key);
  }

  /**
   * The schools download of the school results page's filters (the rows of `ids`), built for the request
   * and not kept: the filters are many, and a few hundred rows take well under a millisecond.
   */
  filteredSchoolsDocument(
    ids: ReadonlySet<number>,
    filter: { state: string | null; described: Record<string, string> },
    format: OpenFormat,
    hxl: boolean,
  ): PreparedDocument | undefined {
    if (format === "geojson") return undefined;
    this.records ??= staticRecords(this.datasets);
    const document = filteredSchoolsDocuments(this.records, ids, filter).find(
      (candidate) => candidate.format === format && candidate.hxl === hxl,
    );
    if (!document) return undefined;
    return {
      ...document,
      prepared: new PreparedBody(document.body),
      lastModified: this.lastModified("schools"),
    };
  }

  /** Compresses every download ahead of its first request (a server's start-up; tests skip it). */
  async warmUp(): Promise<void> {
    for (const document of this.documents.values()) await document.prepared.warmUp();
  }
}
