import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { readCatalogue, readLanguages } from "../../i18n/catalogue-files";
import { passwordChangedEmail, verificationEmail } from "../accounts/emails";
import { decisionEmail } from "../reports/review-emails";
import { EMAIL_NAMESPACE, greeting } from "./compose";

// The e-mails' catalogue (src/i18n/catalogues/<language>/email.json): complete in every language, each
// message valid ICU with English's placeholders, in composed (NFC) letters; and e-mails built from it.

const english = readCatalogue("en", EMAIL_NAMESPACE);
const others = readLanguages()
  .map((language) => language.code)
  .filter((code) => code !== "en");
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the e-mail catalogue", () => {
  it.each(others)("has every English message in %s, with the same placeholders, in NFC", (code) => {
    const catalogue = readCatalogue(code, EMAIL_NAMESPACE);
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
    for (const [key, message] of Object.entries(catalogue)) {
      expect(message.trim(), key).not.toBe("");
      expect(() => compileMessageOrThrow(message), key).not.toThrow();
      expect(placeholders(message), key).toEqual(placeholders(english[key]!));
      expect(message, key).toBe(message.normalize("NFC"));
    }
  });
});

describe("e-mails in a language", () => {
  it("greet in the language, and still never put a link-like name into the message", () => {
    expect(greeting("Ọlámídé", "ig")).toBe("Ndeewo Ọlámídé,");
    expect(greeting("evil.example", "ha")).toBe("Sannu,");
  });

  it("write the frame (the copy hint, the signature) in the language", () => {
    const mail = passwordChangedEmail(
      { email: "bola@example.org", firstname: "Bola", language: "pcm" },
      "https://atlas.example",
    );
    const pidgin = readCatalogue("pcm", EMAIL_NAMESPACE);
    expect(mail.subject).toBe(pidgin["passwordChanged.subject"]);
    expect(mail.text).toContain("https://atlas.example/pcm/forgot-password");
    expect(mail.text.endsWith(pidgin["signature"]!)).toBe(true);
    expect(mail.html).toContain('<html lang="pcm">');
    expect(mail.html).toContain(
      "Or copy dis address put for your browser: https://atlas.example/pcm/forgot-password",
    );
  });

  it("fall back to English for a language the site does not have", () => {
    const mail = verificationEmail(
      { email: "a@example.org", firstname: "Ada", language: "zz" },
      "https://atlas.example",
      "token-value",
    );
    expect(mail.subject).toBe(english["verification.subject"]);
  });

  it("tell a reporter about a decision in their language, with the date in it and the link in it", () => {
    const mail = decisionEmail(
      {
        reporter: { email: "amina@example.org", firstname: "Aminat", language: "yo" },
        commentType: "barrier",
        comment: "Àtẹ̀gùn ilé-ìwé kò ní ọ̀nà fún kẹ̀kẹ́ arọ.",
        publicComment: "Àtẹ̀gùn ilé-ìwé kò ní ọ̀nà fún kẹ̀kẹ́ arọ.",
        blurredPhotos: 0,
        hiddenMedia: 0,
        createdAt: new Date("2026-03-01T09:00:00.000Z"),
        showFirstName: true,
      },
      { from: "pending", to: "verified", note: null },
      "https://atlas.example",
    );
    const yoruba = readCatalogue("yo", EMAIL_NAMESPACE);
    expect(mail.subject).toBe(yoruba["decision.verified.subject"]);
    expect(mail.text).toContain("A dúpẹ́ fún ìròyìn ìdènà tí ẹ fi ránṣẹ́ ní ");
    expect(mail.text).toContain(yoruba["decision.verified.showsFirstName"]);
    expect(mail.text).toContain(yoruba["decision.verified.withdraw"]);
    // Nothing was changed: nothing is said about changes.
    expect(mail.text).not.toContain("Àwọn ará ìlú ń kà");
    expect(mail.text).toContain("https://atlas.example/yo/dashboard/my-reports");
    expect(mail.html).toContain('<html lang="yo">');
  });

  it("tell a reporter, in their language, what a moderator changed before publishing", () => {
    const mail = decisionEmail(
      {
        reporter: { email: "hauwa@example.org", firstname: "Hauwa", language: "ha" },
        commentType: "barrier",
        comment: "No ramp at General Hospital Kawo. Call 0803 123 4567.",
        publicComment: "No ramp at [removed]. Call [removed].",
        blurredPhotos: 2,
        hiddenMedia: 1,
        createdAt: new Date("2026-03-01T09:00:00.000Z"),
        showFirstName: false,
      },
      { from: "pending", to: "verified", note: null },
      "https://atlas.example",
    );
    expect(mail.text).toContain("Jama'a suna karanta: “No ramp at [removed]. Call [removed].”");
    expect(mail.text).toContain("An ɓata wasu sassan hotuna 2.");
    expect(mail.text).toContain("Ba a nuna wa jama'a hoto ko bidiyo 1 ba.");
  });
});
