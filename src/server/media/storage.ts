import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  checkStorageKey,
  IncomingFolder,
  isStorageKey,
  listFolder,
  removeFile,
  storageKeyFor,
  type ByteRange,
  WritesUnderway,
  type MediaBatch,
  type MediaStore,
  type StoredFile,
  type StoredFileInfo,
  type UnconfirmedFiles,
} from "./media-store";

// Report media in a folder on this server's disk, under UPLOADS_DIR and never in a public folder
// (docs/architecture.md): the default store (media-store.ts). A file is written to `.incoming/` first and moved into
// place only once it is complete, so a stored file is always whole.

export class LocalMediaStore implements MediaStore {
  readonly description = "the uploads folder";
  readonly incoming: IncomingFolder;

  private constructor(readonly root: string) {
    this.incoming = IncomingFolder.inside(root);
  }

  /**
   * Opens the store at `root` and removes uploads abandoned by an earlier process. Folders are made on
   * the first upload, so an instance that never receives one writes nothing.
   */
  static async open(root: string, now = new Date()): Promise<LocalMediaStore> {
    const storage = new LocalMediaStore(path.resolve(root));
    // Made now, so a folder that cannot be created fails the start-up, not the first upload.
    await mkdir(storage.root, { recursive: true });
    await storage.incoming.removeAbandoned(now, { atStartUp: true });
    return storage;
  }

  /** Where a stored file lives; throws on a key this store did not make. */
  pathOf(storageKey: string): string {
    return path.join(this.root, checkStorageKey(storageKey));
  }

  startBatch(): LocalUploadBatch {
    return new LocalUploadBatch(this);
  }

  /** This process's folder for files being received: `.incoming/<pid>/`. */
  get incomingDir(): string {
    return this.incoming.dir;
  }

  /** Writes a small probe in `.incoming/` (the folder uploads are written to) and removes it. */
  isWritable(): Promise<boolean> {
    return this.incoming.isWritable();
  }

  removeAbandonedUploads(now: Date): Promise<number> {
    return this.incoming.removeAbandoned(now);
  }

  unconfirmedFilesOfEndedProcesses(): Promise<UnconfirmedFiles[]> {
    return this.incoming.unconfirmedFilesOfEndedProcesses();
  }

  /** Folder by folder. */
  async *storedFiles(): AsyncGenerator<StoredFile[]> {
    for (const folder of await listFolder(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      const files: StoredFile[] = [];
      for (const name of await listFolder(path.join(this.root, folder))) {
        const key = `${folder}/${name}`;
        if (!isStorageKey(key)) continue;
        const info = await stat(path.join(this.root, key)).catch(() => null);
        if (info?.isFile()) files.push({ key, modifiedMs: info.mtimeMs });
      }
      if (files.length > 0) yield files;
    }
  }

  async missing(storageKeys: readonly string[]): Promise<string[]> {
    const found = await Promise.all(storageKeys.map(async (key) => (await this.info(key)) !== null));
    return storageKeys.filter((_key, index) => !found[index]);
  }

  async info(storageKey: string): Promise<StoredFileInfo | null> {
    const info = await stat(this.pathOf(storageKey)).catch(() => null);
    if (!info?.isFile()) return null;
    // A weak tag from size and date, as a static file server makes it.
    return {
      size: info.size,
      lastModified: info.mtime,
      etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    };
  }

  async read(storageKey: string, range?: ByteRange): Promise<Readable | null> {
    const stream = createReadStream(this.pathOf(storageKey), range ?? {});
    try {
      // Opened before it is handed over, so a missing file is a null rather than a broken answer.
      await new Promise<void>((resolve, reject) => {
        stream.once("open", () => resolve());
        stream.once("error", reject);
      });
      return stream;
    } catch (error) {
      stream.destroy();
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async remove(storageKeys: readonly string[]): Promise<void> {
    for (const key of storageKeys) await rm(this.pathOf(key), { force: true });
  }

  async close(): Promise<void> {
    // Nothing held open between requests.
  }
}

export class LocalUploadBatch implements MediaBatch {
  private readonly written = new Set<string>();
  private readonly marked = new Set<string>();
  private readonly underway = new WritesUnderway();

  constructor(private readonly storage: LocalMediaStore) {}

  async incomingFile(mediaId: string) {
    const file = await this.storage.incoming.create(mediaId);
    this.written.add(file.path);
    return file;
  }

  /** Moves a complete incoming file into place. */
  async keep(incomingPath: string, mediaId: string): Promise<string> {
    const key = storageKeyFor(mediaId);
    const target = this.storage.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    this.written.add(target);
    // Marked before it is in place, so a kill at any point leaves no file the next start cannot tell.
    this.marked.add(key);
    await this.storage.incoming.markStored(key);
    await rename(incomingPath, target);
    this.written.delete(incomingPath);
    return key;
  }

  /** Written to `.incoming/` first, then moved into place. */
  store(mediaId: string, body: Buffer | Readable): Promise<string> {
    return this.underway.track(
      body,
      (async () => {
        const incoming = await this.incomingFile(mediaId);
        await pipeline(Buffer.isBuffer(body) ? [body] : body, incoming.stream);
        return this.keep(incoming.path, mediaId);
      })(),
    );
  }

  async drop(incomingPath: string): Promise<void> {
    await removeFile(incomingPath);
    this.written.delete(incomingPath);
  }

  async discard(): Promise<void> {
    await this.underway.stop();
    const files = [...this.written];
    this.written.clear();
    await Promise.all(files.map((file) => removeFile(file)));
    await this.confirm();
  }

  async confirm(): Promise<void> {
    const keys = [...this.marked];
    this.marked.clear();
    await this.storage.incoming.unmark(keys);
  }

  async abandon(): Promise<void> {
    await this.underway.stop();
    const incoming = [...this.written].filter((file) => file.startsWith(this.storage.incoming.root));
    this.written.clear();
    await Promise.all(incoming.map((file) => removeFile(file)));
  }
}
