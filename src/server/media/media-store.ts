import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

// Where report media live: one interface, two stores. The local folder (storage.ts, the default) and
// an S3-compatible object store (s3-store.ts), so that several instances can serve the same files.
// Either way a stored file is always whole: it appears under its key only once completely written.
// Everything written for one submission belongs to a MediaBatch: when the submission fails or the
// client goes away, discard() removes every one of its files, wherever they got to.

/**
 * An incoming file untouched this long belongs to a process that died mid-upload (kill -9, power cut):
 * a live upload writes at least every few seconds (the minimum body rate), and a remux, which leaves
 * its input untouched, is killed well before this.
 */
export const ABANDONED_AFTER_MS = 15 * 60 * 1000;
const STORAGE_KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;
const INCOMING_DIR = ".incoming";
const PROBE_FILE = "health.probe";
/** Beside a process's incoming files: one empty file per file it stored that no row may name yet. */
const STORED_MARK = ".stored";
/** The incoming folder of a process that ended with such marks, kept until the sweep has seen them. */
const ENDED_PREFIX = "ended-";

/** Throws on a key that no store made (a path out of the store, a folder, an incoming file). */
export function checkStorageKey(storageKey: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error(`not a media storage key: ${storageKey}`);
  return storageKey;
}

export function isStorageKey(storageKey: string): boolean {
  return STORAGE_KEY.test(storageKey);
}

/** Files are spread over 256 folders (or key prefixes) by the first two characters of their id. */
export function storageKeyFor(mediaId: string): string {
  return checkStorageKey(`${mediaId.slice(0, 2)}/${mediaId}`);
}

/** Error codes that mean the disk cannot take files now (full, read-only, over quota, not allowed). */
const UNAVAILABLE_CODES = new Set(["ENOSPC", "EROFS", "EDQUOT", "EACCES", "EPERM", "EIO"]);

/**
 * The object store refused or could not be reached: the operator's problem, never the upload's. `full`
 * when the store said it has no room (or no permission) to write, so that trying again soon is no use.
 */
export class StoreUnavailable extends Error {
  readonly full: boolean;

  constructor(message: string, options: ErrorOptions & { full?: boolean } = {}) {
    super(message, options);
    this.name = "StoreUnavailable";
    this.full = options.full ?? false;
  }
}

/** True for an error that says the storage cannot take files, rather than a bad upload. */
export function isStorageUnavailable(error: unknown): boolean {
  return storageFault(error) !== null;
}

/**
 * `full` for a disk or store that cannot take files until an operator acts (full, read-only, over quota,
 * not allowed); `unavailable` for a store out of reach, usually for a moment; null for any other error.
 */
export function storageFault(error: unknown): "full" | "unavailable" | null {
  if (error instanceof StoreUnavailable) return error.full ? "full" : "unavailable";
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" && UNAVAILABLE_CODES.has(code) ? "full" : null;
}

/** A stored file's key with its last change (for the orphan sweep). */
export interface StoredFile {
  key: string;
  modifiedMs: number;
}

/** What a conditional or partial read needs to know of a stored file. */
export interface StoredFileInfo {
  size: number;
  lastModified: Date;
  etag: string;
}

/** Inclusive byte positions. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStore {
  /** Named in logs and health answers: "the uploads folder" or "the S3 bucket". */
  readonly description: string;
  startBatch(): MediaBatch;
  /** Whether a file can be written now (false on a full or read-only disk, or a store refusing). */
  isWritable(): Promise<boolean>;
  /**
   * Removes what processes that died left half-written: incoming files untouched for ABANDONED_AFTER_MS,
   * and the store's own unfinished uploads (S3 multipart uploads) begun more than `olderThanMs` ago, when
   * no live request can still be writing them. Returns how many entries went.
   */
  removeAbandonedUploads(now: Date, olderThanMs: number): Promise<number>;
  /** Every stored file, a page at a time. */
  storedFiles(): AsyncGenerator<StoredFile[]>;
  /**
   * Files that processes no longer running stored and had not confirmed (MediaBatch.confirm): the sweep
   * removes those no row names, at once rather than after the sweep's window, then clears them.
   */
  unconfirmedFilesOfEndedProcesses(): Promise<UnconfirmedFiles[]>;
  /** The keys among `storageKeys` whose file is not there (checked just before a report row names them). */
  missing(storageKeys: readonly string[]): Promise<string[]>;
  /** Size, date and entity tag of a stored file; null when there is none. */
  info(storageKey: string): Promise<StoredFileInfo | null>;
  /** The file's bytes (or one range of them) as a stream; null when there is no such file. */
  read(storageKey: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes stored files (ones that no report row names); a missing one is no error. */
  remove(storageKeys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** The stored files one ended process had not confirmed. */
export interface UnconfirmedFiles {
  keys: string[];
  /** Forgets them (once each is removed or known to be named by a row). */
  clear(): Promise<void>;
}

export interface MediaBatch {
  /**
   * A new local file for the media `mediaId` (ffmpeg reads and writes files); it belongs to this batch
   * from the first byte and is removed by drop(), keep() (once stored) or discard().
   */
  incomingFile(mediaId: string): Promise<{ path: string; stream: WriteStream }>;
  /** Stores a complete incoming file as `mediaId` and returns its storage key; the incoming file goes. */
  keep(incomingPath: string, mediaId: string, contentType: string): Promise<string>;
  /**
   * Stores bytes held in memory (a re-encoded photo, a variant) or arriving as a stream as `mediaId`;
   * returns the storage key. A body that fails part-way stores nothing.
   */
  store(mediaId: string, body: Buffer | Readable, contentType: string): Promise<string>;
  /** Removes one incoming file of this batch that is no longer needed (a video's original, once remuxed). */
  drop(incomingPath: string): Promise<void>;
  /** Stops what is still being stored, then removes every file written for this batch, stored or incoming. */
  discard(): Promise<void>;
  /**
   * The rows that name this batch's stored files are committed. Until then each stored file is marked
   * as the batch's, so that when the process is killed first (kill -9 mid-remux or mid-variant), the
   * next start removes it, rather than the sweep long after.
   */
  confirm(): Promise<void>;
  /**
   * The database went away while the rows naming this batch's files were being written: whether they
   * were committed is unknown. Incoming files go; stored ones stay, still marked, for the sweep to judge
   * against the rows once the database is back (discard() could leave a committed row without its file).
   */
  abandon(): Promise<void>;
}

/**
 * A batch's writes under way. A discard stops their bodies and waits for them to settle before it
 * removes anything, so no write can complete after the discard and leave a file behind.
 */
export class WritesUnderway {
  private readonly writes = new Map<Promise<unknown>, Readable | undefined>();

  async track<T>(body: Buffer | Readable, write: Promise<T>): Promise<T> {
    this.writes.set(write, Buffer.isBuffer(body) ? undefined : body);
    try {
      return await write;
    } finally {
      this.writes.delete(write);
    }
  }

  async stop(): Promise<void> {
    const writes = [...this.writes];
    for (const [, body] of writes) body?.destroy(new Error("the upload was discarded"));
    await Promise.allSettled(writes.map(([write]) => write));
  }
}

/**
 * The local folder where files being received are written: `<root>/<pid>/`, one folder per process. A
 * process killed mid-upload leaves its folder behind; the next start-up, and the sweep, remove the
 * folders of processes no longer running and files untouched for ABANDONED_AFTER_MS.
 */
export class IncomingFolder {
  constructor(readonly root: string) {}

  get dir(): string {
    return path.join(this.root, String(process.pid));
  }

  /** `.incoming` inside a folder (the local store keeps it beside the files, for atomic renames). */
  static inside(folder: string): IncomingFolder {
    return new IncomingFolder(path.join(folder, INCOMING_DIR));
  }

  async create(mediaId: string): Promise<{ path: string; stream: WriteStream }> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${mediaId}.part`);
    // flush: the bytes are on disk before the file counts as stored. Opened before anything else
    // happens, so a discard can never run before the file exists.
    const stream = createWriteStream(file, { flags: "wx", flush: true });
    await once(stream, "open");
    return { path: file, stream };
  }

  /** Marks `storageKey` as stored by this process and not yet named by a committed row; before it is stored. */
  async markStored(storageKey: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.markOf(storageKey), "");
  }

  async unmark(storageKeys: Iterable<string>): Promise<void> {
    for (const key of storageKeys) await rm(this.markOf(key), { force: true });
  }

  private markOf(storageKey: string): string {
    return path.join(this.dir, `${path.basename(checkStorageKey(storageKey))}${STORED_MARK}`);
  }

  /** The marks left by ended processes (their folders renamed by removeAbandoned), folder by folder. */
  async unconfirmedFilesOfEndedProcesses(): Promise<UnconfirmedFiles[]> {
    const ended: UnconfirmedFiles[] = [];
    for (const name of await listFolder(this.root)) {
      if (!name.startsWith(ENDED_PREFIX)) continue;
      const folder = path.join(this.root, name);
      const keys = (await listFolder(folder))
        .filter((file) => file.endsWith(STORED_MARK))
        .map((file) => `${file.slice(0, 2)}/${file.slice(0, -STORED_MARK.length)}`)
        .filter(isStorageKey);
      ended.push({ keys, clear: () => rm(folder, { recursive: true, force: true }) });
    }
    return ended;
  }

  /**
   * The folder of a process that ended: its files being received go; its marks of stored files stay, in
   * the folder renamed out of the way of any process that gets the same pid, until the sweep sees them.
   */
  private async endProcessFolder(name: string): Promise<void> {
    const folder = path.join(this.root, name);
    let marked = false;
    for (const file of await listFolder(folder)) {
      if (file.endsWith(STORED_MARK)) marked = true;
      else await rm(path.join(folder, file), { recursive: true, force: true });
    }
    if (marked) await rename(folder, path.join(this.root, `${ENDED_PREFIX}${name}-${randomUUID()}`));
    else await rm(folder, { recursive: true, force: true });
  }

  /** Writes, flushes and removes a small probe: false on a full or read-only disk. */
  async isWritable(): Promise<boolean> {
    const probe = path.join(this.dir, PROBE_FILE);
    try {
      await mkdir(this.dir, { recursive: true });
      const handle = await open(probe, "w");
      try {
        await handle.write(Buffer.alloc(4096));
        await handle.sync();
      } finally {
        await handle.close();
      }
      return true;
    } catch {
      return false;
    } finally {
      await rm(probe, { force: true }).catch(() => undefined);
    }
  }

  /**
   * Removes the whole folder of a process no longer running (or, at start-up, of an earlier process
   * that had this one's pid), and any file untouched for ABANDONED_AFTER_MS.
   */
  async removeAbandoned(now: Date, { atStartUp = false } = {}): Promise<number> {
    let removed = 0;
    for (const name of await listFolder(this.root)) {
      const entry = path.join(this.root, name);
      const info = await stat(entry).catch(() => null);
      if (!info) continue;
      if (info.isDirectory() && /^\d+$/.test(name)) {
        const pid = Number(name);
        const ownFolder = pid === process.pid;
        if ((ownFolder && atStartUp) || (!ownFolder && !isRunning(pid))) {
          await this.endProcessFolder(name);
          removed += 1;
          continue;
        }
        for (const file of await listFolder(entry)) {
          const fileInfo = await stat(path.join(entry, file)).catch(() => null);
          if (fileInfo && now.getTime() - fileInfo.mtimeMs > ABANDONED_AFTER_MS) {
            await rm(path.join(entry, file), { force: true });
            removed += 1;
          }
        }
        continue;
      }
      // An ended process's marks wait for the sweep, which needs the database to judge them.
      if (name.startsWith(ENDED_PREFIX)) continue;
      if (now.getTime() - info.mtimeMs > ABANDONED_AFTER_MS) {
        await rm(entry, { force: true, recursive: true });
        removed += 1;
      }
    }
    return removed;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function listFolder(folder: string): Promise<string[]> {
  return readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
}

/** Removes a file, and says nothing if it is already gone. */
export async function removeFile(file: string): Promise<void> {
  await rm(file, { force: true });
}
