import { describe, expect, it } from "vitest";
import { correctionFieldProblems, sitePath, translationProblems } from "./correction-rules";

const translated = ["ha", "ig", "pcm", "yo"];

describe("translationProblems", () => {
  it("accepts a translated language with an address on the site or a whole web address", () => {
    expect(translationProblems({ language: "ha", page: "/ha/states/25" }, translated)).toEqual([]);
    expect(translationProblems({ language: "pcm", page: " https://atlas.example/pcm " }, translated)).toEqual(
      [],
    );
  });

  it("names the language and the page when both are wrong, in the form's order", () => {
    expect(
      translationProblems({ language: "en", page: "//elsewhere.example" }, translated).map((p) => p.field),
    ).toEqual(["language", "page"]);
    for (const page of [
      "",
      "  ",
      "states/25",
      "javascript:alert(1)",
      `/${"x".repeat(500)}`,
      "/\\evil.example/ha",
      "/\t/evil.example/ha",
    ]) {
      expect(translationProblems({ language: "yo", page }, translated), page).toEqual([
        expect.objectContaining({ field: "page", key: "pageMissing" }),
      ]);
    }
  });
});

describe("correctionFieldProblems", () => {
  it("lists every field's problem, not just the first", () => {
    expect(
      correctionFieldProblems({ whatIsWrong: "short", sourceUrl: "nope", email: "nope" }).map((p) => p.key),
    ).toEqual(["textMissing", "badUrl", "badEmail"]);
    expect(
      correctionFieldProblems({ whatIsWrong: "Long enough to send.", sourceUrl: "", email: "" }),
    ).toEqual([]);
  });
});

describe("sitePath", () => {
  it("gives an address on this site, and null for anything a browser would open elsewhere", () => {
    expect(sitePath(" /ha/states/25?x=1 ")).toBe("/ha/states/25?x=1");
    for (const page of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/a b",
      "https://x.example/ha",
    ]) {
      expect(sitePath(page), JSON.stringify(page)).toBeNull();
    }
  });
});
