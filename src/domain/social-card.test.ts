import { describe, expect, it } from "vitest";
import { fitText, socialCardSvg, socialCardVersion } from "./social-card";

const kano = { state: "Kano", status: "Passed", law: { year: 2018 } };
const map = {
  viewBox: "0 0 800 654",
  regions: [
    { name: "Kano", d: "M400 100l150 0 0 150-150 0z", centroid: [425, 125] as const },
    { name: "Federal Capital Territory", d: "M300 300l5 0 0 5-5 0z", centroid: [302, 302] as const },
  ],
};

describe("a state's social card", () => {
  it("gets a new version when the state's name, law status or year changes, and only then", () => {
    const version = socialCardVersion(kano);
    expect(socialCardVersion({ ...kano, law: { year: 2018 } })).toBe(version);
    expect(socialCardVersion({ ...kano, law: { year: 2019 } })).not.toBe(version);
    expect(socialCardVersion({ ...kano, status: "Second Reading" })).not.toBe(version);
    expect(socialCardVersion({ ...kano, state: "Kaduna" })).not.toBe(version);
  });

  it("says the law status in words beside the state's name, escaped, and rings a state too small to see", () => {
    const svg = socialCardSvg({
      map,
      record: { state: "Federal Capital Territory", status: "Pending", law: { year: null } },
      words: { status: "<No>&law" },
      siteName: "Inclusion Atlas",
      language: "en",
    });
    expect(svg).toContain('width="1200" height="630"');
    expect(svg).toContain("&lt;No&gt;&amp;law");
    expect(svg).toContain(">Inclusion Atlas</text>");
    expect(svg).toContain("<circle");
    // Not passed: a patterned fill, the same as the map's legend.
    expect(svg).toContain('fill="url(#map-status)"');
    expect(
      socialCardSvg({ map, record: kano, words: { status: "x" }, siteName: "A", language: "en" }),
    ).not.toContain("<circle");
  });

  it("wraps a long line and makes it smaller until it fits", () => {
    const fitted = fitText("Passed, awaiting the Governor's assent to the bill", {
      width: 400,
      size: 40,
      minSize: 26,
      maxLines: 3,
    });
    expect(fitted.lines.length).toBeLessThanOrEqual(3);
    expect(fitted.lines.join(" ")).toBe("Passed, awaiting the Governor's assent to the bill");
    expect(fitText("Kano", { width: 400, size: 76, minSize: 44, maxLines: 2 })).toEqual({
      size: 76,
      lines: ["Kano"],
    });
  });
});
