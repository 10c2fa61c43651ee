import { describe, expect, it } from "vitest";
import {
  FIRST_SPREAD_YEAR,
  lastSpreadYear,
  passedBy,
  passedWithoutYear,
  spreadByYear,
  spreadCsv,
  spreadYearFrom,
  stateLaws,
} from "./law-spread";
import { seededStates } from "../test/datasets";

const published = seededStates;
const laws = stateLaws(published);

describe("how the laws spread, from the published states data", () => {
  it("counts the states with a passed law by each year, and names them", () => {
    expect(passedBy(laws, 2004)).toEqual([]);
    expect(passedBy(laws, 2005)).toEqual(["Plateau"]);
    expect(passedBy(laws, 2015)).toEqual(["Lagos", "Plateau", "Rivers"]);
    expect(passedBy(laws, 2016)).toEqual(["Jigawa", "Kwara", "Lagos", "Plateau", "Rivers"]);
  });

  it("counts every passed law with a year by the last year, and names those without one apart", () => {
    const withYear = published.filter((state) => state.status === "Passed" && state.law.year !== null);
    expect(passedBy(laws, 2026)).toHaveLength(withYear.length);
    expect(passedWithoutYear(laws)).toEqual(["Bauchi", "Delta", "Niger", "Ondo"]);
    // A law awaiting the Governor's assent has not passed, whatever year its record carries.
    const awaiting = stateLaws([{ ...published[0]!, status: "Passed/awaiting Gov assent" }]);
    expect(passedBy(awaiting, 2030)).toEqual([]);
  });

  it("runs from 2005 to the year the data was compiled, as a running total", () => {
    const last = lastSpreadYear(laws, "2026-11");
    expect(last).toBe(2026);
    const years = spreadByYear(laws, FIRST_SPREAD_YEAR, last);
    expect(years.map((entry) => entry.year)).toEqual(
      Array.from({ length: 22 }, (_, index) => FIRST_SPREAD_YEAR + index),
    );
    expect(years.find((entry) => entry.year === 2018)).toEqual({
      year: 2018,
      passedThatYear: ["Anambra", "Kano", "Nasarawa", "Oyo"],
      total: 10,
    });
    // Never falls: each year's total is the last one's plus that year's laws.
    for (const [index, entry] of years.entries()) {
      const before = index === 0 ? 0 : years[index - 1]!.total;
      expect(entry.total).toBe(before + entry.passedThatYear.length);
    }
  });

  it("keeps the year a URL asks for within the years shown", () => {
    expect(spreadYearFrom("2015", 2005, 2026)).toBe(2015);
    expect(spreadYearFrom("2001", 2005, 2026)).toBe(2005);
    // Not a year the server renders a page for (routes.ts): the latest, as the server shows it.
    expect(spreadYearFrom("1990", 2005, 2026)).toBe(2026);
    expect(spreadYearFrom("2099", 2005, 2026)).toBe(2026);
    expect(spreadYearFrom("soon", 2005, 2026)).toBe(2026);
    expect(spreadYearFrom(null, 2005, 2026)).toBe(2026);
  });

  it("writes the table by year as CSV, one row a year", () => {
    const csv = spreadCsv(spreadByYear(laws, 2015, 2016), {
      year: "Year",
      passedThatYear: "Passed that year",
      total: "States with a law",
    });
    expect(csv).toBe("Year,Passed that year,States with a law\r\n2015,,3\r\n2016,Jigawa; Kwara,5\r\n");
  });
});
