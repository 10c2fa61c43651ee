import { describe, expect, it } from "vitest";
import { addressWithoutSecrets } from "./routes";

const languages = ["en", "ha", "ig", "pcm", "yo"];

describe("addressWithoutSecrets", () => {
  const token = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

  it("keeps an ordinary page's address and query as they are", () => {
    expect(addressWithoutSecrets("/ha/states/25", "", languages)).toBe("/ha/states/25");
    expect(addressWithoutSecrets("/yo", "?state=kano", languages)).toBe("/yo?state=kano");
    expect(addressWithoutSecrets("/schools/7", "", languages)).toBe("/schools/7");
  });

  it("leaves out an e-mailed link's token, in the path or the query, in any language", () => {
    expect(addressWithoutSecrets(`/reset-password/${token}`, "", languages)).toBe("/reset-password");
    expect(addressWithoutSecrets(`/ig/verify-email/${token}`, "", languages)).toBe("/ig/verify-email");
    expect(addressWithoutSecrets("/ha/verify-email", `?token=${token}`, languages)).toBe("/ha/verify-email");
    expect(addressWithoutSecrets("/pcm/reset-password", "", languages)).toBe("/pcm/reset-password");
  });
});
