import { describe, expect, it } from "vitest";
import states from "../../../data/states.json" with { type: "json" };
import {
  describePlace,
  HIDDEN_OR_BREAKING_CHARACTERS,
  occurredOnProblem,
  placeMessages,
  publishedPlace,
  todayInNigeria,
  type ReportPlace,
} from "./report-place";
import { lgaNamed, lgaOfState, lgasByState, stateLgas } from "./report-lgas";

describe("local government areas", () => {
  it("lists the 774 areas under the 37 states of data/states.json", () => {
    expect(lgasByState.map((entry) => [entry.stateId, entry.state])).toEqual(
      states.map((state) => [state.id, state.state]),
    );
    expect(lgasByState.reduce((sum, entry) => sum + entry.lgas.length, 0)).toBe(774);
    expect(stateLgas(25)?.lgas).toContain("Ikeja");
  });

  it("finds an area only in its own state, whatever its case and spacing", () => {
    expect(lgaOfState(25, "  ikeja ")).toBe("Ikeja");
    expect(lgaOfState(25, "Kano Municipal")).toBeUndefined();
    expect(lgaOfState(99, "Ikeja")).toBeUndefined();
  });

  it("finds an area by its name alone in whichever state has it, for a filter without a state", () => {
    expect(lgaNamed(" kano  MUNICIPAL")).toBe("Kano Municipal");
    expect(lgaNamed("Surulere")).toBe("Surulere");
    expect(lgaNamed("Atlantis")).toBeUndefined();
  });
});

describe("the date it happened", () => {
  it("counts today in Nigeria's time zone (UTC+1)", () => {
    expect(todayInNigeria(new Date("2026-03-14T23:30:00Z"))).toBe("2026-03-15");
    expect(todayInNigeria(new Date("2026-03-14T22:59:00Z"))).toBe("2026-03-14");
  });

  it("accepts a real date up to today and refuses the rest with a sentence", () => {
    expect(occurredOnProblem("2026-03-14", "2026-03-14")).toBeNull();
    expect(occurredOnProblem("", "2026-03-14")).toBe(placeMessages.chooseDate);
    expect(occurredOnProblem("14/03/2026", "2026-03-14")).toBe(placeMessages.invalidDate);
    expect(occurredOnProblem("2026-02-30", "2026-03-14")).toBe(placeMessages.invalidDate);
    expect(occurredOnProblem("2026-03-15", "2026-03-14")).toBe(placeMessages.dateInFuture);
    expect(occurredOnProblem("1959-12-31", "2026-03-14")).toBe(placeMessages.dateTooEarly);
  });
});

describe("what a published report shows of the place", () => {
  const full: ReportPlace = {
    stateId: 25,
    state: "Lagos",
    lga: "Ikeja",
    place: "Computer Village",
    occurredOn: "2026-03-14",
    precision: "state",
  };

  it("shows only as much as the reporter chose", () => {
    expect(publishedPlace(full)).toEqual({
      stateId: 25,
      state: "Lagos",
      lga: null,
      place: null,
      occurredOn: "2026-03-14",
    });
    expect(publishedPlace({ ...full, precision: "lga" })).toMatchObject({ lga: "Ikeja", place: null });
    expect(publishedPlace({ ...full, precision: "place" })).toMatchObject({
      lga: "Ikeja",
      place: "Computer Village",
    });
  });

  it("describes a place from the most to the least precise, or says it was not given", () => {
    expect(describePlace(publishedPlace({ ...full, precision: "place" }))).toBe(
      "Computer Village, Ikeja, Lagos",
    );
    expect(describePlace(publishedPlace(full))).toBe("Lagos");
    expect(describePlace(null)).toBe("Place not given");
  });

  it("treats line breaks, bidi overrides and zero-width characters as hidden or breaking", () => {
    for (const text of ["a\nb", "a\u2028b", "a\u202Eb", "a\u200Bb", "a\u0007b"]) {
      expect(HIDDEN_OR_BREAKING_CHARACTERS.test(text)).toBe(true);
    }
    expect(HIDDEN_OR_BREAKING_CHARACTERS.test("Ọjà Ọba, Ìbàdàn")).toBe(false);
  });
});
