import { describe, expect, it } from "vitest";
import { boardingKinds, disabilityGroups, ownershipKinds, schoolTypes } from "./datasets/vocabulary";
import { pageKeeping, pageQuery } from "./page-query";
import {
  activeFilterCount,
  lgaSlug,
  resultsPage,
  schoolResults,
  schoolResultsSearch,
} from "./school-results";
import { readSchoolResultsQuery, schoolFilterParameterOf } from "./school-results-query";
import { schoolFields } from "./datadesk/fields";
import { schoolResultsShapes } from "./school-results-shapes";
import { schoolListReturnPath, withListReturn } from "./school-list-return";
import { seededSchools } from "../test/datasets";

const schools = seededSchools;
const languages = ["en", "ha", "yo", "ig", "pcm"];
const everything = {
  stateName: null,
  lgaName: null,
  group: "",
  boarding: "",
  ownership: "",
  type: "",
  name: "",
} as const;

describe("the school results page's address", () => {
  it("reads each filter, and a value without its shape as no filter", () => {
    expect(
      readSchoolResultsQuery(
        new URLSearchParams(
          "state=Kano&lga=Kano-Municipal&group=hearing&boarding=day+and+boarding&ownership=public&type=special&name=+Deaf++school&page=2",
        ),
      ),
    ).toEqual({
      state: "kano",
      lga: "kano-municipal",
      group: "hearing",
      boarding: "day and boarding",
      ownership: "public",
      type: "special",
      name: "deaf school",
      page: 2,
    });
    expect(
      readSchoolResultsQuery(
        new URLSearchParams(
          "state=<script>&group=deafness&boarding=weekly&type=university&page=0&name=" + "a".repeat(61),
        ),
      ),
    ).toEqual({
      state: null,
      lga: null,
      group: "",
      boarding: "",
      ownership: "",
      type: "",
      name: "",
      page: 1,
    });
  });

  it("reads an LGA only with a state (LGA names repeat across states)", () => {
    expect(readSchoolResultsQuery(new URLSearchParams("lga=obi")).lga).toBeNull();
  });

  it("writes the filters back in one order, leaving out what is not set", () => {
    const query = readSchoolResultsQuery(new URLSearchParams("group=hearing&page=1&state=kano"));
    expect(schoolResultsSearch(query)).toBe("?state=kano&group=hearing");
    expect(schoolResultsSearch({ ...query, page: 3 })).toBe("?state=kano&group=hearing&page=3");
    expect(schoolResultsSearch({ lga: "dala" })).toBe("");
    expect(schoolResultsSearch({})).toBe("");
  });

  it("counts the active filters for the phone's Filters (n)", () => {
    expect(
      activeFilterCount(readSchoolResultsQuery(new URLSearchParams("state=kano&group=hearing&page=2"))),
    ).toBe(2);
    expect(activeFilterCount(readSchoolResultsQuery(new URLSearchParams("")))).toBe(0);
    expect(
      activeFilterCount(
        readSchoolResultsQuery(
          new URLSearchParams(
            "state=kano&lga=dala&group=hearing&boarding=day&ownership=public&type=special&name=x",
          ),
        ),
      ),
    ).toBe(7);
  });

  it("filters on every school field the data desk describes as filtering, and on no other", () => {
    const filtering = schoolFields.filter((field) => field.filters).map((field) => field.path);
    expect(Object.keys(schoolFilterParameterOf).sort()).toEqual([...filtering].sort());
    for (const path of filtering) {
      const parameter = schoolFilterParameterOf[path];
      expect(parameter && parameter in schoolResultsShapes, `${path}: the results page reads it`).toBe(true);
    }
  });

  it("takes its vocabularies from the datasets'", () => {
    for (const [shape, words] of [
      [schoolResultsShapes.group, disabilityGroups],
      [schoolResultsShapes.boarding, boardingKinds],
      [schoolResultsShapes.ownership, ownershipKinds],
      [schoolResultsShapes.type, schoolTypes],
    ] as const) {
      for (const word of words) expect(shape.test(word), word).toBe(true);
      expect(shape.test("other")).toBe(false);
    }
  });

  it("makes a page of its own only of its filters' shapes, so the pages kept stay few", () => {
    const search = new URLSearchParams("group=Hearing&state=kano&utm_source=x&from=/&boarding=weekly");
    expect(pageQuery("/schools", search, languages)).toBe("?state=kano&group=hearing");
    expect(pageQuery("/ha/schools", search, languages)).toBe("?state=kano&group=hearing");
    expect(pageQuery("/schools/4", search, languages)).toBe("");
    expect(pageKeeping("/schools", "?state=kano&group=hearing", languages)).toBe("kept");
    // Typed text is rendered for the one visitor, never kept for everyone.
    const named = pageQuery("/schools", new URLSearchParams("name=Deaf"), languages);
    expect(named).toBe("?name=deaf");
    expect(pageKeeping("/yo/schools", named, languages)).toBe("never");
    expect(pageKeeping("/changes", "?name=x", languages)).toBe("kept");
  });
});

describe("the schools a filter keeps", () => {
  it("keeps a state's schools for a disability group", () => {
    const found = schoolResults(schools, { ...everything, stateName: "Kano", group: "hearing" });
    expect(found.length).toBeGreaterThan(3);
    for (const school of found) {
      expect(school.state.trim()).toBe("Kano");
      expect(school.disability_groups).toContain("hearing");
    }
  });

  it("keeps an LGA's schools, whatever the case and spaces of the record", () => {
    const found = schoolResults(schools, { ...everything, stateName: "Kano", lgaName: "Kano Municipal" });
    expect(found.map((school) => school.local_government)).toEqual(
      schools
        .filter((school) => school.state === "Kano" && school.local_government === "Kano Municipal")
        .map(() => "Kano Municipal"),
    );
    expect(found.length).toBeGreaterThan(0);
  });

  it("writes an LGA's name as a slug for addresses", () => {
    expect(lgaSlug("Kano Municipal")).toBe("kano-municipal");
    expect(lgaSlug("Ado-Ekiti")).toBe("ado-ekiti");
    expect(lgaSlug(" Ifako/Ijaye ")).toBe("ifako-ijaye");
  });

  it("cuts the list into pages, clamping a page past the last", () => {
    const list = Array.from({ length: 45 }, (_, index) => index);
    expect(resultsPage(list, 1)).toMatchObject({ page: 1, lastPage: 3, first: 1, shown: list.slice(0, 20) });
    expect(resultsPage(list, 3)).toMatchObject({ page: 3, first: 41, shown: list.slice(40) });
    expect(resultsPage(list, 99).page).toBe(3);
    expect(resultsPage([], 1)).toMatchObject({ page: 1, lastPage: 1, shown: [] });
  });
});

describe("Back to results from the results page", () => {
  it("returns to the results page with its own filters only", () => {
    expect(schoolListReturnPath("/schools?state=kano&group=hearing&page=2&evil=1")).toBe(
      "/schools?state=kano&group=hearing&page=2",
    );
    expect(schoolListReturnPath("/schools")).toBe("/schools");
    expect(schoolListReturnPath("/schools/4?state=kano")).toBeNull();
    expect(withListReturn("/schools/4", "/schools?state=kano&group=hearing")).toBe(
      "/schools/4?from=%2Fschools%3Fstate%3Dkano%26group%3Dhearing",
    );
  });
});
