import { describe, expect, it } from "vitest";
import {
  disabilityGroupsText,
  isEmailAddress,
  phoneNumbers,
  schoolLocationText,
  schoolTypesText,
  sourceSiteName,
  websiteHref,
  websiteText,
} from "./school-facts";
import { i18nFor } from "../../i18n/runtime";

const t = (id: string, values?: Record<string, unknown>) => i18nFor("en")._(id, values);

describe("school facts", () => {
  it("adds https:// to a website recorded without its scheme", () => {
    expect(websiteHref("www.example.org")).toBe("https://www.example.org");
    expect(websiteHref("  example.org.ng/school ")).toBe("https://example.org.ng/school");
  });

  it("keeps a website that already has its scheme", () => {
    expect(websiteHref("https://example.org")).toBe("https://example.org");
    expect(websiteHref("http://example.org")).toBe("http://example.org");
  });

  it("gives no link for an empty or unusable website", () => {
    expect(websiteHref("")).toBeNull();
    expect(websiteHref("   ")).toBeNull();
    expect(websiteHref("not a website")).toBeNull();
  });

  it("shows a website without scheme or trailing slash", () => {
    expect(websiteText("https://www.example.org/")).toBe("www.example.org");
  });

  it("names a source by its site", () => {
    expect(sourceSiteName("https://www.saharareporters.com/2019/12/31/story")).toBe("saharareporters.com");
  });

  it("tells an e-mail address from a phone number", () => {
    expect(isEmailAddress("info@school.org.ng")).toBe(true);
    expect(isEmailAddress("08035613745")).toBe(false);
    expect(isEmailAddress("")).toBe(false);
  });

  it("splits phone numbers and makes each dialable", () => {
    expect(phoneNumbers("+234 803 400 5532; 08035613745")).toEqual([
      { text: "+234 803 400 5532", href: "tel:+2348034005532" },
      { text: "08035613745", href: "tel:08035613745" },
    ]);
    expect(phoneNumbers("")).toEqual([]);
    expect(phoneNumbers("ask at the gate")).toEqual([{ text: "ask at the gate", href: null }]);
  });

  it("capitalises school types and disability groups in their recorded order", () => {
    expect(schoolTypesText(t, ["special", "primary"])).toBe("Special, Primary");
    expect(schoolTypesText(t, [])).toBe("");
    expect(disabilityGroupsText(t, ["hearing", "visual"])).toBe("Hearing, Visual");
  });

  it("joins the town and the state, whichever are recorded", () => {
    expect(schoolLocationText("Umuahia", "Abia")).toBe("Umuahia, Abia");
    expect(schoolLocationText(" ", " Lagos ")).toBe("Lagos");
    expect(schoolLocationText("", "")).toBe("");
  });
});
