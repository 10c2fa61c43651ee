export type Direction = "up" | "down" | "left" | "right";

export const arrowDirections: Record<string, Direction> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
};

/**
 * The region whose centroid is nearest in the given direction (SVG y grows downwards), or undefined at
 * the edge of the map. Only regions within about 60° of the direction count, and sideways distance
 * counts double, so a region straight ahead beats a nearer one off to the side.
 */
export function nearestRegion<Region extends { centroid: readonly [number, number] }>(
  regions: readonly Region[],
  from: Region,
  direction: Direction,
): Region | undefined {
  const [fromX, fromY] = from.centroid;
  let nearest: Region | undefined;
  let nearestScore = Infinity;
  for (const candidate of regions) {
    if (candidate === from) continue;
    const dx = candidate.centroid[0] - fromX;
    const dy = candidate.centroid[1] - fromY;
    const horizontal = direction === "left" || direction === "right";
    const ahead = { right: dx, left: -dx, down: dy, up: -dy }[direction];
    const aside = Math.abs(horizontal ? dy : dx);
    if (ahead <= 0 || aside > 2 * ahead) continue;
    const score = ahead + 2 * aside;
    if (score < nearestScore) {
      nearest = candidate;
      nearestScore = score;
    }
  }
  return nearest;
}
