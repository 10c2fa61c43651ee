// Shared by the shrinking worker and its main-thread fallback (shrink-photo.ts): how large a shrunk photo
// is drawn and how hard it is compressed until it fits the server's limit.

/** The long side of a shrunk photo at most: sharp enough to read a sign, small enough for mobile data. */
export const PHOTO_MAX_SIDE = 2560;
/** JPEG qualities tried in turn, best first, until the photo fits. */
export const QUALITY_STEPS: readonly number[] = [0.85, 0.75, 0.65, 0.55, 0.45];
/** When even the lowest quality is too large (noisy night shots), the long side shrinks by this much. */
const SIDE_STEP = 0.8;
/** Below this long side a photo no longer shows a barrier: the photo is refused instead. */
const MIN_SIDE = 640;

export interface Size {
  width: number;
  height: number;
}

/** The size that fits `maxSide` on the long side, keeping the proportions; never larger than the photo. */
export function scaledSize({ width, height }: Size, maxSide: number): Size {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Encodes the photo at the largest size up to PHOTO_MAX_SIDE and the best quality whose result is at most
 * `limit` bytes: each quality step in turn, then a smaller size. Null when nothing down to MIN_SIDE fits.
 */
export async function encodeWithinLimit(
  photo: Size,
  encode: (size: Size, quality: number) => Promise<Blob>,
  limit: number,
): Promise<Blob | null> {
  let side = Math.min(PHOTO_MAX_SIDE, Math.max(photo.width, photo.height));
  while (side >= MIN_SIDE) {
    const size = scaledSize(photo, side);
    for (const quality of QUALITY_STEPS) {
      const blob = await encode(size, quality);
      if (blob.size <= limit) return blob;
    }
    side = Math.floor(side * SIDE_STEP);
  }
  return null;
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * Draws the photo at `size` on white (JPEG has no transparency: a PNG's clear parts would turn black).
 * Only pixels are drawn, so the JPEG made from the canvas carries no EXIF at all: no GPS position, no
 * camera serial number. A reporter's place must never leak through a photo's metadata.
 */
export function paint(context: Context2D, image: CanvasImageSource, size: Size): void {
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image, 0, 0, size.width, size.height);
}

/** "ramp.png" → "ramp.jpg": the shrunk photo is a JPEG whatever it was. */
export function shrunkName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, "");
  return `${base || "photo"}.jpg`;
}

/** Asked of the worker: one photo and the limit it must fit. */
export interface ShrinkRequest {
  file: Blob;
  limit: number;
}

/** The worker's answer: the JPEG, or why there is none. */
export type ShrinkAnswer = { ok: true; blob: Blob } | { ok: false; reason: "undecodable" | "too-large" };
