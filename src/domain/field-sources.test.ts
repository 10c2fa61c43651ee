import { describe, expect, it } from "vitest";
import { fieldSourcesToShow, sourceOfFields, type FieldSource } from "./field-sources";

const address = (url: string, details: Partial<FieldSource> = {}): FieldSource => ({
  url,
  title: null,
  publisher: null,
  read: null,
  document: null,
  ...details,
});

describe("a field's own source", () => {
  it("reads as the title and publisher the change gave, with the day it was read", () => {
    const shown = fieldSourcesToShow(
      {
        phone: address("https://www.punchng.com/special-schools-phone-directory", {
          title: "Phone numbers of the special schools",
          publisher: "The Punch",
          read: "2026-11-03",
        }),
      },
      "en",
    );
    expect(shown).toEqual({
      phone: {
        text: "Phone numbers of the special schools (The Punch)",
        href: "https://www.punchng.com/special-schools-phone-directory",
        read: "3 November 2026",
      },
    });
  });

  it("reads as the address's own words when an older change gave only the address, never a bare domain", () => {
    const shown = fieldSourcesToShow(
      { phone: address("https://www.punchng.com/special-schools-phone-directory") },
      "en",
    );
    expect(shown).toEqual({
      phone: {
        text: "Special schools phone directory (Punch)",
        href: "https://www.punchng.com/special-schools-phone-directory",
        read: null,
      },
    });
  });

  it("is shown even when the record lists it among its sources, to say which one backs the fact", () => {
    expect(fieldSourcesToShow({ phone: address("https://example.ng/list") }, "en").phone?.href).toBe(
      "https://example.ng/list",
    );
  });

  it("names an uploaded document by its title and publisher, linked on this site, with its date", () => {
    const shown = fieldSourcesToShow(
      {
        "law.status": address("", {
          url: null,
          document: {
            id: "d1",
            fileName: "lagos-law.pdf",
            title: "Lagos Disability Law",
            publisher: "Lagos State",
            date: "2011-05-26",
          },
        }),
      },
      "en",
    );
    expect(shown["law.status"]).toEqual({
      text: "Lagos Disability Law (Lagos State)",
      href: "/documents/d1/lagos-law.pdf",
      read: "26 May 2011",
    });
  });

  it("shows an address that is not a web page as text, unlinked", () => {
    expect(fieldSourcesToShow({ phone: address("ftp://files.example.ng/a.txt") }, "en")).toEqual({
      phone: { text: "ftp://files.example.ng/a.txt", href: null, read: null },
    });
  });

  it("finds a fact's source by its field or a field within it", () => {
    const shown = { "law.year": { text: "Gazette", href: null } };
    expect(sourceOfFields(shown, ["status", "law"])).toEqual({ text: "Gazette", href: null });
    expect(sourceOfFields(shown, ["ranking"])).toBeNull();
  });
});
