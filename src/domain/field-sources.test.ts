import { describe, expect, it } from "vitest";
import { fieldSourcesToShow, sourceOfFields } from "./field-sources";

describe("a field's own source", () => {
  it("reads as the article's title and publisher, never a bare domain", () => {
    const shown = fieldSourcesToShow(
      { phone: { url: "https://www.punchng.com/special-schools-phone-directory", document: null } },
      [],
    );
    expect(shown).toEqual({
      phone: {
        text: "Special schools phone directory (Punch)",
        href: "https://www.punchng.com/special-schools-phone-directory",
      },
    });
  });

  it("is left out when it is one of the record's general sources, which the page lists anyway", () => {
    expect(
      fieldSourcesToShow({ phone: { url: "https://example.ng/list", document: null } }, [
        "https://example.ng/list",
      ]),
    ).toEqual({});
  });

  it("names an uploaded document by its title and publisher, linked on this site", () => {
    const shown = fieldSourcesToShow(
      {
        "law.status": {
          url: null,
          document: {
            id: "d1",
            fileName: "lagos-law.pdf",
            title: "Lagos Disability Law",
            publisher: "Lagos State",
          },
        },
      },
      [],
    );
    expect(shown["law.status"]).toEqual({
      text: "Lagos Disability Law (Lagos State)",
      href: "/documents/d1/lagos-law.pdf",
    });
  });

  it("shows an address that is not a web page as text, unlinked", () => {
    expect(
      fieldSourcesToShow({ phone: { url: "ftp://files.example.ng/a.txt", document: null } }, []),
    ).toEqual({
      phone: { text: "ftp://files.example.ng/a.txt", href: null },
    });
  });

  it("finds a fact's source by its field or a field within it", () => {
    const shown = { "law.year": { text: "Gazette", href: null } };
    expect(sourceOfFields(shown, ["status", "law"])).toEqual({ text: "Gazette", href: null });
    expect(sourceOfFields(shown, ["ranking"])).toBeNull();
  });
});
