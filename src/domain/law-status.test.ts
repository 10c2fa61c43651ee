import { describe, expect, it } from "vitest";
import states from "../../data/states.json";
import { countByLawStatus, lawStatusText, lawTitleWithYear } from "./law-status";

describe("law status", () => {
  it("speaks of the law's status, with the year when it passed", () => {
    expect(lawStatusText("Passed", 2011)).toBe("Passed (2011)");
    expect(lawStatusText("Passed", null)).toBe("Passed");
    expect(lawStatusText("Passed/awaiting Gov assent", 2024)).toBe("Passed, awaiting the Governor's assent");
    expect(lawStatusText("Second Reading", null)).toBe("Second reading");
    expect(lawStatusText("Pending", null)).toBe("Pending / no law");
    expect(lawStatusText("", null)).toBe("Pending / no law");
  });

  it("leaves the year out when the law's title shown beside the status already carries it", () => {
    expect(lawStatusText("Passed", 2011, { besideTitle: "Lagos State Special People's Law, 2011" })).toBe(
      "Passed",
    );
    expect(lawStatusText("Passed", 2022, { besideTitle: "Abia State Disability Law" })).toBe("Passed (2022)");
    expect(lawStatusText("Passed", 2022, { besideTitle: "" })).toBe("Passed (2022)");
    expect(lawStatusText("Second Reading", 2022, { besideTitle: "A Bill, 2022" })).toBe("Second reading");
  });

  it("counts the 37 states of the data: 30 passed", () => {
    const counts = countByLawStatus(states.map((state) => ({ lawStatus: state.status })));
    expect(counts.map(({ category, count }) => `${category.label}: ${count}`)).toEqual([
      "Passed: 30",
      "Passed, awaiting the Governor's assent: 3",
      "Second reading: 1",
      "Pending / no law: 3",
    ]);
  });

  it("never shows a law's year twice", () => {
    expect(lawTitleWithYear("Lagos State Special People's Law 2011", 2011)).toBe(
      "Lagos State Special People's Law 2011",
    );
    expect(lawTitleWithYear("Abia State Disability Law", 2022)).toBe("Abia State Disability Law (2022)");
    expect(lawTitleWithYear("Abia State Disability Law", null)).toBe("Abia State Disability Law");
    for (const state of states) {
      const title = lawTitleWithYear(state.law.name, state.law.year);
      if (state.law.year) expect(title.split(String(state.law.year)).length - 1, state.state).toBe(1);
    }
  });
});
