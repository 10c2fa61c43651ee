import { describe, expect, it } from "vitest";
import { invisibleCharacters, legitimateNames } from "../test/names";
import { hasHiddenCharacters } from "./hidden-characters";

describe("the rule for hidden characters", () => {
  it("refuses every character that renders as nothing, hides or rewrites text, or breaks a line", () => {
    for (const [name, character] of Object.entries(invisibleCharacters)) {
      expect(hasHiddenCharacters(`Ada${character}`), name).toBe(true);
      expect(hasHiddenCharacters(character), name).toBe(true);
    }
  });

  it("accepts the letters and marks of Nigerian names, apostrophes, hyphens and spaces", () => {
    for (const name of legitimateNames) expect(hasHiddenCharacters(name), name).toBe(false);
  });
});
