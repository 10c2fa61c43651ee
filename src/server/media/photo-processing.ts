import sharp from "sharp";
import type { PhotoContentType } from "./media-types";

// Photographs are decoded and encoded again before they are stored, so nothing of the original file
// survives but its pixels: no EXIF (GPS location, camera, owner), no XMP, no ICC profile (colours are
// converted to sRGB), no comments. The pixels are turned upright first, since the orientation tag goes.
// Each photo keeps its format. This runs inside a photo worker (photo-worker.ts), never on the event loop.
//
// Decoding work is bounded before any pixel is decoded: a photo of more than PHOTO_MAX_PIXELS is refused,
// and an animated GIF keeps only as many of its first frames as fit in GIF_MAX_FRAMES and
// GIF_MAX_TOTAL_PIXELS (re-encoding GIF frames is the costly part: 49 large frames took seconds).

/** More pixels than this (in one frame) is refused: decoding and turning it would take too much memory. */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** An animation keeps at most this many frames ... */
export const GIF_MAX_FRAMES = 10;
/** ... and at most this many pixels over all the frames kept. */
export const GIF_MAX_TOTAL_PIXELS = 500_000;
const JPEG_QUALITY = 85;

export type PhotoProblemReason = "unreadable" | "too-many-pixels";

export class PhotoProblem extends Error {
  constructor(readonly reason: PhotoProblemReason) {
    super(reason);
  }
}

/** The photo re-encoded without metadata, in the same format; throws PhotoProblem when it cannot be read. */
export async function reencodeInPlace(input: Buffer, contentType: PhotoContentType): Promise<Buffer> {
  const options = { failOn: "error", limitInputPixels: PHOTO_MAX_PIXELS } as const;
  try {
    switch (contentType) {
      case "image/jpeg":
        return await sharp(input, options).autoOrient().jpeg({ quality: JPEG_QUALITY }).toBuffer();
      case "image/png":
        return await sharp(input, options).autoOrient().png().toBuffer();
      case "image/gif": {
        const frames = await gifFramesToKeep(input);
        return await sharp(input, { ...options, pages: frames, animated: frames > 1 })
          .gif()
          .toBuffer();
      }
    }
  } catch (error) {
    throw new PhotoProblem(
      error instanceof Error && /pixel limit/i.test(error.message) ? "too-many-pixels" : "unreadable",
    );
  }
}

/** The long-side bounds of the smaller WebP copies made of each photo, for srcset. */
export const VARIANT_SIZES = [320, 640, 1280] as const;
const WEBP_QUALITY = 75;

export interface PhotoVariant {
  /** The bound it was made for (one of VARIANT_SIZES). */
  size: number;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedPhoto {
  output: Buffer;
  width: number;
  height: number;
  /** Only the sizes smaller than the photo's long side: a photo is never enlarged. */
  variants: PhotoVariant[];
}

/**
 * The photo re-encoded (reencodeInPlace) with its size and its WebP variants, made from the re-encoded
 * pixels (already upright and without metadata; an animation's first frame), with no metadata either.
 */
export async function processPhoto(input: Buffer, contentType: PhotoContentType): Promise<ProcessedPhoto> {
  const output = await reencodeInPlace(input, contentType);
  try {
    const { width = 0, pageHeight, height = 0 } = await sharp(output).metadata();
    const frameHeight = pageHeight ?? height;
    const longSide = Math.max(width, frameHeight);
    const variants: PhotoVariant[] = [];
    for (const size of VARIANT_SIZES) {
      if (longSide <= size) break;
      const { data, info } = await sharp(output, { limitInputPixels: PHOTO_MAX_PIXELS })
        .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      variants.push({ size, width: info.width, height: info.height, data });
    }
    return { output, width, height: frameHeight, variants };
  } catch {
    throw new PhotoProblem("unreadable");
  }
}

/** How many leading frames of a GIF to decode, read from its header without decoding any. */
export async function gifFramesToKeep(input: Buffer): Promise<number> {
  const { width = 0, pageHeight, height = 0, pages = 1 } = await sharp(input, { pages: 1 }).metadata();
  const framePixels = Math.max(1, width * (pageHeight ?? height));
  if (framePixels > PHOTO_MAX_PIXELS) throw new PhotoProblem("too-many-pixels");
  return Math.max(1, Math.min(pages, GIF_MAX_FRAMES, Math.floor(GIF_MAX_TOTAL_PIXELS / framePixels)));
}
