import { once } from "node:events";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalMediaStore } from "./storage";
import { readHead } from "./upload-streams";

// The files on disk: complete files only, under generated names, and nothing left of a failed batch.

describe("media storage", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "ia-storage-"));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("makes its folder at start, empty, so a folder it cannot make stops the start-up", async () => {
    await LocalMediaStore.open(path.join(root, "uploads"));
    expect(await readdir(path.join(root, "uploads"))).toEqual([]);

    await writeFile(path.join(root, "a-file"), "not a folder");
    await expect(LocalMediaStore.open(path.join(root, "a-file", "uploads"))).rejects.toThrow(/ENOTDIR/);
  });

  it("removes uploads abandoned a day ago by a process that died, and keeps recent ones", async () => {
    const incoming = path.join(root, ".incoming");
    await mkdir(incoming);
    await writeFile(path.join(incoming, "old.part"), "old");
    await writeFile(path.join(incoming, "recent.part"), "recent");
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(path.join(incoming, "old.part"), twoDaysAgo, twoDaysAgo);

    await LocalMediaStore.open(root);

    expect(await readdir(incoming)).toEqual(["recent.part"]);
  });

  it("moves a finished file into place, and discards every file of a batch", async () => {
    const storage = await LocalMediaStore.open(root);
    const batch = storage.startBatch();
    const kept = await batch.incomingFile("0a6f1c7e-9d1b-4c0e-8f4e-2b7f3d1c5a90");
    kept.stream.end("photo");
    await once(kept.stream, "close");
    const key = await batch.keep(kept.path, "0a6f1c7e-9d1b-4c0e-8f4e-2b7f3d1c5a90");
    await batch.incomingFile("1b7f2d8f-0e2c-4d1f-9a5f-3c8a4e2d6b01");

    expect(key).toBe("0a/0a6f1c7e-9d1b-4c0e-8f4e-2b7f3d1c5a90");
    expect(await readdir(path.join(root, "0a"))).toEqual(["0a6f1c7e-9d1b-4c0e-8f4e-2b7f3d1c5a90"]);

    await batch.discard();

    expect(await readdir(path.join(root, "0a"))).toEqual([]);
    expect(await readdir(storage.incomingDir)).toEqual([]);
  });

  it("refuses a storage key it did not make", async () => {
    const storage = await LocalMediaStore.open(root);

    expect(() => storage.pathOf("../../etc/passwd")).toThrow();
    expect(() => storage.pathOf(".incoming/0a6f1c7e-9d1b-4c0e-8f4e-2b7f3d1c5a90.part")).toThrow();
  });
});

describe("reading the head of an upload", () => {
  it("gives the first bytes and then the whole content, for long and short files", async () => {
    const long = Buffer.alloc(10_000, 1);
    const split = await readHead(
      Readable.from([long.subarray(0, 3000), long.subarray(3000, 6000), long.subarray(6000)]),
      4100,
    );
    expect(split.head.length).toBe(6000);
    const chunks: Buffer[] = [];
    for await (const chunk of split.content) chunks.push(chunk);
    expect(Buffer.concat(chunks)).toEqual(long);

    const short = await readHead(Readable.from([Buffer.from("tiny")]), 4100);
    expect(short.head.toString()).toBe("tiny");
    const all: Buffer[] = [];
    for await (const chunk of short.content) all.push(chunk);
    expect(Buffer.concat(all).toString()).toBe("tiny");
  });
});
