import sharp, { type Sharp } from "sharp";
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
// Without a second pass to fit the Huffman tables to the photo: encoding took a quarter of the time
// (10 ms instead of 37 for 2000 × 1500 px) for a file 2-4% larger.
const JPEG_OPTIONS = { quality: JPEG_QUALITY, optimiseCoding: false } as const;

export type PhotoProblemReason = "unreadable" | "too-many-pixels";

export class PhotoProblem extends Error {
  constructor(readonly reason: PhotoProblemReason) {
    super(reason);
  }
}

/** The long-side bounds of the smaller WebP copies made of each photo, for srcset. */
export const VARIANT_SIZES = [320, 640, 1280] as const;
const WEBP_QUALITY = 75;
// libwebp's fastest method: at its default (4) the 1280 px copy alone cost more than decoding and
// re-encoding the whole photo, and the copies are small previews.
const WEBP_EFFORT = 0;

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
}

/** Decoded pixels, 8 bits a channel, upright, in sRGB, with nothing else of the file they came from. */
interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const decodeOptions = { failOn: "error", limitInputPixels: PHOTO_MAX_PIXELS } as const;

function fromPixels({ data, width, height, channels }: Pixels): Sharp {
  return sharp(data, { raw: { width, height, channels } });
}

async function toPixels(image: Sharp): Promise<Pixels> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A problem of sharp's, as the reason the photo is refused. */
function photoProblem(error: unknown): PhotoProblem {
  if (error instanceof PhotoProblem) return error;
  return new PhotoProblem(
    error instanceof Error && /pixel limit/i.test(error.message) ? "too-many-pixels" : "unreadable",
  );
}

/**
 * The photo re-encoded without metadata, in the same format, with its size; throws PhotoProblem when it
 * cannot be read. Its WebP variants are made later, from this output (photoVariants): that work is not
 * part of a report's answer.
 */
export async function processPhoto(input: Buffer, contentType: PhotoContentType): Promise<ProcessedPhoto> {
  try {
    if (contentType === "image/gif") {
      const frames = await gifFramesToKeep(input);
      const output = await sharp(input, { ...decodeOptions, pages: frames, animated: frames > 1 })
        .gif()
        .toBuffer();
      const { width = 0, pageHeight, height = 0 } = await sharp(output).metadata();
      return { output, width, height: pageHeight ?? height };
    }
    const pixels = await toPixels(sharp(input, decodeOptions).autoOrient());
    const encoded = fromPixels(pixels);
    const output = await (
      contentType === "image/jpeg" ? encoded.jpeg(JPEG_OPTIONS) : encoded.png()
    ).toBuffer();
    return { output, width: pixels.width, height: pixels.height };
  } catch (error) {
    throw photoProblem(error);
  }
}

/**
 * The WebP variants of a photo already re-encoded by processPhoto (upright, without metadata), decoded
 * once: each variant is scaled from the next larger one's pixels (1280 from the photo, 640 from 1280, 320
 * from 640), a fraction of decoding the photo again for each. An animated GIF's show its first frame.
 */
export async function photoVariants(photo: Buffer): Promise<PhotoVariant[]> {
  try {
    // A GIF's first frame only (pages is the number of frames to read).
    const pixels = await toPixels(sharp(photo, { ...decodeOptions, pages: 1 }));
    return await makeVariants(fromPixels(pixels), pixels.width, pixels.height);
  } catch (error) {
    throw photoProblem(error);
  }
}

/**
 * The WebP copies of an image of width × height (`source`, to decode or already decoded), largest first
 * in the making and smallest first in the answer. Each one's size is reckoned from the photo's own, as a
 * "fit inside" resize of the photo would give it, so scaling in steps never shifts a dimension by a pixel.
 */
async function makeVariants(source: Sharp, width: number, height: number): Promise<PhotoVariant[]> {
  const longSide = Math.max(width, height);
  const sizes = VARIANT_SIZES.filter((size) => size < longSide).reverse();
  const variants: PhotoVariant[] = [];
  let from = source;
  for (const size of sizes) {
    const scaled = await toPixels(from.resize({ ...variantSize(width, height, size), fit: "fill" }));
    const data = await fromPixels(scaled).webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer();
    variants.unshift({ size, width: scaled.width, height: scaled.height, data });
    from = fromPixels(scaled);
  }
  return variants;
}

/** The size a photo of width × height takes within size × size, never enlarged. */
export function variantSize(width: number, height: number, size: number): { width: number; height: number } {
  const scale = Math.min(1, size / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** How many leading frames of a GIF to decode, read from its header without decoding any. */
export async function gifFramesToKeep(input: Buffer): Promise<number> {
  const { width = 0, pageHeight, height = 0, pages = 1 } = await sharp(input, { pages: 1 }).metadata();
  const framePixels = Math.max(1, width * (pageHeight ?? height));
  if (framePixels > PHOTO_MAX_PIXELS) throw new PhotoProblem("too-many-pixels");
  return Math.max(1, Math.min(pages, GIF_MAX_FRAMES, Math.floor(GIF_MAX_TOTAL_PIXELS / framePixels)));
}
