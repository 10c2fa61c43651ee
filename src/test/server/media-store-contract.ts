import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/database";
import { openTestDatabase } from "./databases";
import { ABANDONED_AFTER_MS, type MediaStore } from "../../server/media/media-store";
import { sweepOrphanMedia } from "../../server/media/orphan-sweep";

// The contract every media store keeps (media-store.ts), run against each of them (media-store.test.ts):
// the uploads folder, and an S3 bucket on a real S3-protocol server.

export interface StoreUnderTest {
  store: MediaStore;
  /** The local folder whose `<pid>/` subfolders hold files being received. */
  incomingRoot: string;
  close(): Promise<void>;
}

const ids = {
  photo: "0a6f1c7e-9d1b-4c0e-8f4e-2b7f3d1c5a90",
  video: "1b7f2d8f-0e2c-4d1f-9a5f-3c8a4e2d6b01",
  other: "2c803e90-1f3d-4e20-8b60-4d9b5f3e7c12",
};
const keyOf = (id: string) => `${id.slice(0, 2)}/${id}`;
const hour = 60 * 60 * 1000;
/** Larger than one part of an S3 multipart upload (5 MB), so the video goes up in several. */
const VIDEO_BYTES = 11 * 1024 * 1024 + 123;

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error("no such stored file");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The bytes in chunks of 1 MB, as a stream (the way an upload arrives). */
const streamOf = (bytes: Buffer) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / 2 ** 20) }, (_, index) =>
      bytes.subarray(index * 2 ** 20, (index + 1) * 2 ** 20),
    ),
  );

export function mediaStoreContract(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`the media store contract: ${name}`, () => {
    let subject: StoreUnderTest;
    let store: MediaStore;
    let database: DatabaseHandle;

    const storedKeys = async () => {
      const keys: string[] = [];
      for await (const files of store.storedFiles()) keys.push(...files.map((file) => file.key));
      return keys.sort();
    };
    const incomingFiles = async () =>
      (await readdir(subject.incomingRoot, { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);

    beforeAll(async () => {
      database = await openTestDatabase("pglite");
    });
    afterAll(() => database.close());
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(() => subject.close());

    it("stores bytes and a stream, and reads them back whole, by range, with size, date and tag", async () => {
      const photo = randomBytes(3000);
      const video = randomBytes(VIDEO_BYTES);
      const batch = store.startBatch();
      expect(await batch.store(ids.photo, photo, "image/jpeg")).toBe(keyOf(ids.photo));
      expect(await batch.store(ids.video, streamOf(video), "video/mp4")).toBe(keyOf(ids.video));

      expect(await bytesOf(await store.read(keyOf(ids.photo)))).toEqual(photo);
      expect(sha(await bytesOf(await store.read(keyOf(ids.video))))).toBe(sha(video));
      expect(await bytesOf(await store.read(keyOf(ids.video), { start: 100, end: 199 }))).toEqual(
        video.subarray(100, 200),
      );
      const end = { start: VIDEO_BYTES - 10, end: VIDEO_BYTES - 1 };
      expect(await bytesOf(await store.read(keyOf(ids.video), end))).toEqual(video.subarray(-10));

      const info = await store.info(keyOf(ids.video));
      expect(info?.size).toBe(VIDEO_BYTES);
      expect(info?.etag).toMatch(/^(W\/)?".+"$/);
      expect(Math.abs(Date.now() - (info?.lastModified.getTime() ?? 0))).toBeLessThan(hour);
      expect(await store.missing([keyOf(ids.photo), keyOf(ids.video)])).toEqual([]);
      expect(await storedKeys()).toEqual([keyOf(ids.photo), keyOf(ids.video)]);
      // Each stored file is marked as the batch's until its rows are committed and it is confirmed.
      expect((await incomingFiles()).sort()).toEqual([`${ids.photo}.stored`, `${ids.video}.stored`].sort());
      await batch.confirm();
      expect(await incomingFiles()).toEqual([]);
    });

    it("keeps a finished incoming file: stored under its key, and the local copy gone", async () => {
      const batch = store.startBatch();
      const incoming = await batch.incomingFile(ids.video);
      const video = randomBytes(VIDEO_BYTES);
      incoming.stream.end(video);
      await once(incoming.stream, "close");
      expect(await incomingFiles()).toEqual([`${ids.video}.part`]);

      expect(await batch.keep(incoming.path, ids.video, "video/mp4")).toBe(keyOf(ids.video));

      expect(sha(await bytesOf(await store.read(keyOf(ids.video))))).toBe(sha(video));
      await batch.confirm();
      expect(await incomingFiles()).toEqual([]);
    });

    it("stores nothing of a body that fails part-way, and its batch leaves nothing when discarded", async () => {
      const batch = store.startBatch();
      await batch.store(ids.photo, randomBytes(100), "image/jpeg");
      const failing = Readable.from(
        (async function* () {
          yield randomBytes(6 * 1024 * 1024);
          throw new Error("the client went away");
        })(),
      );

      await expect(batch.store(ids.video, failing, "video/mp4")).rejects.toThrow();
      expect(await store.info(keyOf(ids.video))).toBeNull();

      await batch.discard();
      expect(await storedKeys()).toEqual([]);
      expect(await incomingFiles()).toEqual([]);
    });

    it("stops a write under way when its batch is discarded, and leaves nothing", async () => {
      const batch = store.startBatch();
      const arriving = new PassThrough();
      const writing = batch.store(ids.video, arriving, "video/mp4");
      const settled = writing.then(
        () => "stored",
        () => "stopped",
      );
      arriving.write(randomBytes(6 * 1024 * 1024));
      // The first megabytes are taken in before the discard comes.
      await waitUntil(() => arriving.readableLength === 0);

      await batch.discard();

      expect(await settled).toBe("stopped");
      expect(await storedKeys()).toEqual([]);
      expect(await incomingFiles()).toEqual([]);
    });

    it("removes an incoming file whose file went missing before it was kept, and stores nothing", async () => {
      const batch = store.startBatch();
      const incoming = await batch.incomingFile(ids.photo);
      incoming.stream.end("photo");
      await once(incoming.stream, "close");
      await batch.drop(incoming.path);

      await expect(batch.keep(incoming.path, ids.photo, "image/jpeg")).rejects.toThrow();
      await batch.discard();
      expect(await storedKeys()).toEqual([]);
      expect(await incomingFiles()).toEqual([]);
    });

    it("deletes files: a removed file is not found, and removing a missing one is no error", async () => {
      const batch = store.startBatch();
      await batch.store(ids.photo, Buffer.from("photo"), "image/jpeg");
      await batch.store(ids.other, Buffer.from("other"), "image/jpeg");

      await store.remove([keyOf(ids.photo), keyOf(ids.video)]);

      expect(await store.info(keyOf(ids.photo))).toBeNull();
      expect(await store.read(keyOf(ids.photo))).toBeNull();
      expect(await store.missing([keyOf(ids.photo), keyOf(ids.other)])).toEqual([keyOf(ids.photo)]);
      expect(await storedKeys()).toEqual([keyOf(ids.other)]);
    });

    it("answers not found for a file never stored", async () => {
      expect(await store.info(keyOf(ids.photo))).toBeNull();
      expect(await store.read(keyOf(ids.photo))).toBeNull();
      expect(await store.read(keyOf(ids.photo), { start: 0, end: 9 })).toBeNull();
      expect(await store.missing([keyOf(ids.photo)])).toEqual([keyOf(ids.photo)]);
    });

    it("refuses a key it did not make: a path out of the store, an incoming file, a folder", async () => {
      for (const key of ["../../etc/passwd", `.incoming/${ids.photo}.part`, "0a", `0a/${ids.photo}/x`]) {
        await expect(store.info(key), key).rejects.toThrow(/not a media storage key/);
        await expect(store.read(key), key).rejects.toThrow(/not a media storage key/);
        await expect(store.remove([key]), key).rejects.toThrow(/not a media storage key/);
      }
    });

    it("takes a file when healthy, and lists for the sweep only the media it stored", async () => {
      expect(await store.isWritable()).toBe(true);
      await store.startBatch().store(ids.photo, Buffer.from("photo"), "image/jpeg");
      // The health probe and files being received are no media.
      await store.startBatch().incomingFile(ids.other);

      const pages: { key: string; modifiedMs: number }[][] = [];
      for await (const files of store.storedFiles()) pages.push(files);
      expect(pages.flat().map((file) => file.key)).toEqual([keyOf(ids.photo)]);
      expect(Math.abs(Date.now() - (pages[0]?.[0]?.modifiedMs ?? 0))).toBeLessThan(hour);
    });

    it("sweeps row-less files only once they are older than the window, and abandoned incoming files", async () => {
      const batch = store.startBatch();
      await batch.store(ids.photo, Buffer.from("photo"), "image/jpeg");
      await batch.store(ids.other, Buffer.from("other"), "image/jpeg");
      await batch.confirm();
      // What a process that died leaves: its own folder (an impossible pid), and a file of this one's.
      const deadProcess = path.join(subject.incomingRoot, "999999999");
      await mkdir(deadProcess, { recursive: true });
      await writeFile(path.join(deadProcess, `${ids.video}.part`), "half a video");
      const own = await store.startBatch().incomingFile(ids.video);
      own.stream.end("half a photo");
      await once(own.stream, "close");
      const longAgo = new Date(Date.now() - 2 * ABANDONED_AFTER_MS);
      await utimes(own.path, longAgo, longAgo);

      // Within the window (they were stored just now): kept.
      expect(await sweepOrphanMedia(store, database.db, new Date(), hour)).toEqual({
        abandonedUploads: 2,
        orphanFiles: 0,
      });
      expect(await storedKeys()).toEqual([keyOf(ids.photo), keyOf(ids.other)]);
      expect(await incomingFiles()).toEqual([]);

      // Seen from two hours later, no report naming them: removed.
      const later = new Date(Date.now() + 2 * hour);
      expect(await sweepOrphanMedia(store, database.db, later, hour)).toEqual({
        abandonedUploads: 0,
        orphanFiles: 2,
      });
      expect(await storedKeys()).toEqual([]);
    });
  });
}

/**
 * Waits for a condition that other work makes true (never for a length of time). A count of event-loop
 * turns was no bound: on a quiet machine 10,000 turns passed before an S3 upload had opened its marker
 * file and started reading. The cap is a guard against a hang, far above any wait seen.
 */
async function waitUntil(condition: () => boolean, capMs = 30_000): Promise<void> {
  const deadline = Date.now() + capMs;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (!condition()) throw new Error("the condition never came true");
}
