import type { BlurRectangle } from "../../../domain/reports/review-rules";

// The geometry of drawing blur rectangles on a photo: points and rectangles are fractions (0-1) of the
// photo's width and height, as the server takes them, so a rectangle drawn on a 360 px phone blurs the
// same part of the photo as one typed in percent.

export interface PhotoPoint {
  x: number;
  y: number;
}

/** A drag shorter than this (2% of the photo) either way is a tap or a slip, not a rectangle. */
export const SMALLEST_DRAWN = 0.02;

const within = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Where a pointer at (clientX, clientY) is on the photo shown in `box`, kept on the photo. */
export function pointOnPhoto(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): PhotoPoint {
  if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0 };
  return {
    x: within((clientX - box.left) / box.width, 0, 1),
    y: within((clientY - box.top) / box.height, 0, 1),
  };
}

/** The rectangle between two corners, whichever way the drag went. */
export function spanBetween(from: PhotoPoint, to: PhotoPoint): BlurRectangle {
  return {
    x: Math.min(from.x, to.x),
    y: Math.min(from.y, to.y),
    w: Math.abs(to.x - from.x),
    h: Math.abs(to.y - from.y),
  };
}

/** The rectangle a drag drew, or null for a drag too small to mean one. */
export function rectangleFromDrag(from: PhotoPoint, to: PhotoPoint): BlurRectangle | null {
  const span = clampToPhoto(spanBetween(from, to));
  return span.w < SMALLEST_DRAWN || span.h < SMALLEST_DRAWN ? null : span;
}

/** The rectangle kept on the photo: its corner on it, its width and height no further than its edges. */
export function clampToPhoto(rectangle: BlurRectangle): BlurRectangle {
  const x = within(rectangle.x, 0, 1);
  const y = within(rectangle.y, 0, 1);
  return { x, y, w: within(rectangle.w, 0, 1 - x), h: within(rectangle.h, 0, 1 - y) };
}

/** The rectangle moved by (dx, dy), its size kept, stopping at the photo's edges. */
export function moveWithinPhoto(rectangle: BlurRectangle, dx: number, dy: number): BlurRectangle {
  return {
    ...rectangle,
    x: within(rectangle.x + dx, 0, 1 - rectangle.w),
    y: within(rectangle.y + dy, 0, 1 - rectangle.h),
  };
}

/** The last rectangle drawn over the point (the one on top), or -1. */
export function rectangleAt(rectangles: readonly BlurRectangle[], point: PhotoPoint): number {
  for (let index = rectangles.length - 1; index >= 0; index--) {
    const { x, y, w, h } = rectangles[index]!;
    if (point.x >= x && point.x <= x + w && point.y >= y && point.y <= y + h) return index;
  }
  return -1;
}

/** A fraction as the percent a person reads and types: 0.125 → 12.5. */
export const percentOf = (fraction: number) => Math.round(fraction * 1000) / 10;
