import { threadId } from "node:worker_threads";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { GIF_MAX_FRAMES, GIF_MAX_TOTAL_PIXELS } from "./photo-processing";
import { PhotoProblem, PhotoWorkerPool, reencodePhotoReporting } from "./photos";

// Photos are re-encoded off the event loop, in worker threads, with bounded decoding work.

/** A real small PNG whose header claims `width` × `height` pixels (CRC fixed), to test the pixel limit. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  // Signature (8 bytes), then the IHDR chunk: length, "IHDR", width, height, …, CRC of type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** An animated GIF of `frames` frames of width × height, each a different grey. */
async function animatedGif(frames: number, width: number, height: number): Promise<Buffer> {
  const frame = (index: number) =>
    sharp({
      create: {
        width,
        height,
        channels: 3,
        background: { r: (index * 37) % 256, g: (index * 91) % 256, b: (index * 53 + 60) % 256 },
      },
    })
      .raw()
      .toBuffer();
  const pixels = Buffer.concat(await Promise.all(Array.from({ length: frames }, (_, index) => frame(index))));
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: Array(frames).fill(100) as number[] })
    .toBuffer();
}

describe("photo re-encoding", () => {
  const pool = new PhotoWorkerPool(1);
  afterAll(() => pool.close());

  it("runs in a worker thread, never on the main thread", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#808080" } })
      .jpeg()
      .toBuffer();
    const { output, threadId: worker } = await reencodePhotoReporting(jpeg, "image/jpeg");
    expect(worker).not.toBe(threadId);
    expect((await sharp(output).metadata()).format).toBe("jpeg");
  });

  it("keeps only the first frames of a long animated GIF, within the frame and pixel budget", async () => {
    const gif = await animatedGif(49, 300, 300);
    expect((await sharp(gif).metadata()).pages).toBe(49);

    const { output } = await pool.run(gif, "image/gif");

    const kept = await sharp(output, { animated: true }).metadata();
    const frames = kept.pages ?? 1;
    expect(frames).toBeLessThanOrEqual(GIF_MAX_FRAMES);
    expect(frames * 300 * 300).toBeLessThanOrEqual(GIF_MAX_TOTAL_PIXELS);
    expect(frames).toBeGreaterThan(1);
    expect(kept.width).toBe(300);
  });

  it("keeps a short animation whole", async () => {
    const { output } = await pool.run(await animatedGif(3, 40, 30), "image/gif");
    expect((await sharp(output, { animated: true }).metadata()).pages).toBe(3);
  });

  it("refuses a photo over the pixel limit and an unreadable file, as photo problems", async () => {
    // A PNG header claiming 10,000 × 10,000 pixels: refused from the header, nothing decoded.
    const huge = await pngClaiming(10_000, 10_000);
    await expect(pool.run(huge, "image/png")).rejects.toEqual(new PhotoProblem("too-many-pixels"));
    await expect(pool.run(Buffer.from("not a photograph at all"), "image/jpeg")).rejects.toBeInstanceOf(
      PhotoProblem,
    );
  });

  it("makes WebP variants no larger than the photo, from an animation's first frame", async () => {
    const { output, width, height } = await pool.run(await animatedGif(3, 700, 100), "image/gif");
    const { variants } = await pool.variants(output, "image/gif");

    expect([width, height]).toEqual([700, 100]);
    expect(variants.map((variant) => [variant.size, variant.width, variant.height])).toEqual([
      [320, 320, 46],
      [640, 640, 91],
    ]);
    for (const variant of variants) {
      const metadata = await sharp(variant.data, { animated: true }).metadata();
      expect([metadata.format, metadata.pages ?? 1, metadata.exif]).toEqual(["webp", 1, undefined]);
    }
  });

  it("makes variants only after the re-encodes waiting", async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const order: string[] = [];
    // The pool's one worker is busy with the first re-encode; a variants task and a re-encode then wait.
    const first = pool.run(png, "image/png").then(() => order.push("first"));
    const later = pool.variants(png, "image/png").then(() => order.push("variants"));
    const second = pool.run(png, "image/png").then(() => order.push("second"));
    await Promise.all([first, later, second]);
    expect(order).toEqual(["first", "second", "variants"]);
  });

  it("carries on after a task fails", async () => {
    await expect(pool.run(Buffer.alloc(10), "image/gif")).rejects.toBeInstanceOf(PhotoProblem);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await pool.run(png, "image/png")).output.length).toBeGreaterThan(0);
  });
});
