import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Settings } from "../../server/media/s3-store";

// A real S3-protocol server for tests (s3rver, on a free loopback port, over a temporary folder), with
// an empty bucket made through the S3 API: the S3 store is tested against the protocol, never a mock.

export interface TestS3Server {
  settings: S3Settings;
  /** Every object's key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** An object's bytes. */
  read(key: string): Promise<Buffer>;
  /** Deletes every object. */
  empty(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestS3Server(bucket = "atlas-media"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "ia-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    forcePathStyle: true,
    // s3rver's own keys: it checks request signatures like a real store.
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: settings.credentials,
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const keys = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
  };
  return {
    settings,
    keys,
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    },
    async empty() {
      const all = await keys();
      if (all.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: all.map((Key) => ({ Key })) } }),
      );
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
