import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";

// Report media on disk, under UPLOADS_DIR and never in a public folder (DESIGN §7). A file is written to
// `.incoming/` first and moved into place only once it is complete, so a stored file is always whole.
// Everything written for one submission belongs to an UploadBatch: when the submission fails or the
// client goes away, discard() removes every one of its files.

const INCOMING_DIR = ".incoming";
/**
 * An incoming file untouched this long belongs to a process that died mid-upload (kill -9, power cut):
 * a live upload writes at least every few seconds (the minimum body rate), and a remux, which leaves
 * its input untouched, is killed well before this.
 */
export const ABANDONED_AFTER_MS = 15 * 60 * 1000;
const STORAGE_KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;
const PROBE_FILE = "health.probe";

/** Error codes that mean the disk cannot take files now (full, read-only, over quota, not allowed). */
const UNAVAILABLE_CODES = new Set(["ENOSPC", "EROFS", "EDQUOT", "EACCES", "EPERM", "EIO"]);

/** True for a file-system error that says the storage cannot take files, rather than a bad upload. */
export function isStorageUnavailable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" && UNAVAILABLE_CODES.has(code);
}

export class MediaStorage {
  private constructor(readonly root: string) {}

  /**
   * Opens the store at `root` and removes uploads abandoned by an earlier process. Folders are made on
   * the first upload, so an instance that never receives one writes nothing.
   */
  static async open(root: string, now = new Date()): Promise<MediaStorage> {
    const storage = new MediaStorage(path.resolve(root));
    // Made now, so a folder that cannot be created fails the start-up, not the first upload.
    await mkdir(storage.root, { recursive: true });
    await storage.removeAbandonedUploads(now, { atStartUp: true });
    return storage;
  }

  /** Where a stored file lives; throws on a key this store did not make. */
  pathOf(storageKey: string): string {
    if (!STORAGE_KEY.test(storageKey)) throw new Error(`not a media storage key: ${storageKey}`);
    return path.join(this.root, storageKey);
  }

  startBatch(): UploadBatch {
    return new UploadBatch(this);
  }

  /**
   * This process's folder for files being received: `.incoming/<pid>/`. A process killed mid-upload
   * leaves its folder behind; the next start-up removes the folders of processes no longer running.
   */
  get incomingDir(): string {
    return path.join(this.root, INCOMING_DIR, String(process.pid));
  }

  /** Files are spread over 256 folders by the first two characters of their id. */
  keyFor(mediaId: string): string {
    return `${mediaId.slice(0, 2)}/${mediaId}`;
  }

  /**
   * Whether a file can be written and flushed now: false on a full or read-only disk. Writes a small
   * probe in `.incoming/` (the folder uploads are written to) and removes it.
   */
  async isWritable(): Promise<boolean> {
    const probe = path.join(this.incomingDir, PROBE_FILE);
    try {
      await mkdir(this.incomingDir, { recursive: true });
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
   * Removes what processes that died left in `.incoming/`: the whole folder of a process no longer
   * running (or of an earlier process that had this one's pid), and any file untouched for
   * ABANDONED_AFTER_MS (a live process's uploads keep being written). Returns how many entries went.
   */
  async removeAbandonedUploads(now: Date, { atStartUp = false } = {}): Promise<number> {
    const incomingRoot = path.join(this.root, INCOMING_DIR);
    let removed = 0;
    for (const name of await listFolder(incomingRoot)) {
      const entry = path.join(incomingRoot, name);
      const info = await stat(entry).catch(() => null);
      if (!info) continue;
      if (info.isDirectory() && /^\d+$/.test(name)) {
        const pid = Number(name);
        const ownFolder = pid === process.pid;
        if ((ownFolder && atStartUp) || (!ownFolder && !isRunning(pid))) {
          await rm(entry, { recursive: true, force: true });
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
      if (now.getTime() - info.mtimeMs > ABANDONED_AFTER_MS) {
        await rm(entry, { force: true, recursive: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Every stored file's key with its last change, folder by folder (for the orphan sweep). */
  async *storedFiles(): AsyncGenerator<{ key: string; modifiedMs: number }[]> {
    for (const folder of await listFolder(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      const files: { key: string; modifiedMs: number }[] = [];
      for (const name of await listFolder(path.join(this.root, folder))) {
        const key = `${folder}/${name}`;
        if (!STORAGE_KEY.test(key)) continue;
        const info = await stat(path.join(this.root, key)).catch(() => null);
        if (info?.isFile()) files.push({ key, modifiedMs: info.mtimeMs });
      }
      if (files.length > 0) yield files;
    }
  }

  /** The keys among `storageKeys` whose file is not there (checked just before a report row names them). */
  async missing(storageKeys: readonly string[]): Promise<string[]> {
    const found = await Promise.all(
      storageKeys.map((key) =>
        stat(this.pathOf(key)).then(
          (info) => info.isFile(),
          () => false,
        ),
      ),
    );
    return storageKeys.filter((_key, index) => !found[index]);
  }

  /** Removes a stored file (one that no report row names). */
  async remove(storageKey: string): Promise<void> {
    await rm(this.pathOf(storageKey), { force: true });
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

async function listFolder(folder: string): Promise<string[]> {
  return readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
}

export class UploadBatch {
  private readonly written = new Set<string>();

  constructor(private readonly storage: MediaStorage) {}

  /** A new file in `.incoming/` for the media `mediaId`; it belongs to this batch from the first byte. */
  async incomingFile(mediaId: string): Promise<{ path: string; stream: WriteStream }> {
    await mkdir(this.storage.incomingDir, { recursive: true });
    const file = path.join(this.storage.incomingDir, `${mediaId}.part`);
    this.written.add(file);
    // flush: the bytes are on disk before the file counts as stored. Opened before anything else
    // happens, so discard() can never run before the file exists.
    const stream = createWriteStream(file, { flags: "wx", flush: true });
    await once(stream, "open");
    return { path: file, stream };
  }

  /** Moves a complete incoming file into place and returns its storage key. */
  async keep(incomingPath: string, mediaId: string): Promise<string> {
    const key = this.storage.keyFor(mediaId);
    const target = this.storage.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    this.written.add(target);
    await rename(incomingPath, target);
    this.written.delete(incomingPath);
    return key;
  }

  /** Removes one incoming file of this batch that is no longer needed (a video's original, once remuxed). */
  async drop(incomingPath: string): Promise<void> {
    await rm(incomingPath, { force: true });
    this.written.delete(incomingPath);
  }

  /** Removes every file written for this batch, wherever it got to. */
  async discard(): Promise<void> {
    const files = [...this.written];
    this.written.clear();
    await Promise.all(
      files.map((file) =>
        unlink(file).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
        }),
      ),
    );
  }
}
