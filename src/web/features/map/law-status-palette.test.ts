import { describe, expect, it } from "vitest";
import { lawStatusCategories } from "../../../domain/law-status";
import { contrastRatio, lawStatusFills } from "./law-status-palette";

const page = "#ffffff";

describe("the map's law-status fills", () => {
  it("differ by at least 3:1 between categories next to each other in the legend", () => {
    const fills = lawStatusCategories.map(({ key }) => lawStatusFills[key].fill);
    for (let i = 1; i < fills.length; i++) {
      expect(contrastRatio(fills[i - 1] ?? "", fills[i] ?? "")).toBeGreaterThanOrEqual(3);
    }
  });

  it("show each category at least 3:1 against the page, by its fill or its pattern's ink", () => {
    for (const { key } of lawStatusCategories) {
      const { fill, ink, pattern } = lawStatusFills[key];
      const best = Math.max(contrastRatio(fill, page), pattern === "none" ? 0 : contrastRatio(ink, page));
      expect(best, key).toBeGreaterThanOrEqual(3);
    }
  });

  it("give every category but one a pattern of its own, so colour is never the only cue", () => {
    const patterns = lawStatusCategories.map(({ key }) => lawStatusFills[key].pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const { key } of lawStatusCategories) {
      const { fill, ink, pattern } = lawStatusFills[key];
      if (pattern !== "none") expect(contrastRatio(fill, ink), key).toBeGreaterThanOrEqual(3);
    }
  });
});
