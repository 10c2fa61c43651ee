import { describe, expect, it } from "vitest";
import {
  checkPassword,
  describePasswordProblems,
  isCommonPassword,
  passwordMessages,
  passwordRules,
  passwordRuleIds,
  containsPersonalDetails,
  describeOwnPasswordProblems,
} from "./password-policy";

describe("the password rule", () => {
  it("has its character rules in the order refusals name them (password-limits.ts)", () => {
    expect(passwordRules.map((rule) => rule.id)).toEqual([...passwordRuleIds]);
  });

  it("lists its rules with a hint each, in the order the form shows them", () => {
    expect(passwordRules.map((rule) => rule.hint)).toEqual([
      "At least 8 characters",
      "An uppercase letter (A–Z)",
      "A lowercase letter (a–z)",
      "A number (0–9)",
      "A special character, such as ! @ # $ or %",
    ]);
  });

  it("reports which rules a password meets, for live hints", () => {
    const check = checkPassword("kettle1");
    expect(check.valid).toBe(false);
    expect(Object.fromEntries(check.rules.map((rule) => [rule.id, rule.met]))).toEqual({
      length: false,
      uppercase: false,
      lowercase: true,
      digit: true,
      special: false,
    });
  });

  it("accepts a password that meets every rule", () => {
    expect(checkPassword("Kettle-Drum-42")).toEqual(expect.objectContaining({ valid: true, problems: [] }));
    expect(describePasswordProblems("Kettle-Drum-42")).toBeNull();
  });

  it("counts characters as typed, and accepts letters and digits of any script", () => {
    expect(checkPassword("Ọmọ-ilé-9").valid).toBe(true);
    expect(checkPassword("Éé1!Éé1").problems).toEqual(["length"]);
  });

  it("does not count a space as a special character", () => {
    expect(checkPassword("Kettle Drum 42").problems).toEqual(["special"]);
  });

  it("names everything that is missing in one sentence", () => {
    expect(describePasswordProblems("kettle")).toBe(
      "Your password needs at least 8 characters, an uppercase letter, a number and a special character such as ! @ # $ or %.",
    );
    expect(describePasswordProblems("kettledrum1!")).toBe("Your password needs an uppercase letter.");
  });

  it("accepts up to 256 characters and refuses more", () => {
    const longest = `Aa1!${"x".repeat(252)}`;
    expect(checkPassword(longest).valid).toBe(true);
    expect(checkPassword(`${longest}x`).problems).toEqual(["tooLong"]);
    expect(describePasswordProblems(`${longest}x`)).toBe(passwordMessages.tooLong);
  });

  it("refuses common passwords dressed up to meet the rule", () => {
    for (const password of [
      "Password1!",
      "P@ssw0rd",
      "Pa$$w0rd123",
      "Welcome@2025",
      "Summer2024!",
      "Nigeria@123",
      "Qwerty123!",
      "Iloveyou1!",
      "1qaz@WSX",
      "Abcd1234!",
      "!Jesus2024",
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(checkPassword(password).problems, password).toEqual(["common"]);
      expect(describePasswordProblems(password), password).toBe(passwordMessages.common);
    }
  });

  it("does not mistake an unusual password for a common one", () => {
    for (const password of ["Kettle-Drum-42", "Lagos#9f3K!x", "Password-Lantern-Harbour-7", "Zebra!Mango7"]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe("passwords that hold the person's own details", () => {
  it("are refused when they contain the e-mail's local part or a name, ignoring case", () => {
    const owner = { email: "ada.obi@example.org", names: ["Ada", "Obiageli"] };
    expect(describeOwnPasswordProblems("Ada.Obi-2024!", owner)).toBe(passwordMessages.personal);
    expect(describeOwnPasswordProblems("x-OBIAGELI-9!", owner)).toBe(passwordMessages.personal);
    expect(describeOwnPasswordProblems("Tangerine_Bicycle_84", owner)).toBeNull();
    // Parts shorter than 3 characters are too common inside words to count.
    expect(containsPersonalDetails("Jolly-Kettle-42", { email: "jo@example.org", names: ["Jo"] })).toBe(
      false,
    );
  });
});
