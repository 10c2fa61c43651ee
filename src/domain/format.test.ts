import { describe, expect, it } from "vitest";
import { formatAsOf, formatNumber, formatPercent, pluralize } from "./format";

describe("formatNumber", () => {
  it("groups thousands the en-US way", () => {
    expect(formatNumber(26910000)).toBe("26,910,000");
    expect(formatNumber(6592950)).toBe("6,592,950");
    expect(formatNumber(0)).toBe("0");
  });
  it("writes negatives in brackets", () => {
    expect(formatNumber(-1234.5)).toBe("(1,234.5)");
  });
  it("keeps up to two decimals", () => {
    expect(formatPercent(45.65)).toBe("45.65%");
    expect(formatPercent(15)).toBe("15%");
  });
});

describe("formatAsOf", () => {
  it("names the month and year of a dataset's as_of", () => {
    expect(formatAsOf("2026-11")).toBe("November 2026");
  });
  it("leaves an unreadable date as it is", () => {
    expect(formatAsOf("soon")).toBe("soon");
  });
});

describe("pluralize", () => {
  it("chooses singular only for one", () => {
    expect(pluralize(1, "school")).toBe("school");
    expect(pluralize(0, "school")).toBe("schools");
    expect(pluralize(2, "school")).toBe("schools");
  });
});
