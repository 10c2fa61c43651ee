import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { mediaStoreContract } from "../../test/server/media-store-contract";
import { IncomingFolder } from "./media-store";
import { S3MediaStore } from "./s3-store";
import { LocalMediaStore } from "./storage";
import { startTestS3Server } from "../../test/server/s3-server";

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
