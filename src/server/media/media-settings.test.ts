import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";

// The settings of report media (README's configuration table): where files go, the limits, the link key.

describe("media settings", () => {
  it("keeps uploads in DATA_DIR/uploads with the spec's limits by default", () => {
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
});
