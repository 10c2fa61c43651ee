import { describe, expect, it } from "vitest";
import type { PlacePrecision } from "../../domain/reports/report-place";
import { stateTownNames } from "../../domain/reports/report-towns";
import { findingsOf, type FindingRow } from "./text-findings";

// The check of a report's public text as the server runs it from the stored row: a report published by
// state only must not name the state's towns (data/towns.json) or LGAs. Kaduna is state 19.

function kadunaReport(text: string, placePrecision: PlacePrecision): FindingRow {
  return {
    publicComment: text,
    firstName: "Hauwa",
    lastName: "Danjuma",
    showFirstName: false,
    stateId: 19,
    lga: "Kaduna North",
    placeName: null,
    occurredOn: "2026-11-20",
    placePrecision,
  };
}

const townsIn = (row: FindingRow) =>
  findingsOf(row)
    .filter((finding) => finding.kind === "town")
    .map((finding) => finding.text);

describe("Towns in a report's public text", () => {
  it("knows each state's towns from the registry, never the state's own name", () => {
    expect(stateTownNames(19)).toEqual(expect.arrayContaining(["Zaria", "Kafanchan", "Zonkwa"]));
    expect(stateTownNames(19)).not.toContain("Kaduna");
    expect(stateTownNames(25)).toEqual(expect.arrayContaining(["Ikorodu", "Epe"]));
    expect(stateTownNames(999)).toEqual([]);
  });

  it("marks the state's towns, and its LGAs, in a report published by state only", () => {
    const row = kadunaReport(
      "The school in Zaria has no ramp; the one in Kafanchan neither, nor in Kaduna North.",
      "state",
    );
    expect(townsIn(row)).toEqual(["Zaria", "Kafanchan", "Kaduna North"]);
    // The state itself is public: naming it is no finding.
    expect(townsIn(kadunaReport("Across Kaduna State the schools have no ramps.", "state"))).toEqual([]);
  });

  it("does not mark another state's towns, nor a town when the LGA is published (the list has no LGAs)", () => {
    expect(townsIn(kadunaReport("Unlike the schools in Ikorodu, ours have no ramp.", "state"))).toEqual([]);
    expect(townsIn(kadunaReport("The school in Zaria has no ramp.", "lga"))).toEqual([]);
  });
});
