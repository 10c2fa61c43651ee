import { describe, expect, it } from "vitest";
import { compareText } from "./text-order";

describe("compareText", () => {
  it("orders as localeCompare with English does", () => {
    const names = [
      "Zamfara",
      "akwa Ibom",
      "FCT",
      "Federal Capital Territory",
      "Cross River",
      "Ẹ̀gbá",
      "Ekiti",
      "ekiti",
      "",
    ];
    const expected = [...names].sort((a, b) => a.localeCompare(b, "en"));
    expect([...names].sort(compareText)).toEqual(expected);
    expect(compareText("Lagos", "Lagos")).toBe(0);
  });
});
