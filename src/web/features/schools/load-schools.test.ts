import { describe, expect, it } from "vitest";
import allSchools from "../../../../data/schools.json" with { type: "json" };
import { loadedSchools, loadSchools } from "./load-schools";

describe("loadSchools", () => {
  it("loads the whole school list once and keeps it for later openings", async () => {
    expect(loadedSchools()).toBeNull();

    const first = loadSchools();
    expect(loadSchools()).toBe(first);
    const schools = await first;

    expect(schools).toHaveLength(allSchools.length);
    expect(schools.length).toBeGreaterThan(200);
    expect(schools[0]).toMatchObject({ id: 1, name: expect.any(String), type: expect.any(Array) });
    expect(loadedSchools()).toBe(schools);
    expect(loadSchools()).toBe(first);
  });
});
