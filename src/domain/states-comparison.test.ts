import { describe, expect, it } from "vitest";
import schools from "../../data/schools.json";
import {
  comparisonQueryShapes,
  comparisonRows,
  defaultView,
  paramsFromView,
  reportCountsFrom,
  stateRows,
  viewFromParams,
  type ReportCounts,
} from "./states-comparison";
import { seededSchools, seededStates } from "../test/datasets";

const rows = stateRows(seededStates, seededSchools);

describe("the states comparison", () => {
  it("has one row per state, with its zone, law status and schools", () => {
    expect(rows).toHaveLength(37);
    const lagos = rows.find((row) => row.name === "Lagos");
    expect(lagos).toMatchObject({ zone: "South West", statusKey: "passed", rank: 1, score: 56 });
    expect(lagos?.schools).toBeGreaterThan(0);
    expect(rows.every((row) => row.zone !== null)).toBe(true);
    expect(rows.reduce((sum, row) => sum + row.schools, 0)).toBe(schools.length);
  });

  it("sorts by a column either way, keeping unknown values last", () => {
    const byYear = comparisonRows(rows, { ...defaultView, sort: "year", dir: "ascending" });
    const years = byYear.map((row) => row.year);
    const known = years.filter((year) => year !== null);
    expect(known).toEqual([...known].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(years.slice(known.length).every((year) => year === null)).toBe(true);

    const down = comparisonRows(rows, { ...defaultView, sort: "schools", dir: "descending" });
    expect(down[0]?.schools).toBe(Math.max(...rows.map((row) => row.schools)));
    expect(comparisonRows(rows, { ...defaultView, sort: "rank" })[0]?.name).toBe("Lagos");
  });

  it("sorts by verified eyewitness reports, states whose count is unknown last", () => {
    const rows = stateRows(seededStates, seededSchools);
    const counts = reportCountsFrom([
      { stateId: 25, verified: 3 },
      { stateId: 20, verified: 7 },
      { stateId: 1, verified: 0 },
    ]);
    const names = (dir: "ascending" | "descending", reports: ReportCounts = counts) =>
      comparisonRows(rows, { ...defaultView, sort: "reports", dir }, reports).map((row) => row.name);
    expect(names("ascending").slice(0, 4)).toEqual(["Abia", "Lagos", "Kano", "Adamawa"]);
    expect(names("descending").slice(0, 3)).toEqual(["Kano", "Lagos", "Abia"]);
    expect(names("descending").at(-1)).toBe("Zamfara");
    // Not loaded: every count unknown, the rows stay in the order of their names.
    expect(names("descending", null).slice(0, 2)).toEqual(["Abia", "Adamawa"]);
    expect(viewFromParams(new URLSearchParams("sort=reports")).sort).toBe("reports");
  });

  it("filters by zone and by law status together", () => {
    const view = { ...defaultView, zone: "South West" as const, status: ["passed" as const] };
    const filtered = comparisonRows(rows, view);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((row) => row.zone === "South West" && row.statusKey === "passed")).toBe(true);
    expect(comparisonRows(rows, { ...defaultView, status: ["passed"] })).toHaveLength(30);
  });

  it("shows several law statuses at once", () => {
    const notPassed = comparisonRows(rows, { ...defaultView, status: ["second-reading", "pending"] });
    expect(notPassed.length).toBeGreaterThan(0);
    expect(notPassed.every((row) => row.statusKey === "second-reading" || row.statusKey === "pending")).toBe(
      true,
    );
    const all = comparisonRows(rows, {
      ...defaultView,
      status: ["passed", "awaiting-assent", "second-reading", "pending"],
    });
    expect(all).toHaveLength(rows.length);
  });

  it("keeps the view in the URL, ignoring values it does not know", () => {
    const view = {
      zone: "North East" as const,
      status: ["passed" as const, "pending" as const],
      sort: "year" as const,
      dir: "descending" as const,
    };
    expect(paramsFromView(view).toString()).toBe(
      "zone=North+East&status=passed&status=pending&sort=year&dir=descending",
    );
    expect(viewFromParams(paramsFromView(view))).toEqual(view);
    // A link shared before several statuses could be chosen still works; statuses come in the legend's order.
    expect(viewFromParams(new URLSearchParams("status=pending")).status).toEqual(["pending"]);
    expect(viewFromParams(new URLSearchParams("status=pending&status=passed&status=passed")).status).toEqual([
      "passed",
      "pending",
    ]);
    expect(paramsFromView(defaultView).toString()).toBe("");
    expect(viewFromParams(new URLSearchParams("zone=Atlantis&status=maybe&sort=height&dir=up"))).toEqual(
      defaultView,
    );
  });

  it("renders on the server exactly the queries the page reads: the shapes accept what viewFromParams knows", () => {
    const read = (name: string, value: string) =>
      paramsFromView(viewFromParams(new URLSearchParams([[name, value]]))).has(name);
    const tried = {
      zone: ["north east", "south-west", "atlantis"],
      status: ["passed", "awaiting-assent", "no-law-yet", "maybe"],
      sort: ["year", "reports", "height"],
      dir: ["descending", "up"],
    };
    for (const [name, values] of Object.entries(tried)) {
      for (const value of values) {
        expect(comparisonQueryShapes[name]?.test(value), `${name}=${value}`).toBe(read(name, value));
      }
    }
  });
});
