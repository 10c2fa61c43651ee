import { describe, expect, it } from "vitest";
import { nearestRegion } from "./nearest-region";

// A plus shape around a centre, plus one far corner:
//        north
//  west  centre  east        far-corner (far right, slightly up)
//        south
const at = (name: string, x: number, y: number) => ({ name, centroid: [x, y] as [number, number] });
const centre = at("centre", 50, 50);
const north = at("north", 50, 20);
const south = at("south", 52, 80);
const west = at("west", 20, 48);
const east = at("east", 80, 55);
const farCorner = at("far corner", 150, 10);
const regions = [centre, north, south, west, east, farCorner];

describe("nearestRegion", () => {
  it("finds the neighbour in each direction, with y growing downwards", () => {
    expect(nearestRegion(regions, centre, "up")).toBe(north);
    expect(nearestRegion(regions, centre, "down")).toBe(south);
    expect(nearestRegion(regions, centre, "left")).toBe(west);
    expect(nearestRegion(regions, centre, "right")).toBe(east);
  });

  it("prefers a region straight ahead over a nearer one off to the side", () => {
    const ahead = at("ahead", 90, 50);
    const aside = at("aside", 65, 75);
    expect(nearestRegion([centre, ahead, aside], centre, "right")).toBe(ahead);
  });

  it("ignores regions that lie mostly sideways, and answers nothing at the edge", () => {
    expect(nearestRegion([west, north, farCorner], north, "up")).toBeUndefined();
    expect(nearestRegion(regions, farCorner, "right")).toBeUndefined();
    expect(nearestRegion([centre], centre, "left")).toBeUndefined();
  });
});
