import { describe, expect, it } from "vitest";
import { problemKeys } from "../domain/api/problems";
import { type CatalogueSet, checkLanguage, messageShape, missingProblemMessages } from "./catalogue-check";
import { readCatalogue, readLanguages, readNamespaces } from "./catalogue-files";
import type { LanguageInfo } from "./languages";

const hausa = (status: LanguageInfo["status"]): LanguageInfo => ({
  code: "ha",
  name: "Hausa",
  englishName: "Hausa",
  status,
});
const english: CatalogueSet = {
  report: { count: "{count, plural, one {# report} other {# reports}}", intro: "Read <link>this</link>." },
};

describe("the catalogue check", () => {
  it("reads the placeholders and tags of a message, plural branches included", () => {
    expect(messageShape("{count, plural, one {# in {state}} other {# in {state}}} <b>x</b> <br/>")).toEqual({
      placeholders: ["count", "state"],
      tags: ["b", "br"],
    });
  });

  it("lists a draft's untranslated keys without failing it", () => {
    const report = checkLanguage(hausa("draft"), english, {
      report: { intro: "Karanta <link>wannan</link>." },
    });
    expect(report.missing).toEqual(["report.count"]);
    expect(report.errors).toEqual([]);
  });

  it("fails a reviewed language that lacks a key English has", () => {
    const report = checkLanguage(hausa("reviewed"), english, {
      report: { intro: "Karanta <link>wannan</link>." },
    });
    expect(report.errors.join("\n")).toMatch(/marked "reviewed" but 1 English message/);
  });

  it("fails text not in NFC, invalid ICU, extra keys, and placeholders or tags that differ from English", () => {
    const report = checkLanguage(hausa("draft"), english, {
      report: {
        count: "{total, plural, other {# rahotanni}}",
        intro: "Karanta wannan.",
        extra: "ƙari",
      },
      other: { broken: "{oops" },
    });
    const errors = report.errors.join("\n");
    expect(errors).toMatch(/ha\/report.count: placeholders \{total\} differ/);
    expect(errors).toMatch(/ha\/report.intro: tags <> differ from English's <link>/);
    expect(errors).toMatch(/ha\/report.extra: not in the English catalogue/);
    expect(errors).toMatch(/ha\/other.broken: not in the English catalogue/);
    const decomposed = checkLanguage(hausa("draft"), { a: { b: "x" } }, { a: { b: "e\u0323" } });
    expect(decomposed.errors.join("\n")).toMatch(/not in Unicode NFC/);
    const invalid = checkLanguage(hausa("draft"), { a: { b: "{x}" } }, { a: { b: "{x" } });
    expect(invalid.errors.join("\n")).toMatch(/not a valid ICU message/);
    const empty = checkLanguage(hausa("draft"), { a: { b: "Barrier" } }, { a: { b: " " } });
    expect(empty.errors).toEqual(["ha/a.b: empty (translate it, or the page shows English)"]);
  });
});

describe("the check of the API's problem keys", () => {
  it("fails a language, even a draft, that has no message for a problem key", () => {
    const errors = missingProblemMessages(
      hausa("draft"),
      { errors: { "account.wrongCredentials": "Kuskure." } },
      ["account.wrongCredentials", "account.notVerified"],
    );
    expect(errors).toEqual([
      'ha/errors.account.notVerified: the API\'s problem "account.notVerified" has no message in this language',
    ]);
  });

  it("fails an empty message, and a language without the errors catalogue at all", () => {
    expect(
      missingProblemMessages(hausa("draft"), { errors: { "code.FORBIDDEN": " " } }, ["code.FORBIDDEN"]),
    ).toHaveLength(1);
    expect(missingProblemMessages(hausa("draft"), {}, ["code.FORBIDDEN"])).toHaveLength(1);
  });
});

describe("the product's catalogues", () => {
  const namespaces = readNamespaces();
  const readSet = (code: string): CatalogueSet =>
    Object.fromEntries(namespaces.map((namespace) => [namespace, readCatalogue(code, namespace)]));

  it.each(readLanguages().map((language) => [language.code, language] as const))(
    "%s has no errors (NFC, valid ICU, the same placeholders and tags as English)",
    (_code, language) => {
      expect(checkLanguage(language, readSet("en"), readSet(language.code)).errors).toEqual([]);
    },
  );

  it.each(readLanguages().map((language) => [language.code, language] as const))(
    "%s says every problem the API can answer with",
    (_code, language) => {
      expect(missingProblemMessages(language, readSet(language.code), problemKeys)).toEqual([]);
    },
  );

  it("has the five languages, each named in itself", () => {
    expect(readLanguages().map((language) => [language.code, language.name])).toEqual([
      ["en", "English"],
      ["ha", "Hausa"],
      ["ig", "Igbo"],
      ["pcm", "Naijá"],
      ["yo", "Yorùbá"],
    ]);
  });
});
