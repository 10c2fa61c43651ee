import { describe, expect, it } from "vitest";
import {
  credentialsSchema,
  emailRequestSchema,
  firstProblem,
  passwordResetSchema,
  profileSchema,
  registrationSchema,
} from "./schemas";
import { invisibleCharacters, legitimateNames } from "../../test/names";

const problemOf = (result: { success: boolean; error?: Parameters<typeof firstProblem>[0] }) =>
  result.error ? firstProblem(result.error) : null;

describe("the accounts forms' rules", () => {
  const registration = {
    email: " ada@example.org ",
    password: " Kettle-Drum-42 ",
    firstname: " Ada ",
    lastname: "Obi",
  };

  it("trims names and the address, and keeps the password exactly as typed", () => {
    expect(registrationSchema.parse(registration)).toEqual({
      email: "ada@example.org",
      password: " Kettle-Drum-42 ",
      firstname: "Ada",
      lastname: "Obi",
    });
  });

  it("asks to fill out every field before anything else", () => {
    expect(problemOf(registrationSchema.safeParse({ ...registration, firstname: "", password: "x" }))).toBe(
      "Please fill out all fields",
    );
    expect(problemOf(registrationSchema.safeParse(null))).toBe("Please fill out all fields");
  });

  it("says what is wrong with the password", () => {
    expect(problemOf(registrationSchema.safeParse({ ...registration, password: "kettledrum42" }))).toBe(
      "Your password needs an uppercase letter and a special character such as ! @ # $ or %.",
    );
  });

  it("uses the product's messages for the e-mail address", () => {
    expect(problemOf(emailRequestSchema.safeParse({ email: "" }))).toBe("Please provide your email address");
    expect(problemOf(emailRequestSchema.safeParse({ email: "ada@" }))).toBe(
      "Please enter a valid email address",
    );
    expect(problemOf(registrationSchema.safeParse({ ...registration, email: "ada" }))).toBe(
      "Please enter a valid email address",
    );
  });

  it("signs in with any password that was set before, without the policy", () => {
    expect(credentialsSchema.safeParse({ email: "ada@example.org", password: "old" }).success).toBe(true);
    expect(problemOf(credentialsSchema.safeParse({ email: "ada@example.org" }))).toBe(
      "Please fill out all fields",
    );
  });

  it("asks for both names on the profile", () => {
    expect(problemOf(profileSchema.safeParse({ firstname: "Ada" }))).toBe("Fill all required fields");
    expect(problemOf(profileSchema.safeParse({ firstname: "Ada", lastname: "A\u0000" }))).toBe(
      "Names can only contain letters, spaces and punctuation.",
    );
  });

  it("says a reset without a token is an invalid link", () => {
    expect(problemOf(passwordResetSchema.safeParse({ newPassword: "Kettle-Drum-42" }))).toBe(
      "Invalid reset link. Please request a new password reset.",
    );
  });
});

describe("names with hidden or breaking characters", () => {
  it("are refused: bidi overrides, zero-width characters and line breaks", () => {
    for (const firstname of [
      "Ada\u202Eevil",
      "A\u200Bda",
      "Ada\nSee http://x",
      "Ada\u2028Obi",
      "Ada\u0007",
    ]) {
      const result = profileSchema.safeParse({ firstname, lastname: "Obi" });
      expect(result.success, JSON.stringify(firstname)).toBe(false);
    }
    expect(profileSchema.safeParse({ firstname: "Adaẹ́ Ọ̀bí-Nwosu", lastname: "O'Neill" }).success).toBe(true);
  });
});

describe("names with letters that render as nothing", () => {
  const registration = {
    email: "ada@example.org",
    password: "Kettle-Drum-42",
    firstname: "Ada",
    lastname: "Obi",
  };

  it("are refused on sign-up and on the profile, with the message for hidden characters", () => {
    for (const [name, character] of Object.entries(invisibleCharacters)) {
      // Alone (a name that looks empty; white space alone is trimmed to a missing name) and inside a
      // name (one that looks like someone else's).
      for (const firstname of character.trim() === ""
        ? [`A${character}da`]
        : [character, `A${character}da`]) {
        expect(problemOf(registrationSchema.safeParse({ ...registration, firstname })), name).toBe(
          "Names can only contain letters, spaces and punctuation.",
        );
        expect(problemOf(profileSchema.safeParse({ firstname: "Ada", lastname: firstname })), name).toBe(
          "Names can only contain letters, spaces and punctuation.",
        );
      }
    }
  });

  it("leave the names Nigerians write as they are", () => {
    for (const name of legitimateNames) {
      expect(
        registrationSchema.safeParse({ ...registration, firstname: name, lastname: name }).success,
        name,
      ).toBe(true);
      expect(profileSchema.parse({ firstname: name, lastname: "Obi" }).firstname, name).toBe(name);
    }
  });
});
