import { arc, pie } from "d3-shape";
import { describe, expect, it } from "vitest";
import { ringSlices } from "./ring-slices";

// The chart's slices are drawn as d3-shape draws them (pie with padAngle, arc with its default pad radius,
// no corners, numbers to thousandths); the library is a development dependency, kept as the reference.

function d3Paths(values: number[], inner: number, outer: number, padAngle: number): string[] {
  const slices = pie<number>()
    .value((value) => Math.max(value, 0))
    .sort(null)
    .padAngle(padAngle)(values);
  const draw = arc<{ startAngle: number; endAngle: number; padAngle: number }>()
    .innerRadius(inner)
    .outerRadius(outer);
  return slices.map((slice) => draw(slice) ?? "");
}

function numbersOf(path: string): number[] {
  return (path.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);
}

function commandsOf(path: string): string {
  return path.replace(/[^MALZ]/g, "");
}

const cases: { values: number[]; pad: number }[] = [
  { values: [15, 85], pad: 0.04 },
  { values: [36.7, 63.3], pad: 0.04 },
  { values: [12_284_415, 14_625_585], pad: 0.04 },
  { values: [1, 2, 3, 4, 5], pad: 0.04 },
  { values: [99.9, 0.1], pad: 0.04 },
  { values: [60, 25, 10, 5], pad: 0.2 },
  { values: [42], pad: 0 },
  { values: [0.5, 0.5], pad: 0 },
];

describe("ringSlices", () => {
  it.each(cases)("draws $values with a pad of $pad as d3-shape does", ({ values, pad }) => {
    const ours = ringSlices(values, 44.8, 64, pad);
    const reference = d3Paths(values, 44.8, 64, pad);
    expect(ours.map((slice) => slice.index)).toEqual(values.map((_, index) => index));
    ours.forEach((slice, index) => {
      const expected = reference[index] ?? "";
      expect(commandsOf(slice.path)).toBe(commandsOf(expected));
      const got = numbersOf(slice.path);
      const want = numbersOf(expected);
      expect(got).toHaveLength(want.length);
      got.forEach((number, at) => expect(number).toBeCloseTo(want[at] ?? Number.NaN, 2));
    });
  });

  it("gives a value of zero no path, and its neighbours their shares", () => {
    const slices = ringSlices([3, 0, 1], 7, 10, 0.04);
    expect(slices.map((slice) => slice.path === "")).toEqual([false, true, false]);
    const reference = d3Paths([3, 0, 1], 7, 10, 0.04);
    for (const index of [0, 2]) {
      numbersOf(slices[index]?.path ?? "").forEach((number, at) =>
        expect(number).toBeCloseTo(numbersOf(reference[index] ?? "")[at] ?? Number.NaN, 2),
      );
    }
  });

  it("draws nothing when every value is zero", () => {
    expect(ringSlices([0, 0], 7, 10, 0.04).map((slice) => slice.path)).toEqual(["", ""]);
  });
});
