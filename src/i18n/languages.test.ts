import { describe, expect, it } from "vitest";
import { languageOfPath, localizePath, withoutLanguage } from "./languages";

const codes = ["en", "ha", "yo", "ig", "pcm"];

describe("languages in paths", () => {
  it("reads the language from the first segment; English has no prefix", () => {
    expect(languageOfPath("/ha/states/25", codes)).toBe("ha");
    expect(languageOfPath("/pcm", codes)).toBe("pcm");
    expect(languageOfPath("/yo/", codes)).toBe("yo");
    expect(languageOfPath("/states/25", codes)).toBe("en");
    expect(languageOfPath("/", codes)).toBe("en");
    // Only whole segments: "/hausa" and "/en/…" are not language prefixes.
    expect(languageOfPath("/hausa", codes)).toBe("en");
    expect(languageOfPath("/en/states", codes)).toBe("en");
  });

  it("removes and adds the prefix, a query or hash kept", () => {
    expect(withoutLanguage("/ha/states/25", codes)).toBe("/states/25");
    expect(withoutLanguage("/ha", codes)).toBe("/");
    expect(withoutLanguage("/ha/", codes)).toBe("/");
    expect(withoutLanguage("/about", codes)).toBe("/about");
    expect(localizePath("/states/25", "ig")).toBe("/ig/states/25");
    expect(localizePath("/", "yo")).toBe("/yo");
    expect(localizePath("/?state=kano", "ha")).toBe("/ha?state=kano");
    expect(localizePath("/#map", "ha")).toBe("/ha#map");
    expect(localizePath("/states/25", "en")).toBe("/states/25");
    expect(localizePath("https://example.org/", "ha")).toBe("https://example.org/");
  });
});
