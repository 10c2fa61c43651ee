import { describe, expect, it } from "vitest";
import { isCitableWebAddress, isWebAddress } from "./web-address";

describe("isWebAddress", () => {
  it.each([
    "https://punchng.com/kano-signs-disability-law",
    "http://lagosstate.gov.ng/office",
    "HTTPS://LAGOSSTATE.GOV.NG",
  ])("accepts the http(s) address %s", (address) => {
    expect(isWebAddress(address)).toBe(true);
  });

  it.each([
    ["another scheme", "ftp://example.org/law.pdf"],
    ["a script", "javascript:alert(1)"],
    ["a relative path", "/documents/0b9d2f4e-8c1a-4e57-9a3b-6f2d1c0e7a55"],
    ["an address without its scheme", "example.org/law"],
    ["nothing", ""],
    // A browser would read these, but they are not written out in full.
    ["one slash", "https:/example.org"],
    ["no slashes", "http:example.org"],
    ["a leading space", " https://example.org"],
    // Written out in full, but no browser can read them.
    ["no host", "https://"],
    ["a space in the host", "https://exa mple.org"],
    ["a broken escape in the host", "http://%zz"],
  ])("refuses %s (%j)", (_case, address) => {
    expect(isWebAddress(address)).toBe(false);
  });

  it("refuses no address at all", () => {
    expect(isWebAddress(null)).toBe(false);
    expect(isWebAddress(undefined)).toBe(false);
  });
});

describe("isCitableWebAddress", () => {
  it.each(["https://punchng.com/kano-signs-disability-law", "http://lagosstate.gov.ng/office"])(
    "accepts the address of a site on the web, %s",
    (address) => {
      expect(isCitableWebAddress(address)).toBe(true);
    },
  );

  it.each([
    ["a host without a dot", "http://localhost/law"],
    ["a bare name", "https://intranet/law"],
    ["another scheme", "ftp://example.org/law.pdf"],
    ["a script", "javascript:alert(1)"],
    ["no address", "example.org/law"],
    ["nothing", ""],
  ])("refuses %s (%j)", (_case, address) => {
    expect(isCitableWebAddress(address)).toBe(false);
  });
});
