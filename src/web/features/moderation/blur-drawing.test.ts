import { describe, expect, it } from "vitest";
import {
  clampToPhoto,
  moveWithinPhoto,
  percentOf,
  pointOnPhoto,
  rectangleAt,
  rectangleFromDrag,
} from "./blur-drawing";

// Drawn rectangles are fractions of the photo, kept on it, whatever way and however far the pointer went.

const box = { left: 20, top: 100, width: 320, height: 160 };

describe("blur drawing geometry", () => {
  it("turns a pointer's position into a point of the photo, kept on the photo", () => {
    expect(pointOnPhoto(20 + 80, 100 + 40, box)).toEqual({ x: 0.25, y: 0.25 });
    expect(pointOnPhoto(0, 400, box)).toEqual({ x: 0, y: 1 });
    expect(pointOnPhoto(500, 50, box)).toEqual({ x: 1, y: 0 });
    expect(pointOnPhoto(30, 30, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });

  it("makes the same rectangle whichever corner the drag started from", () => {
    const drawn = { x: 0.1, y: 0.2, w: expect.closeTo(0.3), h: expect.closeTo(0.4) };
    expect(rectangleFromDrag({ x: 0.1, y: 0.2 }, { x: 0.4, y: 0.6 })).toEqual(drawn);
    expect(rectangleFromDrag({ x: 0.4, y: 0.6 }, { x: 0.1, y: 0.2 })).toEqual(drawn);
  });

  it("ignores a drag under 2% of the photo either way (a tap or a slip)", () => {
    expect(rectangleFromDrag({ x: 0.5, y: 0.5 }, { x: 0.51, y: 0.9 })).toBeNull();
    expect(rectangleFromDrag({ x: 0.5, y: 0.5 }, { x: 0.9, y: 0.515 })).toBeNull();
    expect(rectangleFromDrag({ x: 0.5, y: 0.5 }, { x: 0.5, y: 0.5 })).toBeNull();
    expect(rectangleFromDrag({ x: 0.5, y: 0.5 }, { x: 0.52, y: 0.52 })).not.toBeNull();
  });

  it("keeps a typed rectangle on the photo", () => {
    expect(clampToPhoto({ x: 0.8, y: 0.9, w: 0.5, h: 0.5 })).toEqual({
      ...{ x: 0.8, y: 0.9 },
      ...{ w: expect.closeTo(0.2), h: expect.closeTo(0.1) },
    });
    expect(clampToPhoto({ x: -0.2, y: 1.4, w: 0.5, h: 0.5 })).toEqual({ x: 0, y: 1, w: 0.5, h: 0 });
  });

  it("moves a rectangle keeping its size, stopping at the photo's edges", () => {
    const rectangle = { x: 0.5, y: 0.5, w: 0.25, h: 0.25 };
    expect(moveWithinPhoto(rectangle, 0.1, -0.1)).toEqual({ x: 0.6, y: 0.4, w: 0.25, h: 0.25 });
    expect(moveWithinPhoto(rectangle, 0.5, 0.5)).toEqual({ x: 0.75, y: 0.75, w: 0.25, h: 0.25 });
    expect(moveWithinPhoto(rectangle, -0.9, -0.9)).toEqual({ x: 0, y: 0, w: 0.25, h: 0.25 });
  });

  it("finds the rectangle on top under a point", () => {
    const rectangles = [
      { x: 0, y: 0, w: 0.5, h: 0.5 },
      { x: 0.25, y: 0.25, w: 0.5, h: 0.5 },
    ];
    expect(rectangleAt(rectangles, { x: 0.1, y: 0.1 })).toBe(0);
    expect(rectangleAt(rectangles, { x: 0.3, y: 0.3 })).toBe(1);
    expect(rectangleAt(rectangles, { x: 0.9, y: 0.1 })).toBe(-1);
  });

  it("shows fractions as percents to a tenth", () => {
    expect(percentOf(0.125)).toBe(12.5);
    expect(percentOf(0.1)).toBe(10);
    expect(percentOf(1 / 3)).toBe(33.3);
  });
});
