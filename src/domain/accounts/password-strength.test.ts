import { describe, expect, it } from "vitest";
import { checkPassword, PASSWORD_MAX_LENGTH, passwordMessages } from "./password-policy";
import { guessablePasswordProblem, SCORED_LENGTH } from "./password-strength";

const ada = { email: "ada.obi@example.test", names: ["Ada", "Obi"] };

describe("passwords that are easy to guess", () => {
  it("are refused when built on the site's name, whatever swaps and symbols dress them up", () => {
    for (const password of ["Inclusion!Atlas1", "Nigeria@Disability1", "Inclu$ion#Atl4s", "1nclu$!0N#2024"]) {
      // Each meets the character rules: only the strength check refuses it.
      expect(checkPassword(password).valid, password).toBe(true);
      expect(guessablePasswordProblem(password, ada), password).toBe(passwordMessages.siteName);
      expect(guessablePasswordProblem(password), password).toBe(passwordMessages.siteName);
    }
  });

  it("are refused when built on the owner's e-mail address, its domain included", () => {
    expect(guessablePasswordProblem("Example.test1!", ada)).toBe(passwordMessages.emailAddress);
    expect(guessablePasswordProblem("Exampl3-T3st!9", ada)).toBe(passwordMessages.emailAddress);
    // The same passwords for someone else's address are judged on their own.
    expect(guessablePasswordProblem("Exampl3-T3st!9", { email: "ngozi@mail.ng" })).toBeNull();
  });

  it("are refused when built on the owner's name in disguise", () => {
    expect(guessablePasswordProblem("0b1ageli-2024!", { names: ["Obiageli", "Eze"] })).toBe(
      passwordMessages.personal,
    );
  });

  it("are refused when they follow a simple pattern or are common", () => {
    expect(guessablePasswordProblem("Aa1!aaaa", ada)).toBe(passwordMessages.pattern);
    expect(guessablePasswordProblem("Xyz!Xyz!Xyz!1", ada)).toBe(passwordMessages.pattern);
    expect(guessablePasswordProblem("P@$$w0rd2024", ada)).toBe(passwordMessages.common);
  });

  it("accept eight characters in which nothing is recognised, so the stated minimum of 8 holds", () => {
    // zxcvbn puts these at exactly 10^8 guesses, score 2: only trying every combination finds them.
    for (const password of ["Xk4!pq9Z", "Hb4%nZ8q", "k9$Rv!2w"]) {
      expect(guessablePasswordProblem(password, ada), password).toBeNull();
    }
    // Not when part of them is recognised, nor when the site's name makes up the rest.
    expect(guessablePasswordProblem("Qwerty1!", ada)).not.toBeNull();
    expect(guessablePasswordProblem("Atlas!2x", ada)).not.toBeNull();
  });

  it("accepts passwords that are hard to guess, even with one of the site's words in a strong whole", () => {
    for (const password of [
      "Crimson-Harbour-31",
      "Tangerine_Bicycle_84",
      "Kettle-Drum-42",
      "Lantern-Harbour-77",
      "Quiet-Harbour-88",
      "Zebra!Mango7",
      "Lagos#9f3K!x",
      "Ọmọ-ilé-9-Àṣẹ",
      "Atlas-Harbour-2026!e2e",
      "Nigeria-Kettle-42",
    ]) {
      expect(guessablePasswordProblem(password, ada), password).toBeNull();
    }
  });
});

describe("the cost of the strength check", () => {
  it("scores the first characters only, so the longest password allowed costs what 64 characters do", () => {
    expect(SCORED_LENGTH).toBeGreaterThanOrEqual(64);
    expect(SCORED_LENGTH).toBeLessThanOrEqual(PASSWORD_MAX_LENGTH);
    const strongStart = "Crimson-Harbour-31-Tangerine_Bicycle_84-Kettle-Drum-42-Lantern!7";
    expect([...strongStart]).toHaveLength(SCORED_LENGTH);
    const longest = strongStart + "a".repeat(PASSWORD_MAX_LENGTH - SCORED_LENGTH);
    expect(checkPassword(longest).valid).toBe(true);
    expect(guessablePasswordProblem(longest, ada)).toBeNull();
    // A weak start is not rescued by what follows it.
    expect(guessablePasswordProblem("Aa1!".repeat(SCORED_LENGTH / 4) + "Crimson-Harbour-31", ada)).toBe(
      passwordMessages.pattern,
    );
  });
});
