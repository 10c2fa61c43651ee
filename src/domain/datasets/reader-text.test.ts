import { describe, expect, it } from "vitest";
import { readerText, withTranslationsIn } from "./reader-text";

const record = {
  desc: "Lagos has a law.",
  key_findings: ["Health: clinics.", "Education: schools."],
  translations: {
    ha: { desc: "Legas tana da doka." },
    yo: { desc: "   ", key_findings: ["Ìlera: ilé-ìwòsàn.", "Ẹ̀kọ́: ilé-ẹ̀kọ́."] },
  },
};

describe("a reader's text in the page's language", () => {
  it("is the published translation in that language, marked as that language", () => {
    expect(readerText(record, "desc", "ha")).toEqual({ value: "Legas tana da doka.", language: "ha" });
    expect(readerText(record, "key_findings", "yo")).toEqual({
      value: ["Ìlera: ilé-ìwòsàn.", "Ẹ̀kọ́: ilé-ẹ̀kọ́."],
      language: "yo",
    });
  });

  it("is the English text, said to be English, where none exists (or it is blank) and on English pages", () => {
    expect(readerText(record, "key_findings", "ha")).toEqual({ value: record.key_findings, language: "en" });
    expect(readerText(record, "desc", "yo")).toEqual({ value: "Lagos has a law.", language: "en" });
    expect(readerText(record, "desc", "ig")).toEqual({ value: "Lagos has a law.", language: "en" });
    expect(readerText(record, "desc", "en")).toEqual({ value: "Lagos has a law.", language: "en" });
    expect(readerText({ desc: "A school." }, "key_findings", "pcm")).toEqual({ value: [], language: "en" });
  });

  it("reaches a page with only that page's language's translations", () => {
    expect(withTranslationsIn(record, "ha").translations).toEqual({ ha: { desc: "Legas tana da doka." } });
    expect(withTranslationsIn(record, "en")).not.toHaveProperty("translations");
    expect(withTranslationsIn(record, "ig")).not.toHaveProperty("translations");
    expect(withTranslationsIn({ desc: "x" }, "ha")).toEqual({ desc: "x" });
  });
});
