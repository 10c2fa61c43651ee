import { describe, expect, it } from "vitest";
import { filterSchools, hasCriteria, mapSearchHref, schoolsInState, searchSchools } from "./school-search";

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

describe("school search by disability group and filters", () => {
  const directory = [
    {
      id: 1,
      state: "Lagos",
      name: "Wesley School",
      type: ["special" as const],
      disability_groups: ["hearing" as const],
      boarding: "boarding" as const,
      ownership: "mission" as const,
    },
    {
      id: 2,
      state: "Oyo",
      name: "Ibadan School for the Blind",
      type: ["special" as const],
      disability_groups: ["visual" as const],
      boarding: "day" as const,
      ownership: "public" as const,
    },
    {
      id: 3,
      state: "Kano",
      name: "Insight Academy",
      type: ["primary" as const],
      disability_groups: [],
      boarding: "" as const,
      ownership: "private" as const,
    },
  ];

  it("finds the schools for the hearing impaired by 'deaf' or 'hearing', whatever the school's name", () => {
    expect(searchSchools(directory, { name: "Deaf" }).map((s) => s.id)).toEqual([1]);
    expect(searchSchools(directory, { name: "hearing" }).map((s) => s.id)).toEqual([1]);
    expect(searchSchools(directory, { name: "school for the deaf" }).map((s) => s.id)).toEqual([1]);
    expect(searchSchools(directory, { name: "blind" }).map((s) => s.id)).toEqual([2]);
  });

  it("does not take a group word inside another word for the group", () => {
    expect(searchSchools(directory, { name: "insight" }).map((s) => s.id)).toEqual([3]);
  });

  it("narrows by disability group, boarding and ownership together", () => {
    expect(filterSchools(directory, { group: "visual" }).map((s) => s.id)).toEqual([2]);
    expect(filterSchools(directory, { boarding: "boarding", ownership: "mission" }).map((s) => s.id)).toEqual(
      [1],
    );
    expect(filterSchools(directory, { ownership: "public", group: "hearing" })).toEqual([]);
    expect(filterSchools(directory, {})).toHaveLength(3);
  });

  it("builds a map search from the school's name and town", () => {
    expect(mapSearchHref({ name: "Wesley School", location: " Surulere ", state: "Lagos" })).toBe(
      "https://www.google.com/maps/search/?api=1&query=Wesley%20School%2C%20Surulere%2C%20Lagos%2C%20Nigeria",
    );
  });
});
