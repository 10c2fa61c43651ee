import { describe, expect, it } from "vitest";
import { normaliseNigerianPhone } from "./phone";

describe("normaliseNigerianPhone", () => {
  it.each([
    ["08031234567", "+2348031234567"],
    ["0803 123 4567", "+2348031234567"],
    ["0803-123-4567", "+2348031234567"],
    ["8031234567", "+2348031234567"],
    ["803 123 4567", "+2348031234567"],
    ["+234 803 123 4567", "+2348031234567"],
    ["+2348031234567", "+2348031234567"],
    ["234 803 123 4567", "+2348031234567"],
    ["2348031234567", "+2348031234567"],
    ["00234 803 123 4567", "+2348031234567"],
    ["+234 (0) 803 123 4567", "+2348031234567"],
    ["0705 555 0101", "+2347055550101"],
    ["0915 555 0101", "+2349155550101"],
    ["(01) 234 5678", "+23412345678"],
    ["09 876 5432", "+23498765432"],
    ["062 123 456", "+23462123456"],
  ])("%s → %s", (written, expected) => {
    expect(normaliseNigerianPhone(written)).toBe(expected);
  });

  it.each([
    ["another country's number", "+44 20 7946 0958"],
    ["letters", "0803 CALL NOW"],
    ["too few digits", "0803 123"],
    ["too many digits", "0803 123 4567 89"],
    ["a mobile prefix that does not exist", "0603 123 4567"],
    ["bare digits that are not a whole mobile number", "1234567"],
    ["nothing", ""],
    ["an extension", "0803 123 4567 ext 2"],
  ])("refuses %s (%s)", (_what, written) => {
    expect(normaliseNigerianPhone(written)).toBeNull();
  });
});
