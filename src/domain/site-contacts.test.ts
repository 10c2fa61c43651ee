import { describe, expect, it } from "vitest";
import { siteContactsFromEnv, telHref } from "./site-contacts";

describe("siteContactsFromEnv", () => {
  it("shows nothing when nothing is set", () => {
    expect(siteContactsFromEnv({})).toEqual({ email: "", phone: "", social: [] });
  });

  it("takes the e-mail, phone and the social links that are set, in a fixed order", () => {
    expect(
      siteContactsFromEnv({
        SITE_CONTACT_EMAIL: " info@atlas.org.ng ",
        SITE_CONTACT_PHONE: "+234 803 000 1234",
        SITE_YOUTUBE_URL: "https://www.youtube.com/@inclusionatlas",
        SITE_FACEBOOK_URL: "https://www.facebook.com/inclusionatlas",
      }),
    ).toEqual({
      email: "info@atlas.org.ng",
      phone: "+234 803 000 1234",
      social: [
        { name: "Facebook", url: "https://www.facebook.com/inclusionatlas" },
        { name: "YouTube", url: "https://www.youtube.com/@inclusionatlas" },
      ],
    });
    expect(telHref("+234 803 000 1234")).toBe("tel:+2348030001234");
  });

  it("refuses a bad value, naming the variable", () => {
    expect(() => siteContactsFromEnv({ SITE_CONTACT_EMAIL: "contact" })).toThrow(/SITE_CONTACT_EMAIL/);
    expect(() => siteContactsFromEnv({ SITE_CONTACT_PHONE: "call us" })).toThrow(/SITE_CONTACT_PHONE/);
    expect(() => siteContactsFromEnv({ SITE_X_URL: "x.com/atlas" })).toThrow(/SITE_X_URL/);
    expect(() => siteContactsFromEnv({ SITE_X_URL: "http://x.com/atlas" })).toThrow(/https/);
    expect(() => siteContactsFromEnv({ SITE_LINKEDIN_URL: "https://www.linkedin.com/" })).toThrow(
      /not the network's home page/,
    );
  });
});
