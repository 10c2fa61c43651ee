import { describe, expect, it } from "vitest";
import { summarizeStates } from "../../../domain/state-summaries";
import { readSchoolsQuery, writeSchoolsQuery } from "./schools-query";

const states = summarizeStates(
  [
    { id: 3, state: "Akwa Ibom", code: "NG-AK", url: "" },
    { id: 25, state: "Lagos", code: "NG-LA", url: "" },
  ],
  [],
);
const [akwaIbom, lagos] = states;

const read = (search: string) => readSchoolsQuery(new URLSearchParams(search), states);

const noFilters = { group: "", boarding: "", ownership: "" } as const;

describe("readSchoolsQuery", () => {
  it("is null, the dialog closed, without the schools param, whatever else the URL holds", () => {
    expect(read("")).toBeNull();
    expect(read("state=lagos&name=king&type=special")).toBeNull();
  });

  it("reads the state filter by slug or id, and `all` (or anything unknown) as every state", () => {
    expect(read("schools=akwa-ibom")).toEqual({ state: akwaIbom, name: "", type: "", ...noFilters });
    expect(read("schools=25")?.state).toBe(lagos);
    expect(read("schools=LAGOS")?.state).toBe(lagos);
    expect(read("schools=all")?.state).toBeNull();
    expect(read("schools=")?.state).toBeNull();
    expect(read("schools=atlantis")?.state).toBeNull();
  });

  it("reads the applied search, trimming the name and ignoring a type that does not exist", () => {
    expect(read("state=lagos&schools=lagos&name=%20king%20&type=special")).toEqual({
      state: lagos,
      name: "king",
      type: "special",
      ...noFilters,
    });
    expect(read("schools=all&type=inclusive")).toEqual({ state: null, name: "", type: "", ...noFilters });
    expect(read("schools=all&type=SPECIAL")?.type).toBe("");
  });
});

describe("writeSchoolsQuery", () => {
  const write = (search: string, query: Parameters<typeof writeSchoolsQuery>[1]) =>
    writeSchoolsQuery(new URLSearchParams(search), query).toString();

  it("writes the filter as a slug, or all, keeping the page's other params", () => {
    expect(write("state=lagos", { state: akwaIbom!, name: "", type: "" })).toBe(
      "state=lagos&schools=akwa-ibom",
    );
    expect(write("", { state: null, name: "", type: "" })).toBe("schools=all");
  });

  it("writes only the criteria given, the name trimmed, and replaces an earlier search", () => {
    expect(write("schools=all&name=old&type=nursery", { state: lagos!, name: " wesley ", type: "" })).toBe(
      "schools=lagos&name=wesley",
    );
    expect(write("schools=all", { state: null, name: "", type: "special" })).toBe("schools=all&type=special");
  });

  it("removes the dialog's params when closed", () => {
    expect(write("state=lagos&schools=lagos&name=king&type=special", null)).toBe("state=lagos");
  });

  it("reads back what it wrote", () => {
    const query = { state: lagos!, name: "Deaf & Blind", type: "primary" as const, ...noFilters };
    expect(readSchoolsQuery(writeSchoolsQuery(new URLSearchParams(), query), states)).toEqual(query);
    const filtered = {
      state: null,
      name: "",
      type: "" as const,
      group: "hearing" as const,
      boarding: "day and boarding" as const,
      ownership: "mission" as const,
    };
    expect(readSchoolsQuery(writeSchoolsQuery(new URLSearchParams(), filtered), states)).toEqual(filtered);
  });

  it("ignores a disability group, boarding or ownership that does not exist", () => {
    expect(read("schools=all&group=deafness&boarding=yes&ownership=state")).toMatchObject(noFilters);
  });
});
