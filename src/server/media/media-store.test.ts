import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  PutObjectCommand,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { DatabaseHandle } from "../db/database";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "../../test/server/databases";
import { mediaStoreContract } from "../../test/server/media-store-contract";
import { IncomingFolder } from "./media-store";
import { S3MediaStore } from "./s3-store";
import { LocalMediaStore } from "./storage";
import { startTestS3Server, type TestS3Server } from "../../test/server/s3-server";
import { sweepOrphanMedia } from "./orphan-sweep";

// One contract, both stores (src/test/server/media-store-contract.ts).

mediaStoreContract("the uploads folder", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "ia-store-"));
  const store = await LocalMediaStore.open(root);
  return {
    store,
    incomingRoot: store.incoming.root,
    close: async () => {
      await store.close();
      await rm(root, { recursive: true, force: true });
    },
  };
});

mediaStoreContract("an S3 bucket (s3rver on loopback)", async () => {
  const server = await startTestS3Server();
  const uploads = await mkdtemp(path.join(tmpdir(), "ia-store-s3-"));
  const incoming = IncomingFolder.inside(uploads);
  const store = await S3MediaStore.open(server.settings, { incoming });
  return {
    store,
    incomingRoot: incoming.root,
    close: async () => {
      await store.close();
      await server.close();
      await rm(uploads, { recursive: true, force: true });
    },
  };
});

// A process killed while it streamed a file up leaves an S3 multipart upload behind: parts kept (and
// billed) but never an object, so the listing of objects never shows them. The sweep aborts those of
// media keys once older than its age. s3rver (3.7) answers ListMultipartUploads "NotImplemented" and
// has no AbortMultipartUpload, so what S3 itself would answer is played by a stand-in for those two
// calls (the shape of the AWS API reference); everything else goes to s3rver.
describe("an S3 bucket's unfinished multipart uploads", () => {
  const hour = 60 * 60 * 1000;
  const now = new Date("2026-11-26T12:00:00Z");
  const mediaKey = (id: string) => `${id.slice(0, 2)}/${id}`;
  const ids = [
    "0a6f1c7e-9d1b-4c0e-8f4e-2b7f3d1c5a90",
    "1b7f2d8f-0e2c-4d1f-9a5f-3c8a4e2d6b01",
    "2c803e90-1f3d-4e20-8b60-4d9b5f3e7c12",
    "3d914fa1-2a4e-4f31-9c71-5eac6f4f8d23",
  ];
  let server: TestS3Server;
  let uploads: string;
  let store: S3MediaStore;
  // The sweeps below read an empty media table: one database for all, opened under the hooks' longer cap.
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.close();
  });

  beforeEach(async () => {
    server = await startTestS3Server();
    uploads = await mkdtemp(path.join(tmpdir(), "ia-store-s3-"));
    store = await S3MediaStore.open(server.settings, { incoming: IncomingFolder.inside(uploads) });
  });
  afterEach(async () => {
    await store.close();
    await server.close();
    await rm(uploads, { recursive: true, force: true });
  });

  it("aborts the media keys' uploads older than the sweep's age, page after page, and nothing else", async () => {
    const pages: ListMultipartUploadsCommandOutput[] = [
      {
        $metadata: {},
        IsTruncated: true,
        NextKeyMarker: mediaKey(ids[1]!),
        NextUploadIdMarker: "upload-2",
        Uploads: [
          // Begun two hours before: abandoned.
          { Key: mediaKey(ids[0]!), UploadId: "upload-1", Initiated: new Date(now.getTime() - 2 * hour) },
          // Begun half an hour before: may be a live upload still.
          { Key: mediaKey(ids[1]!), UploadId: "upload-2", Initiated: new Date(now.getTime() - hour / 2) },
        ],
      },
      {
        $metadata: {},
        IsTruncated: false,
        Uploads: [
          // Not a media key: someone else's in a shared bucket.
          { Key: "backups/db.dump", UploadId: "upload-3", Initiated: new Date(now.getTime() - 48 * hour) },
          { Key: mediaKey(ids[2]!), UploadId: "upload-4", Initiated: new Date(now.getTime() - 3 * hour) },
          // Aborted meanwhile by another instance's sweep.
          { Key: mediaKey(ids[3]!), UploadId: "upload-5", Initiated: new Date(now.getTime() - 3 * hour) },
        ],
      },
    ];
    const listed: ListMultipartUploadsCommand["input"][] = [];
    const aborted: AbortMultipartUploadCommand["input"][] = [];
    const send = store.client.send.bind(store.client);
    vi.spyOn(store.client, "send").mockImplementation((async (command: unknown) => {
      if (command instanceof ListMultipartUploadsCommand) {
        listed.push(command.input);
        return pages[listed.length - 1];
      }
      if (command instanceof AbortMultipartUploadCommand) {
        if (command.input.UploadId === "upload-5") {
          throw new S3ServiceException({ name: "NoSuchUpload", $fault: "client", $metadata: {} });
        }
        aborted.push(command.input);
        return { $metadata: {} };
      }
      return send(command as Parameters<typeof send>[0]);
    }) as typeof store.client.send);

    expect(await store.removeAbandonedUploads(now, hour)).toBe(2);
    expect(listed).toEqual([
      { Bucket: server.settings.bucket },
      { Bucket: server.settings.bucket, KeyMarker: mediaKey(ids[1]!), UploadIdMarker: "upload-2" },
    ]);
    expect(aborted).toEqual([
      { Bucket: server.settings.bucket, Key: mediaKey(ids[0]!), UploadId: "upload-1" },
      { Bucket: server.settings.bucket, Key: mediaKey(ids[2]!), UploadId: "upload-4" },
    ]);
  });

  it("stops listing when the store says there is more but not where from", async () => {
    let listings = 0;
    const send = store.client.send.bind(store.client);
    vi.spyOn(store.client, "send").mockImplementation((async (command: unknown) => {
      if (command instanceof ListMultipartUploadsCommand) {
        listings += 1;
        return { IsTruncated: true, Uploads: [], $metadata: {} };
      }
      return send(command as Parameters<typeof send>[0]);
    }) as typeof store.client.send);
    expect(await store.removeAbandonedUploads(now, hour)).toBe(0);
    expect(listings).toBe(1);
  });

  it("sweeps orphan files even when the bucket's policy refuses the multipart calls", async () => {
    const send = store.client.send.bind(store.client);
    vi.spyOn(store.client, "send").mockImplementation((async (command: unknown) => {
      if (command instanceof ListMultipartUploadsCommand) {
        throw new S3ServiceException({ name: "AccessDenied", $fault: "client", $metadata: {} });
      }
      return send(command as Parameters<typeof send>[0]);
    }) as typeof store.client.send);
    await store.client.send(
      new PutObjectCommand({ Bucket: server.settings.bucket, Key: mediaKey(ids[1]!), Body: "orphan" }),
    );
    const result = await sweepOrphanMedia(store, database.db, new Date(Date.now() + 2 * hour), hour);
    expect(result).toMatchObject({ abandonedUploads: 0, orphanFiles: 1 });
    expect(result.abandonedUploadsFailure).toBeDefined();
  });

  it("still sweeps when the store cannot list multipart uploads (s3rver itself)", async () => {
    // A real unfinished upload on s3rver, which it cannot list: the sweep counts none and goes on.
    await store.client.send(
      new CreateMultipartUploadCommand({ Bucket: server.settings.bucket, Key: mediaKey(ids[0]!) }),
    );
    await store.client.send(
      new PutObjectCommand({ Bucket: server.settings.bucket, Key: mediaKey(ids[1]!), Body: "orphan" }),
    );
    expect(await sweepOrphanMedia(store, database.db, new Date(Date.now() + 2 * hour), hour)).toEqual({
      abandonedUploads: 0,
      orphanFiles: 1,
    });
  });
});
