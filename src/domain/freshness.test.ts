import { describe, expect, it } from "vitest";
import { isOutOfDate } from "./freshness";

describe("isOutOfDate", () => {
  const now = new Date("2026-11-29T12:00:00Z");

  it("is true only past 18 months", () => {
    expect(isOutOfDate("2025-05-28T12:00:00Z", now)).toBe(true);
    expect(isOutOfDate("2025-05-30T12:00:00Z", now)).toBe(false);
    expect(isOutOfDate("2026-11-01T08:00:00Z", now)).toBe(false);
  });

  it("says nothing of a record whose check is unknown", () => {
    expect(isOutOfDate(null, now)).toBe(false);
    expect(isOutOfDate("not a date", now)).toBe(false);
  });
});
