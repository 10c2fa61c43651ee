import { describe, expect, it } from "vitest";
import { compareText } from "./text-order";

const sign = (value: number) => Math.sign(value);

describe("compareText", () => {
  it("orders as localeCompare with English does", () => {
    const names = [
      "Zamfara",
      "akwa Ibom",
      "Akwa Ibom",
      "FCT",
      "Federal Capital Territory",
      "Cross River",
      "Cross-River",
      "Ẹ̀gbá",
      "Ekiti",
      "ekiti",
      "",
    ];
    const expected = [...names].sort((a, b) => a.localeCompare(b, "en"));
    expect([...names].sort(compareText)).toEqual(expected);
    expect(compareText("Lagos", "Lagos")).toBe(0);
  });

  it("agrees with localeCompare on texts of letters, digits and spaces, case and all", () => {
    // A fixed pseudo-random sequence: the same pairs every run.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const alphabet = "aAbBzZ09 mM";
    const text = () => Array.from({ length: next() % 6 }, () => alphabet[next() % alphabet.length]).join("");
    for (let pair = 0; pair < 5000; pair++) {
      const [a, b] = [text(), text()];
      expect(sign(compareText(a, b)), `"${a}" against "${b}"`).toBe(sign(a.localeCompare(b, "en")));
    }
  });
});
