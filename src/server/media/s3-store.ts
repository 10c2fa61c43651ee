import { createReadStream } from "node:fs";
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  checkStorageKey,
  type IncomingFolder,
  isStorageKey,
  removeFile,
  storageKeyFor,
  StoreUnavailable,
  type ByteRange,
  WritesUnderway,
  type MediaBatch,
  type MediaStore,
  type StoredFile,
  type StoredFileInfo,
  type UnconfirmedFiles,
} from "./media-store";

// Report media in an S3-compatible object store (AWS S3, MinIO, Ceph, R2, …), so every instance of the
// service reads the files any instance stored (media-store.ts). An object appears under its key only
// once its upload completes (a single PUT, or a multipart upload's completion), so a stored file is
// always whole; an aborted multipart upload leaves no object. Files that must be local for a while (a
// video, for ffmpeg) are written to a local incoming folder first and streamed up from there.

export interface S3Settings {
  /** The store's address; unset: AWS S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and the like. */
  forcePathStyle: boolean;
  /** Unset: the SDK's standard chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const DELETE_BATCH = 1000;
/** Parts of a multipart upload: the smallest S3 allows, two at a time, so a video is never all in memory. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

export class S3MediaStore implements MediaStore {
  readonly description: string;

  private constructor(
    readonly client: S3Client,
    readonly bucket: string,
    readonly incoming: IncomingFolder,
  ) {
    this.description = `the S3 bucket "${bucket}"`;
  }

  /**
   * Connects to the bucket (a bucket that cannot be reached stops the start-up, with the reason) and
   * removes incoming files left by an earlier process.
   */
  static async open(
    settings: S3Settings,
    { incoming, now = new Date() }: { incoming: IncomingFolder; now?: Date },
  ): Promise<S3MediaStore> {
    const client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Checksums only where the API requires them. The SDK's default (CRC trailers on every upload, since
      // early 2025) is refused by a number of S3-compatible stores that predate it; s3rver, in the tests,
      // accepts both. A stored file's SHA-256 is computed by the server itself anyway.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    const store = new S3MediaStore(client, settings.bucket, incoming);
    try {
      await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
    } catch (error) {
      client.destroy();
      throw new Error(
        `The S3 bucket "${settings.bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ""} cannot be used: ${explain(error)}`,
        { cause: error },
      );
    }
    await store.incoming.removeAbandoned(now, { atStartUp: true });
    return store;
  }

  startBatch(): S3UploadBatch {
    return new S3UploadBatch(this);
  }

  /** The temporary folder takes a file, and the bucket takes (and lets go of) a small object. */
  async isWritable(): Promise<boolean> {
    if (!(await this.incoming.isWritable())) return false;
    // Not a media key, so the orphan sweep never sees it.
    const probe = `health/${randomUUID()}.probe`;
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: probe, Body: "probe" }));
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: probe }));
      return true;
    } catch {
      return false;
    }
  }

  /** The incoming folder's abandoned files, and the bucket's multipart uploads older than `olderThanMs`. */
  async removeAbandonedUploads(now: Date, olderThanMs: number): Promise<number> {
    const files = await this.incoming.removeAbandoned(now);
    return files + (await this.abortMultipartUploads(now.getTime() - olderThanMs));
  }

  /**
   * Aborts the media keys' multipart uploads begun before `beforeMs`: a process killed while it streamed a
   * file up leaves its parts in the bucket, never listed as an object, never completed, still stored (and
   * billed). Nothing else in the bucket is touched. A store that cannot list multipart uploads (it answers
   * NotImplemented, as s3rver and some older S3-compatible stores do) has none to abort here.
   */
  private async abortMultipartUploads(beforeMs: number): Promise<number> {
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      let page;
      try {
        page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
      } catch (error) {
        if (errorName(error) === "NotImplemented") return aborted;
        throw unavailable(error);
      }
      for (const upload of page.Uploads ?? []) {
        const { Key: key, UploadId: uploadId, Initiated: initiated } = upload;
        if (!key || !uploadId || !initiated || !isStorageKey(key)) continue;
        if (initiated.getTime() >= beforeMs) continue;
        try {
          await this.client.send(
            new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
          );
          aborted += 1;
        } catch (error) {
          // Completed or aborted meanwhile (another instance's sweep): nothing left to do.
          if (errorName(error) !== "NoSuchUpload") throw unavailable(error);
        }
      }
      // A store that says "more" without saying where from would list the same page for ever.
      const moved = page.NextKeyMarker !== keyMarker || page.NextUploadIdMarker !== uploadIdMarker;
      if (!page.IsTruncated || !page.NextKeyMarker || !moved) return aborted;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  unconfirmedFilesOfEndedProcesses(): Promise<UnconfirmedFiles[]> {
    return this.incoming.unconfirmedFilesOfEndedProcesses();
  }

  /** A page of the bucket's listing at a time. */
  async *storedFiles(): AsyncGenerator<StoredFile[]> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket });
    for await (const page of pages) {
      const files: StoredFile[] = [];
      for (const object of page.Contents ?? []) {
        if (object.Key && isStorageKey(object.Key) && object.LastModified) {
          files.push({ key: object.Key, modifiedMs: object.LastModified.getTime() });
        }
      }
      if (files.length > 0) yield files;
    }
  }

  async missing(storageKeys: readonly string[]): Promise<string[]> {
    const found = await Promise.all(storageKeys.map(async (key) => (await this.info(key)) !== null));
    return storageKeys.filter((_key, index) => !found[index]);
  }

  async info(storageKey: string): Promise<StoredFileInfo | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(storageKey) }),
      );
      return {
        size: head.ContentLength ?? 0,
        lastModified: head.LastModified ?? new Date(0),
        etag: head.ETag ?? `"${storageKey}"`,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error);
    }
  }

  async read(storageKey: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: checkStorageKey(storageKey),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // In Node the body is the HTTP response itself, a Readable.
      return object.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error);
    }
  }

  async remove(storageKeys: readonly string[]): Promise<void> {
    const keys = storageKeys.map(checkStorageKey);
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const chunk = keys.slice(start, start + DELETE_BATCH);
      let answer;
      try {
        answer = await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true },
          }),
        );
      } catch (error) {
        throw unavailable(error);
      }
      const failed = answer.Errors ?? [];
      if (failed.length > 0) {
        throw new StoreUnavailable(
          `${failed.length} objects could not be deleted from ${this.description}: ${failed[0]?.Code ?? "unknown"}`,
        );
      }
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

export class S3UploadBatch implements MediaBatch {
  private readonly incomingFiles = new Set<string>();
  private readonly stored = new Set<string>();
  private readonly marked = new Set<string>();
  private readonly underway = new WritesUnderway();

  constructor(private readonly s3: S3MediaStore) {}

  async incomingFile(mediaId: string) {
    const file = await this.s3.incoming.create(mediaId);
    this.incomingFiles.add(file.path);
    return file;
  }

  /** Streams the incoming file up, then removes it. */
  async keep(incomingPath: string, mediaId: string, contentType: string): Promise<string> {
    // Marked before the file is opened: a read stream must not wait (and fail unheard) meanwhile.
    await this.mark(storageKeyFor(mediaId));
    const key = await this.upload(mediaId, createReadStream(incomingPath), contentType);
    await this.drop(incomingPath);
    return key;
  }

  store(mediaId: string, body: Buffer | Readable, contentType: string): Promise<string> {
    return this.upload(mediaId, body, contentType);
  }

  async drop(incomingPath: string): Promise<void> {
    await removeFile(incomingPath);
    this.incomingFiles.delete(incomingPath);
  }

  /**
   * Stops uploads under way (their bodies fail, so a multipart upload is aborted and no object
   * appears) and waits for them to end, then deletes what was stored.
   */
  async discard(): Promise<void> {
    await this.underway.stop();
    const files = [...this.incomingFiles];
    this.incomingFiles.clear();
    const keys = [...this.stored];
    this.stored.clear();
    await Promise.all(files.map((file) => removeFile(file)));
    if (keys.length > 0) await this.s3.remove(keys);
    await this.confirm();
  }

  async confirm(): Promise<void> {
    const keys = [...this.marked];
    this.marked.clear();
    await this.s3.incoming.unmark(keys);
  }

  private async mark(key: string): Promise<void> {
    if (this.marked.has(key)) return;
    this.marked.add(key);
    await this.s3.incoming.markStored(key);
  }

  async abandon(): Promise<void> {
    await this.underway.stop();
    const files = [...this.incomingFiles];
    this.incomingFiles.clear();
    this.stored.clear();
    await Promise.all(files.map((file) => removeFile(file)));
  }

  private async upload(mediaId: string, body: Buffer | Readable, contentType: string): Promise<string> {
    const key = storageKeyFor(mediaId);
    const upload = new Upload({
      client: this.s3.client,
      params: { Bucket: this.s3.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      // A failed multipart upload is aborted, so no parts stay behind (and no object appears).
      leavePartsOnError: false,
    });
    // Counted as stored from the start: a discard that comes before the end deletes it either way, and
    // marked before the object can appear, so the next start removes it if the process is killed first.
    this.stored.add(key);
    try {
      // Tracked from before the mark, so a discard meanwhile waits for (or stops) the upload.
      await this.underway.track(
        body,
        this.mark(key).then(() => upload.done()),
      );
      return key;
    } catch (error) {
      // The body failed (the sender went away, or the local file could not be read; a file-system
      // error names its path): the upload's problem or the disk's, kept as it is, not the store's.
      if (!Buffer.isBuffer(body) && body.errored) throw body.errored;
      if (typeof (error as NodeJS.ErrnoException).path === "string") throw error;
      throw unavailable(error);
    } finally {
      if (!Buffer.isBuffer(body)) body.destroy();
    }
  }
}

function errorName(error: unknown): unknown {
  return (error as { name?: unknown } | null)?.name;
}

function isNotFound(error: unknown): boolean {
  const name = errorName(error);
  return name === "NoSuchKey" || name === "NotFound";
}

function explain(error: unknown): string {
  if (error instanceof Error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    return `${error.name}${status ? ` (HTTP ${status})` : ""}${error.message && error.message !== error.name ? `: ${error.message}` : ""}`;
  }
  return String(error);
}

/**
 * The store's refusals that only an operator can end: out of room (MinIO's 507), over a quota, the
 * bucket gone, the keys or the policy wrong. Anything else (no connection, a 5xx, a time-out) is the
 * store out of reach, which usually passes.
 */
const REFUSALS_UNTIL_FIXED = new Set([
  "XMinioStorageFull",
  "QuotaExceeded",
  "XMinioAdminBucketQuotaExceeded",
  "AccessDenied",
  "AllAccessDisabled",
  "InvalidAccessKeyId",
  "SignatureDoesNotMatch",
  "NoSuchBucket",
]);

function unavailable(error: unknown): StoreUnavailable {
  if (error instanceof StoreUnavailable) return error;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  const full = status === 507 || REFUSALS_UNTIL_FIXED.has(String(errorName(error)));
  return new StoreUnavailable(`the object store failed: ${explain(error)}`, { cause: error, full });
}
