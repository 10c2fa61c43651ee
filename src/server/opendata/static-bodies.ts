import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import estimates from "../../../data/estimates.json" with { type: "json" };
import schools from "../../../data/schools.json" with { type: "json" };
import states from "../../../data/states.json" with { type: "json" };
import type { School, StateRecord } from "../../domain/datasets/schemas";
import type { EstimatesFile } from "../../domain/opendata/datasets";
import type { OpenFormat } from "../../domain/opendata/documents";
import {
  staticDocuments,
  type StaticDatasetId,
  type StaticDocument,
} from "../../domain/opendata/static-documents";

// The static downloads, serialised and compressed once per process: a request for one costs a map
// look-up and a write, never a query or a serialisation. Their ETag is a hash of the content (identical
// on every instance); Last-Modified is when this process prepared them, i.e. the deployment, since the
// datasets change only then.

export interface PreparedBody {
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** Strong validator of the identity bytes; the compressed encodings add a suffix. */
  etag: string;
}

export interface PreparedDocument extends StaticDocument {
  prepared: PreparedBody;
  lastModified: Date;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export function etagOf(content: Buffer | string): string {
  return `"${createHash("sha256").update(content).digest("base64url").slice(0, 27)}"`;
}

/** Compressed in libuv's thread pool, so the event loop stays free while a server starts. */
export async function prepareBody(content: string): Promise<PreparedBody> {
  const identity = Buffer.from(content, "utf8");
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { identity, gzip: gzipped, brotli, etag: etagOf(identity) };
}

export function documentKey(dataset: StaticDatasetId, format: OpenFormat, hxl: boolean): string {
  return `${dataset}.${format}${hxl ? "+hxl" : ""}`;
}

export const staticDatasets = {
  states: states as StateRecord[],
  schools: schools as School[],
  estimates: estimates as unknown as EstimatesFile,
};

let prepared: Promise<Map<string, PreparedDocument>> | null = null;

/** Every static download, prepared on first use and kept for the life of the process. */
export function preparedDocuments(): Promise<Map<string, PreparedDocument>> {
  prepared ??= (async () => {
    // Whole seconds: HTTP dates have no finer resolution, and If-Modified-Since compares them.
    const lastModified = new Date(Math.floor(Date.now() / 1000) * 1000);
    const documents = await Promise.all(
      staticDocuments(staticDatasets).map(async (document) => ({
        ...document,
        prepared: await prepareBody(document.body),
        lastModified,
      })),
    );
    return new Map(
      documents.map((document) => [documentKey(document.dataset, document.format, document.hxl), document]),
    );
  })();
  prepared.catch(() => (prepared = null));
  return prepared;
}
