import { describe, expect, it, vi } from "vitest";
import {
  encodeWithinLimit,
  PHOTO_MAX_SIDE,
  QUALITY_STEPS,
  scaledSize,
  shrunkName,
  type Size,
} from "./photo-shrink-core";

const MB = 1024 * 1024;

/** A JPEG as encodeWithinLimit sees it: only its size matters (no megabytes allocated for nothing). */
const jpegOf = (bytes: number) => ({ size: bytes, type: "image/jpeg" }) as Blob;

/** An encoder whose output size follows the pixels and the quality, as a real JPEG roughly does. */
function fakeEncoder(bytesPerPixelAtFullQuality: number) {
  return vi.fn(async (size: Size, quality: number) =>
    jpegOf(Math.round(size.width * size.height * bytesPerPixelAtFullQuality * quality)),
  );
}

describe("scaledSize", () => {
  it("fits the long side to the maximum and keeps the proportions", () => {
    expect(scaledSize({ width: 4000, height: 3000 }, PHOTO_MAX_SIDE)).toEqual({ width: 2560, height: 1920 });
    expect(scaledSize({ width: 3000, height: 4000 }, PHOTO_MAX_SIDE)).toEqual({ width: 1920, height: 2560 });
  });

  it("never enlarges a smaller photo", () => {
    expect(scaledSize({ width: 1200, height: 900 }, PHOTO_MAX_SIDE)).toEqual({ width: 1200, height: 900 });
  });
});

describe("encodeWithinLimit", () => {
  it("keeps the first quality when the scaled photo fits", async () => {
    const encode = fakeEncoder(1);
    const blob = await encodeWithinLimit({ width: 4000, height: 3000 }, encode, 5 * MB);
    expect(encode).toHaveBeenCalledTimes(1);
    expect(encode).toHaveBeenCalledWith({ width: 2560, height: 1920 }, QUALITY_STEPS[0]);
    expect(blob?.size).toBeLessThanOrEqual(5 * MB);
  });

  it("lowers the quality step by step until the photo fits", async () => {
    // 2560 × 1920 × 1.6 bytes: 0.85 → 6.3 MB, 0.75 → 5.6 MB, 0.65 → 4.9 MB.
    const encode = fakeEncoder(1.6);
    const blob = await encodeWithinLimit({ width: 4000, height: 3000 }, encode, 5 * MB);
    expect(encode.mock.calls.map(([, quality]) => quality)).toEqual(QUALITY_STEPS.slice(0, 3));
    expect(blob?.size).toBeLessThanOrEqual(5 * MB);
  });

  it("draws smaller when even the lowest quality is too large", async () => {
    const encode = fakeEncoder(3);
    const blob = await encodeWithinLimit({ width: 4000, height: 3000 }, encode, 5 * MB);
    const sizes = encode.mock.calls.map(([size]) => size.width);
    expect(sizes.slice(0, QUALITY_STEPS.length)).toEqual(QUALITY_STEPS.map(() => 2560));
    expect(sizes.at(-1)).toBeLessThan(2560);
    expect(blob?.size).toBeLessThanOrEqual(5 * MB);
  });

  it("gives up (null) when nothing down to the smallest useful size fits", async () => {
    const encode = vi.fn(async () => jpegOf(6 * MB));
    expect(await encodeWithinLimit({ width: 4000, height: 3000 }, encode, 5 * MB)).toBeNull();
  });
});

describe("shrunkName", () => {
  it("names the shrunk photo as a JPEG", () => {
    expect(shrunkName("ramp.png")).toBe("ramp.jpg");
    expect(shrunkName("IMG_2041.JPEG")).toBe("IMG_2041.jpg");
    expect(shrunkName("no-extension")).toBe("no-extension.jpg");
    expect(shrunkName(".png")).toBe("photo.jpg");
  });
});
