import { describe, expect, it } from "vitest";
import { readMessages } from "../../i18n/catalogue-files";
import {
  DOCUMENT_MAX_BYTES,
  documentAddress,
  documentFileName,
  documentLink,
  documentSizeText,
  type TranslateMessage,
} from "./documents";

/** The catalogue's message with its {size} filled in, as the web app's translate function does. */
function translatorIn(language: string): TranslateMessage {
  const { messages } = readMessages(language, "documents");
  return (id, values = {}) =>
    (messages[id] ?? id).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

const kanoLaw = {
  id: "5b1f0a7e-3c2d-4e8f-9a10-1b2c3d4e5f60",
  fileName: "kano-state-disability-rights-law-2018.pdf",
  bytes: Math.round(1.2 * 1024 * 1024),
};

describe("documents", () => {
  it("names a document's file after its title, in lower-case ASCII", () => {
    expect(documentFileName("Lagos State Special People's Law, 2011")).toBe(
      "lagos-state-special-peoples-law-2011.pdf",
    );
    expect(documentFileName("Ìlànà Ọ̀rọ̀ — Ẹ̀tọ́ àwọn aláàbọ̀ ara")).toBe("ilana-oro-eto-awon-alaabo-ara.pdf");
    expect(documentFileName("«»")).toBe("document.pdf");
    expect(documentFileName("x".repeat(300))).toBe(`${"x".repeat(80)}.pdf`);
  });

  it("gives a stable public address under /documents", () => {
    expect(documentAddress(kanoLaw)).toBe(
      "/documents/5b1f0a7e-3c2d-4e8f-9a10-1b2c3d4e5f60/kano-state-disability-rights-law-2018.pdf",
    );
  });

  it("says a file's size as people read it", () => {
    expect(documentSizeText(2_000)).toBe("2 KB");
    expect(documentSizeText(100)).toBe("1 KB");
    expect(documentSizeText(850 * 1024)).toBe("850 KB");
    expect(documentSizeText(1024 * 1024)).toBe("1 MB");
    expect(documentSizeText(kanoLaw.bytes)).toBe("1.2 MB");
    expect(documentSizeText(DOCUMENT_MAX_BYTES)).toBe("25 MB");
  });

  it("labels a link to the document with its purpose, type and size, in the page's language", () => {
    expect(documentLink(kanoLaw, "law", translatorIn("en"))).toEqual({
      href: documentAddress(kanoLaw),
      label: "Download the law (PDF, 1.2 MB)",
    });
    expect(documentLink(kanoLaw, "report", translatorIn("en")).label).toBe(
      "Download the report (PDF, 1.2 MB)",
    );
    expect(documentLink(kanoLaw, "policy", translatorIn("pcm")).label).toBe(
      "Download di national policy (PDF, 1.2 MB)",
    );
    expect(documentLink(kanoLaw, "law", translatorIn("ha")).label).toBe("Sauke dokar (PDF, 1.2 MB)");
  });
});
