import { describe, expect, it } from "vitest";
import { hasCriteria, schoolsInState, searchSchools } from "./school-search";

const schools = [
  { id: 1, state: "Lagos", name: "Wesley School for the Deaf", type: ["special" as const] },
  { id: 2, state: " lagos ", name: "Ikeja Inclusive Primary", type: ["primary" as const] },
  { id: 3, state: "FCT", name: "Kuje Special School", type: ["special" as const, "primary" as const] },
];

describe("school search", () => {
  it("needs a name or a type", () => {
    expect(hasCriteria({ name: "  ", type: "" })).toBe(false);
    expect(hasCriteria({ name: "kuje" })).toBe(true);
    expect(hasCriteria({ type: "special" })).toBe(true);
  });

  it("matches names case-insensitively", () => {
    expect(searchSchools(schools, { name: "WESLEY" }).map((s) => s.id)).toEqual([1]);
  });

  it("matches the chosen type", () => {
    expect(searchSchools(schools, { type: "special" }).map((s) => s.id)).toEqual([1, 3]);
  });

  it("narrows with both criteria (AND, not OR)", () => {
    expect(searchSchools(schools, { name: "school", type: "primary" }).map((s) => s.id)).toEqual([3]);
  });

  it("returns nothing when nothing matches, rather than the full list", () => {
    expect(searchSchools(schools, { name: "zzz" })).toEqual([]);
  });

  it("filters by state whatever the label's spacing or the FCT's name", () => {
    expect(schoolsInState(schools, "Lagos").map((s) => s.id)).toEqual([1, 2]);
    expect(schoolsInState(schools, "Federal Capital Territory").map((s) => s.id)).toEqual([3]);
    expect(schoolsInState(schools, null)).toHaveLength(3);
  });
});
