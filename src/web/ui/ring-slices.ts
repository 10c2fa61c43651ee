// The doughnut chart's slices as SVG paths: the pie layout and padded arcs (no rounded corners) the chart
// needs, in a few lines, so the home page does not load a charting library for its four small charts (about
// 3 KB compressed of a first visit's JavaScript). The geometry is d3-shape's (pie with padAngle, arc with its
// default pad radius): ring-slices.test.ts checks it against that library.

const TAU = 2 * Math.PI;
const EPSILON = 1e-12;

/** A slice of the ring, in the order of the values: `path` is empty for a value of zero or less. */
export interface RingSlice {
  /** The value's place in the list given. */
  index: number;
  path: string;
}

/**
 * Slices a ring (radii `inner` < `outer`, centred on 0,0, clockwise from twelve o'clock) in proportion to
 * `values`, in their order, with `padAngle` (radians) of background between neighbours. A value of zero or
 * less takes no room but its pad.
 */
export function ringSlices(
  values: readonly number[],
  inner: number,
  outer: number,
  padAngle: number,
): RingSlice[] {
  const count = values.length;
  const pad = count > 0 ? Math.min(TAU / count, padAngle) : 0;
  const total = values.reduce((sum, value) => (value > 0 ? sum + value : sum), 0);
  const perUnit = total > 0 ? (TAU - count * pad) / total : 0;
  let start = 0;
  return values.map((value, index) => {
    const end = start + (value > 0 ? value * perUnit : 0) + pad;
    const slice = { index, path: value > 0 ? slicePath(start, end, inner, outer, pad) : "" };
    start = end;
    return slice;
  });
}

/** Thousandths of a pixel: finer than any screen shows, and shorter in the page's HTML. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function point(radius: number, angle: number): string {
  return `${round(radius * Math.cos(angle))},${round(radius * Math.sin(angle))}`;
}

function arcTo(radius: number, span: number, clockwise: boolean, angle: number): string {
  const r = round(radius);
  return `A${r},${r},0,${span >= Math.PI ? 1 : 0},${clockwise ? 1 : 0},${point(radius, angle)}`;
}

/** One slice from `startAngle` to `endAngle` (clockwise from twelve o'clock), narrowed by its pad. */
function slicePath(startAngle: number, endAngle: number, inner: number, outer: number, pad: number): string {
  // SVG measures angles from three o'clock.
  const from = startAngle - Math.PI / 2;
  const to = endAngle - Math.PI / 2;
  const span = to - from;
  if (span > TAU - EPSILON) {
    // The whole ring: two half circles outside, two inside drawn the other way round (the hole).
    const half = from + Math.PI;
    return (
      `M${point(outer, from)}${arcTo(outer, Math.PI, true, half)}${arcTo(outer, Math.PI, true, from)}` +
      `M${point(inner, to)}${arcTo(inner, Math.PI, false, to + Math.PI)}${arcTo(inner, Math.PI, false, to)}Z`
    );
  }
  // The pad is a band of constant width along the slice's edge: an angle that grows as the radius shrinks.
  const padRadius = Math.sqrt(inner * inner + outer * outer);
  const narrowed = (radius: number) => {
    const each = pad > EPSILON ? Math.asin((padRadius / radius) * Math.sin(pad / 2)) : 0;
    const left = span - 2 * each;
    return left > EPSILON
      ? { from: from + each, to: to - each, span: left }
      : { from: (from + to) / 2, to: (from + to) / 2, span: 0 };
  };
  const outside = narrowed(outer);
  const inside = narrowed(inner);
  let path = `M${point(outer, outside.from)}`;
  if (outside.span > 0) path += arcTo(outer, outside.span, true, outside.to);
  path += `L${point(inner, inside.to)}`;
  if (inside.span > 0) path += arcTo(inner, inside.span, false, inside.from);
  return `${path}Z`;
}
