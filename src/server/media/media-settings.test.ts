import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";

// The settings of report media (README's configuration table): where files go, the limits, the link key.

describe("media settings", () => {
  it("keeps uploads in DATA_DIR/uploads with the product's limits by default", () => {
    const config = loadConfig({ DATA_DIR: "/srv/atlas" });

    expect(config.uploadsDir).toBe(path.resolve("/srv/atlas/uploads"));
    expect(config.reportPhotoMaxBytes).toBe(5 * 1024 * 1024);
    expect(config.reportVideoMaxBytes).toBe(100 * 1024 * 1024);
    expect(config.reportRateLimitMax).toBe(20);
  });

  it("takes another uploads folder and other limits from the environment", () => {
    const config = loadConfig({
      UPLOADS_DIR: "/mnt/media",
      REPORT_PHOTO_MAX_BYTES: "1000000",
      REPORT_VIDEO_MAX_BYTES: "50000000",
      REPORT_RATE_LIMIT_MAX: "5",
    });

    expect(config.uploadsDir).toBe(path.resolve("/mnt/media"));
    expect([config.reportPhotoMaxBytes, config.reportVideoMaxBytes, config.reportRateLimitMax]).toEqual([
      1_000_000, 50_000_000, 5,
    ]);
  });

  it("makes a media link key for the process when none is set, and refuses a short one", () => {
    const first = loadConfig({});
    const second = loadConfig({});
    expect(first.mediaUrlSecretGenerated).toBe(true);
    expect(first.mediaUrlSecret).not.toBe(second.mediaUrlSecret);

    const set = loadConfig({ MEDIA_URL_SECRET: "k".repeat(32) });
    expect(set).toMatchObject({ mediaUrlSecret: "k".repeat(32), mediaUrlSecretGenerated: false });
    expect(() => loadConfig({ MEDIA_URL_SECRET: "short" })).toThrow(/MEDIA_URL_SECRET/);
    expect(() => loadConfig({ REPORT_VIDEO_MAX_BYTES: "0" })).toThrow(/REPORT_VIDEO_MAX_BYTES/);
  });

  it("keeps media in the uploads folder unless S3_BUCKET is set, then in that bucket", () => {
    expect(loadConfig({}).s3).toBeUndefined();

    expect(
      loadConfig({
        S3_BUCKET: "atlas-media",
        S3_ENDPOINT: "http://minio.internal:9000",
        S3_REGION: "eu-west-2",
        S3_FORCE_PATH_STYLE: "true",
        AWS_ACCESS_KEY_ID: "atlas",
        AWS_SECRET_ACCESS_KEY: "a-long-secret",
      }).s3,
    ).toEqual({
      bucket: "atlas-media",
      endpoint: "http://minio.internal:9000",
      region: "eu-west-2",
      forcePathStyle: true,
      credentials: { accessKeyId: "atlas", secretAccessKey: "a-long-secret" },
    });
    // AWS itself: its default region, virtual-host addressing, the SDK's own credential sources.
    expect(loadConfig({ S3_BUCKET: "atlas-media" }).s3).toEqual({
      bucket: "atlas-media",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
    });
  });

  it("refuses S3 settings that do not go together, naming the variable", () => {
    expect(() => loadConfig({ S3_ENDPOINT: "http://minio.internal:9000" })).toThrow(
      /S3_BUCKET: must be set when S3_ENDPOINT is/,
    );
    expect(() => loadConfig({ S3_BUCKET: "atlas-media", AWS_ACCESS_KEY_ID: "atlas" })).toThrow(
      /AWS_SECRET_ACCESS_KEY: must be set too/,
    );
    expect(() => loadConfig({ S3_BUCKET: "Atlas_Media" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: "atlas-media", S3_FORCE_PATH_STYLE: "yes" })).toThrow(
      /S3_FORCE_PATH_STYLE: must be true or false/,
    );
    expect(() => loadConfig({ S3_BUCKET: "atlas-media", S3_ENDPOINT: "ftp://minio" })).toThrow(/S3_ENDPOINT/);
  });
});
