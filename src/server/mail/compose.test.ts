import { describe, expect, it } from "vitest";
import { verificationEmail } from "../accounts/emails";
import { greeting } from "./compose";

// A name is typed by whoever registers, maybe not the address's owner: in an e-mail it must never
// become a link the mail client shows, or a new line of the message.

describe("names in e-mails", () => {
  it("greet by name when the name is plain text", () => {
    expect(greeting("Ada")).toBe("Hello Ada,");
    expect(greeting("Ọlámídé")).toBe("Hello Ọlámídé,");
  });

  it("never put a link-like name or a line break into the message", () => {
    for (const name of ["evil.example", "www.evil", "http://x", "ada@evil.ng", "Win at prize.com now"]) {
      expect(greeting(name), name).toBe("Hello,");
    }
    expect(greeting("Ada\nClick https://evil.example")).toBe("Hello,");
    expect(greeting("Ada\u2028Obi")).toBe("Hello Ada Obi,");
    const mail = verificationEmail(
      { email: "victim@example.org", firstname: "Visit evil.example\r\nto verify" },
      "https://atlas.example",
      "token",
    );
    expect(mail.text).not.toContain("evil.example");
    expect(mail.html).not.toContain("evil.example");
    expect(mail.text.startsWith("Verify your e-mail address\n\nHello,\n\n")).toBe(true);
  });
});
