import { describe, expect, it } from "vitest";
import { dayInNigeria, isCalendarDay } from "./nigeria-day";

describe("days in Nigeria", () => {
  it("are an hour ahead of UTC all year", () => {
    expect(dayInNigeria(new Date("2026-11-30T22:59:59Z"))).toBe("2026-11-30");
    expect(dayInNigeria(new Date("2026-11-30T23:00:00Z"))).toBe("2026-12-01");
    expect(dayInNigeria(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
  });

  it("are real calendar days written YYYY-MM-DD", () => {
    expect(["2026-02-28", "2024-02-29", "1960-01-01"].filter(isCalendarDay)).toHaveLength(3);
    for (const text of [
      "2026-02-29",
      "2026-02-30",
      "2026-13-01",
      "2026-2-28",
      " 2026-02-28",
      "0000-00-00",
      "",
    ]) {
      expect(isCalendarDay(text), text).toBe(false);
    }
  });
});
