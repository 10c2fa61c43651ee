import { describe, expect, it } from "vitest";
import { schoolListReturnPath, withListReturn } from "./school-list-return";

describe("Back to results: the list a school was opened from", () => {
  it("keeps the Schools dialog's filters", () => {
    expect(schoolListReturnPath("/?schools=lagos&name=deaf&type=special&group=hearing")).toBe(
      "/?schools=lagos&name=deaf&type=special&group=hearing",
    );
    expect(schoolListReturnPath("/?state=kano&schools=all&ownership=public")).toBe(
      "/?state=kano&schools=all&ownership=public",
    );
  });

  it("drops parameters that are not the list's", () => {
    expect(schoolListReturnPath("/?schools=all&next=https://evil.example&x=1#top")).toBe("/?schools=all");
  });

  it("never leads to another site", () => {
    for (const from of [
      "https://evil.example/?schools=all",
      "//evil.example/?schools=all",
      "/\\evil.example/?schools=all",
      "javascript:alert(1)//?schools=all",
      " /?schools=all",
    ]) {
      expect(schoolListReturnPath(from), from).toBeNull();
    }
  });

  it("refuses any page that is not a schools list", () => {
    expect(schoolListReturnPath("/")).toBeNull();
    expect(schoolListReturnPath("/?state=lagos")).toBeNull();
    expect(schoolListReturnPath("/dashboard?schools=all")).toBeNull();
    expect(schoolListReturnPath("/%2F%2Fevil.example?schools=all")).toBeNull();
    expect(schoolListReturnPath(null)).toBeNull();
    expect(schoolListReturnPath(`/?schools=all&name=${"a".repeat(600)}`)).toBeNull();
  });

  it("puts the list on a school's link only when it is one", () => {
    expect(withListReturn("/schools/4", "?schools=lagos&name=deaf")).toBe(
      "/schools/4?from=%2F%3Fschools%3Dlagos%26name%3Ddeaf",
    );
    expect(withListReturn("/schools/4", "?state=lagos")).toBe("/schools/4");
  });
});
