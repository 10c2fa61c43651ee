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
  it("writes what Intl's en-US formatter writes, rounding included", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
    const values = [
      0,
      0.001,
      0.005,
      0.015,
      1.005,
      1.255,
      2.675,
      9.995,
      99.999,
      999.995,
      1000,
      12345.678,
      999999.995,
      26910000,
      123456789.125,
      1e15 + 0.5,
      2 ** 53,
      1e20,
      1e21,
      1.5e300,
      Infinity,
      NaN,
    ];
    // And a spread of ordinary figures: shares, counts and scores with two decimals and more.
    for (let index = 1; index < 2000; index++) values.push(index * 7.123457, index ** 3 / 9, index / 300);
    for (const value of values) expect(formatNumber(value)).toBe(intl.format(value));
  });
});

describe("formatAsOf", () => {
  it("names the month and year of a dataset's as_of", () => {
    expect(formatAsOf("2026-11")).toBe("November 2026");
  });
  it("leaves an unreadable date as it is", () => {
    expect(formatAsOf("soon")).toBe("soon");
    expect(formatAsOf("2026-13")).toBe("2026-13");
    expect(formatAsOf("2026-00")).toBe("2026-00");
  });
  it("writes what Intl's en-GB month and year write, for every month and a full date", () => {
    const intl = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    for (const year of [1999, 2024, 2026, 2030]) {
      for (let month = 1; month <= 12; month++) {
        const expected = intl.format(new Date(Date.UTC(year, month - 1, 1)));
        const padded = String(month).padStart(2, "0");
        expect(formatAsOf(`${year}-${padded}`)).toBe(expected);
        expect(formatAsOf(`${year}-${padded}-28`)).toBe(expected);
      }
    }
  });
});

describe("pluralize", () => {
  it("chooses singular only for one", () => {
    expect(pluralize(1, "school")).toBe("school");
    expect(pluralize(0, "school")).toBe("schools");
    expect(pluralize(2, "school")).toBe("schools");
  });
});
