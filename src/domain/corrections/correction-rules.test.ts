import { describe, expect, it } from "vitest";
import { correctionFieldProblems, translationProblems } from "./correction-rules";

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
    for (const page of ["", "  ", "states/25", "javascript:alert(1)", `/${"x".repeat(500)}`]) {
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
