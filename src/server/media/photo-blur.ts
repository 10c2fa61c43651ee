import sharp from "sharp";
import type { BlurRectangle } from "../../domain/reports/review-rules";
import { PhotoProblem } from "./photo-processing";
import type { PhotoContentType } from "./media-types";

// A moderator's blurring of faces, number plates or house numbers: each rectangle is pixelated coarsely
// (a few blocks across) and then blurred, so what was there cannot be read back or sharpened, and
// composited onto the photo, encoded again in its own format. Photos are stored upright and without
// metadata (photo-processing.ts), so the rectangles the moderator drew on the photo land where drawn.
// sharp works on its own threads, not on the event loop.

/** Blocks across the longer side of a rectangle: coarse enough that no face or digit survives. */
const BLOCKS_ACROSS = 8;

const outputFormat: Record<PhotoContentType, "jpeg" | "png" | "webp" | "gif"> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
};

/** The pixel box of a rectangle given as fractions, at least 1 px, inside the photo. */
export function pixelBox(rectangle: BlurRectangle, width: number, height: number) {
  const left = Math.min(width - 1, Math.max(0, Math.floor(rectangle.x * width)));
  const top = Math.min(height - 1, Math.max(0, Math.floor(rectangle.y * height)));
  const right = Math.min(width, Math.max(left + 1, Math.ceil((rectangle.x + rectangle.w) * width)));
  const bottom = Math.min(height, Math.max(top + 1, Math.ceil((rectangle.y + rectangle.h) * height)));
  return { left, top, width: right - left, height: bottom - top };
}

/** The photo with each rectangle made unreadable; throws PhotoProblem when it cannot be read. */
export async function blurPhoto(
  photo: Buffer,
  contentType: PhotoContentType,
  rectangles: readonly BlurRectangle[],
): Promise<Buffer> {
  try {
    const { width, height } = await sharp(photo).metadata();
    if (!width || !height) throw new PhotoProblem("unreadable");
    const overlays = await Promise.all(
      rectangles.map(async (rectangle) => {
        const box = pixelBox(rectangle, width, height);
        const scale = Math.max(box.width, box.height) / BLOCKS_ACROSS;
        // Two pipelines: sharp applies only the last resize of one.
        const small = await sharp(photo)
          .extract(box)
          .resize(Math.max(1, Math.round(box.width / scale)), Math.max(1, Math.round(box.height / scale)), {
            fit: "fill",
          })
          .png()
          .toBuffer();
        const blocks = await sharp(small)
          .resize(box.width, box.height, { fit: "fill", kernel: "nearest" })
          .blur(Math.max(0.3, scale / 4))
          .png()
          .toBuffer();
        return { input: blocks, left: box.left, top: box.top };
      }),
    );
    return await sharp(photo).composite(overlays).toFormat(outputFormat[contentType]).toBuffer();
  } catch (error) {
    if (error instanceof PhotoProblem) throw error;
    throw new PhotoProblem("unreadable");
  }
}
