import { describe, expect, it } from "vitest";
import country from "../../../data/country-ng.json" with { type: "json" };
import estimates from "../../../data/estimates.json" with { type: "json" };
import map from "../../../data/nigeria-states.geojson?raw";
import schools from "../../../data/schools.json" with { type: "json" };
import site from "../../../data/site.json" with { type: "json" };
import states from "../../../data/states.json" with { type: "json" };
import {
  countrySchema,
  estimatesSchema,
  mapSchema,
  schoolFileSchema,
  siteSchema,
  stateFileSchema,
} from "./schemas";
import { stateKey } from "./state-names";

describe("data/states.json", () => {
  const parsed = stateFileSchema.array().parse(states);

  it("holds the 36 states and the FCT with ids 1-37", () => {
    expect(parsed.map((s) => s.id)).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
  });

  it("has unique names and ISO codes", () => {
    expect(new Set(parsed.map((s) => stateKey(s.state))).size).toBe(37);
    expect(new Set(parsed.map((s) => s.code)).size).toBe(37);
  });

  it("has key findings written as 'label: text'", () => {
    for (const state of parsed) {
      for (const finding of state.key_findings) expect(finding).toMatch(/^[^:]+: .+/);
    }
  });
});

describe("data/schools.json", () => {
  const parsed = schoolFileSchema.array().parse(schools);
  const stateKeys = new Set(states.map((s) => stateKey(s.state)));

  it("has unique ids", () => {
    expect(new Set(parsed.map((s) => s.id)).size).toBe(parsed.length);
  });

  it("places every school in one of the 37 states", () => {
    const strays = parsed.filter((s) => !stateKeys.has(stateKey(s.state))).map((s) => `${s.id}: ${s.state}`);
    expect(strays).toEqual([]);
  });
});

describe("data/country-ng.json", () => {
  it("matches the country schema with the product's fixed figures", () => {
    const parsed = countrySchema.parse(country);
    expect(parsed.statistics.disabilityShare).toBe(15);
    expect(parsed.statistics.employedShare).toBe(36.7);
    expect(parsed.statistics.ageBands.map((b) => b.count)).toEqual([
      6592950, 914940, 1802970, 4816890, 12782250,
    ]);
  });
});

describe("data/estimates.json", () => {
  const parsed = estimatesSchema.parse(estimates);

  it("has unique ids, and its headline names one of them", () => {
    expect(new Set(parsed.estimates.map((e) => e.id)).size).toBe(parsed.estimates.length);
    expect(parsed.estimates.map((e) => e.id)).toContain(parsed.headline.estimate_id);
  });

  it("never holds a figure without a way to check it", () => {
    for (const estimate of parsed.estimates) {
      expect(estimate.url !== null || estimate.seen_in.length > 0, estimate.id).toBe(true);
      expect(estimate.cite_as, estimate.id).not.toBe("");
    }
  });
});

describe("data/site.json", () => {
  it("matches the site schema", () => {
    expect(() => siteSchema.parse(site)).not.toThrow();
  });
});

describe("data/nigeria-states.geojson", () => {
  const parsed = mapSchema.parse(JSON.parse(map));

  it("has one region per state, named as the state list names them", () => {
    const mapKeys = parsed.features.map((f) => stateKey(f.properties.name)).sort();
    const stateKeys = states.map((s) => stateKey(s.state)).sort();
    expect(mapKeys).toEqual(stateKeys);
  });

  it("maps 'Federal Capital Territory' to the FCT record with the same code", () => {
    const region = parsed.features.find((f) => f.properties.name === "Federal Capital Territory");
    const fct = states.find((s) => s.state === "FCT");
    expect(region?.properties.code).toBe(fct?.code);
  });

  it("gives every region the code of its state", () => {
    for (const feature of parsed.features) {
      const state = states.find((s) => stateKey(s.state) === stateKey(feature.properties.name));
      expect(state?.code, feature.properties.name).toBe(feature.properties.code);
    }
  });
});
