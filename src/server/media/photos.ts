import { availableParallelism } from "node:os";
import sharp from "sharp";
import { ConcurrencyLimit } from "./concurrency-limit";
import type { PhotoContentType } from "./media-types";

// Photographs are decoded and encoded again before they are stored, so nothing of the original file
// survives but its pixels: no EXIF (GPS location, camera, owner), no XMP, no ICC profile (colours are
// converted to sRGB), no comments. The pixels are turned upright first, since the orientation tag goes.
// Each photo keeps its format; a GIF stays a GIF with all its frames (reporters may send animations).

/** More pixels than this is refused: decoding and turning it would take too much memory. */
export const PHOTO_MAX_PIXELS = 50_000_000;
const JPEG_QUALITY = 85;

// One photo per core at a time. sharp works on libuv's thread pool, which the file writes share: with
// every upload of a burst decoding at once, each one's write waited behind all the decoding and every
// report finished at the end of the burst (100 photos at once: all of them after 7 to 10 s), with all the
// decoded images in memory together. In turn, the first ones are stored while the later ones wait.
const reencoding = new ConcurrencyLimit(Math.max(1, availableParallelism()));

export class PhotoProblem extends Error {
  constructor(readonly reason: "unreadable" | "too-many-pixels") {
    super(reason);
  }
}

/** The photo re-encoded without metadata, in the same format; throws PhotoProblem when it cannot be read. */
export function reencodePhoto(input: Buffer, contentType: PhotoContentType): Promise<Buffer> {
  return reencoding.run(() => reencode(input, contentType));
}

async function reencode(input: Buffer, contentType: PhotoContentType): Promise<Buffer> {
  const options = { failOn: "error", limitInputPixels: PHOTO_MAX_PIXELS } as const;
  try {
    switch (contentType) {
      case "image/jpeg":
        return await sharp(input, options).autoOrient().jpeg({ quality: JPEG_QUALITY }).toBuffer();
      case "image/png":
        return await sharp(input, options).autoOrient().png().toBuffer();
      case "image/gif":
        return await sharp(input, { ...options, animated: true })
          .gif()
          .toBuffer();
    }
  } catch (error) {
    throw new PhotoProblem(
      error instanceof Error && /pixel limit/i.test(error.message) ? "too-many-pixels" : "unreadable",
    );
  }
}
