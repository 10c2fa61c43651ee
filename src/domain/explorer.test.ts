import { describe, expect, it } from "vitest";
import {
  classOfCount,
  countClasses,
  countFacts,
  explorerIndicators,
  explorerStates,
  explorerViews,
  indicatorFrom,
  rankedCounts,
  schoolGroupFrom,
  schoolGroups,
  stateCounts,
  statusBreakdown,
  tableCsv,
  viewFrom,
} from "./explorer";
import { EXPLORER_INDICATOR_PATTERN, EXPLORER_VIEW_PATTERN, SCHOOL_GROUP_PATTERN } from "./explorer-query";
import { seededSchools, seededStates } from "../test/datasets";

const published = seededStates;
const listed = seededSchools;
const rows = explorerStates(published, listed, [
  { stateId: 25, verified: 3 },
  { stateId: 20, verified: 1 },
]);
const byName = (name: string) => rows.find((row) => row.name === name)!;

describe("the explorer's figures, from the published data", () => {
  it("gives every state its law, its schools by disability group and its verified reports", () => {
    expect(rows).toHaveLength(37);
    const lagos = byName("Lagos");
    expect(lagos).toMatchObject({ id: 25, statusKey: "passed", year: 2011, verified: 3 });
    expect(lagos.schools.all).toBe(
      listed.filter((school) => school.state.trim().toLowerCase() === "lagos").length,
    );
    expect(lagos.schools.hearing).toBe(44);
    expect(byName("Kano").verified).toBe(1);
    // A state without a verified report counts 0, not "unknown".
    expect(byName("Yobe").verified).toBe(0);
    // Every school is counted once in "all", in the state its record names.
    expect(rows.reduce((sum, row) => sum + row.schools.all, 0)).toBe(listed.length);
  });

  it("counts the states in each law status, furthest first, and names them", () => {
    const breakdown = statusBreakdown(rows);
    expect(breakdown.map(({ key, count }) => [key, count])).toEqual([
      ["passed", 30],
      ["awaiting-assent", 3],
      ["second-reading", 1],
      ["pending", 3],
    ]);
    expect(breakdown.find(({ key }) => key === "second-reading")!.states).toHaveLength(1);
  });

  it("counts schools for one disability group, or all, and says which state lists the most", () => {
    const hearing = stateCounts(rows, "schools", "hearing");
    expect(countFacts(hearing)).toEqual({ total: 156, states: 35, most: 44, mostIn: ["Lagos"] });
    const all = stateCounts(rows, "schools");
    expect(countFacts(all)).toMatchObject({ total: 249, most: 59, mostIn: ["Lagos"] });
    expect(
      rankedCounts(hearing)
        .slice(0, 3)
        .map((entry) => entry.name),
    ).toEqual(["Lagos", "Oyo", "Kano"]);
  });

  it("counts verified reports, ties named together, and none as none", () => {
    const reports = stateCounts(rows, "reports");
    expect(countFacts(reports)).toEqual({ total: 4, states: 2, most: 3, mostIn: ["Lagos"] });
    const tied = stateCounts(
      explorerStates(
        published,
        [],
        [
          { stateId: 1, verified: 2 },
          { stateId: 2, verified: 2 },
        ],
      ),
      "reports",
    );
    expect(countFacts(tied).mostIn).toEqual(["Abia", "Adamawa"]);
    expect(countFacts(stateCounts(explorerStates(published, [], []), "reports"))).toEqual({
      total: 0,
      states: 0,
      most: 0,
      mostIn: [],
    });
  });

  it("puts the map's counts in few classes that each hold some states, none apart", () => {
    const counts = stateCounts(rows, "schools").map((entry) => entry.count);
    const classes = countClasses(counts);
    expect(classes[0]).toEqual({ min: 0, max: 0 });
    expect(classes.length).toBeLessThanOrEqual(4);
    expect(classes.at(-1)!.max).toBe(59);
    for (let index = 1; index < classes.length; index++) {
      expect(classes[index]!.min).toBe(classes[index - 1]!.max + 1);
      expect(counts.some((count) => classOfCount(classes, count) === index)).toBe(true);
    }
    expect(countClasses([0, 0])).toEqual([{ min: 0, max: 0 }]);
    expect(countClasses([0, 1, 1])).toEqual([
      { min: 0, max: 0 },
      { min: 1, max: 1 },
    ]);
  });

  it("reads exactly the schools data's disability groups, the explorer's indicators and views from a link", () => {
    expect(schoolGroups.map((group) => SCHOOL_GROUP_PATTERN.test(group))).not.toContain(false);
    expect(SCHOOL_GROUP_PATTERN.source).toBe(`^(${schoolGroups.join("|")})$`);
    expect(EXPLORER_INDICATOR_PATTERN.source).toBe(`^(${explorerIndicators.join("|")})$`);
    expect(EXPLORER_VIEW_PATTERN.source).toBe(`^(${explorerViews.join("|")})$`);
  });

  it("reads a link's indicator, view and group as the server does, anything else as the default", () => {
    expect(indicatorFrom(" Schools ")).toBe("schools");
    expect(indicatorFrom("budget")).toBe("spread");
    expect(indicatorFrom(null)).toBe("spread");
    expect(viewFrom("MAP")).toBe("map");
    expect(viewFrom("pie")).toBe("chart");
    expect(schoolGroupFrom("hearing")).toBe("hearing");
    expect(schoolGroupFrom("all")).toBeNull();
  });

  it("writes a table as CSV, quoting what needs it", () => {
    expect(
      tableCsv(
        ["State", "Schools"],
        [
          ["Akwa Ibom", 3],
          ["Lagos, Ikeja", 1],
        ],
      ),
    ).toBe('State,Schools\r\nAkwa Ibom,3\r\n"Lagos, Ikeja",1\r\n');
  });
});
