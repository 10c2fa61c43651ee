import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  MAP_WIDTH,
  NIGERIA_MAP_MODULE_ID,
  nigeriaMap,
  nigeriaMapModuleSource,
  projectNigeriaMap,
  type StatesCollection,
} from "./vite-plugin-nigeria-map";

const geojsonPath = path.resolve(import.meta.dirname, "../data/nigeria-states.geojson");
const states = JSON.parse(readFileSync(geojsonPath, "utf8")) as StatesCollection;
const map = projectNigeriaMap(states);

/** The absolute points a compact path visits (M absolute, l relative, z back to the ring's start). */
function pathPoints(d: string): Array<[number, number]> {
  const tokens = d.match(/[Mlz]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  const points: Array<[number, number]> = [];
  let command = "";
  let x = 0;
  let y = 0;
  let start: [number, number] = [0, 0];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? "";
    if (/[Mlz]/.test(token)) {
      command = token;
      if (command === "z") [x, y] = start;
      continue;
    }
    const a = Number(token);
    const b = Number(tokens[++i]);
    if (command === "M") {
      [x, y] = [a, b];
      start = [x, y];
    } else {
      x += a;
      y += b;
    }
    points.push([x, y]);
  }
  return points;
}

describe("projectNigeriaMap", () => {
  const [minX, minY, width, height] = map.viewBox.split(" ").map(Number) as [number, number, number, number];

  it("draws the 36 states and the FCT, each once, with their ISO codes", () => {
    expect(map.regions).toHaveLength(37);
    expect(new Set(map.regions.map((region) => region.name)).size).toBe(37);
    expect(map.regions.map((region) => region.name)).toContain("Federal Capital Territory");
    for (const region of map.regions) expect(region.code).toMatch(/^NG-[A-Z]{2}$/);
  });

  it("uses a viewBox about 800 wide", () => {
    expect([minX, minY, width]).toEqual([0, 0, MAP_WIDTH]);
    expect(height).toBeGreaterThan(500);
    expect(height).toBeLessThan(800);
  });

  it("gives every region a non-empty outline lying inside the viewBox, centroid included", () => {
    for (const region of map.regions) {
      const points = pathPoints(region.d);
      expect(points.length, region.name).toBeGreaterThan(10);
      for (const [x, y] of [...points, region.centroid]) {
        expect(x, region.name).toBeGreaterThanOrEqual(minX);
        expect(x, region.name).toBeLessThanOrEqual(minX + width);
        expect(y, region.name).toBeGreaterThanOrEqual(minY);
        expect(y, region.name).toBeLessThanOrEqual(minY + height);
      }
    }
  });

  it("keeps each state to its own size (the outer rings were not read as the rest of the globe)", () => {
    const spans = map.regions.map((region) => {
      const xs = pathPoints(region.d).map(([x]) => x);
      return Math.max(...xs) - Math.min(...xs);
    });
    for (const span of spans) expect(span).toBeLessThan(width / 2);
  });

  it("draws every island of a multi-part state such as Rivers", () => {
    const rivers = map.regions.find((region) => region.name === "Rivers");
    expect(rivers?.d.match(/M/g)).toHaveLength(3);
  });

  it("places Lagos south-west of Kano and Borno in the north-east", () => {
    const centroid = (name: string) => map.regions.find((region) => region.name === name)?.centroid ?? [0, 0];
    const [lagosX, lagosY] = centroid("Lagos");
    const [kanoX, kanoY] = centroid("Kano");
    const [bornoX] = centroid("Borno");
    expect(lagosX).toBeLessThan(kanoX);
    expect(lagosY).toBeGreaterThan(kanoY);
    expect(bornoX).toBeGreaterThan(kanoX);
  });

  it("rounds coordinates to at most one decimal", () => {
    for (const region of map.regions) {
      expect(region.d).not.toMatch(/\.\d{2}/);
      for (const value of region.centroid) expect(Math.round(value * 10) / 10).toBe(value);
    }
  });
});

describe("the virtual:nigeria-map module", () => {
  it("stays small enough for slow mobile data (under 40 KB)", () => {
    expect(nigeriaMapModuleSource(map).length).toBeLessThan(40_000);
  });

  it("is served by the plugin with viewBox and regions exports", async () => {
    const plugin = nigeriaMap();
    const call = <T>(hook: unknown, ...args: unknown[]): T =>
      (typeof hook === "function" ? hook : (hook as { handler: (...a: unknown[]) => T }).handler).apply(
        { addWatchFile() {} },
        args,
      );
    call(plugin.configResolved, { root: path.dirname(path.dirname(geojsonPath)) });
    const resolved = call<string | undefined>(plugin.resolveId, NIGERIA_MAP_MODULE_ID);
    expect(resolved).toBeTruthy();
    expect(call(plugin.resolveId, "./other-module")).toBeUndefined();

    const source = await call<Promise<string>>(plugin.load, resolved);
    expect(source).toContain("export const viewBox");
    expect(source).toContain("export const regions");
    expect(source).toContain('"name":"Federal Capital Territory"');
  });
});
