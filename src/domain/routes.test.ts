import { describe, expect, it } from "vitest";
import { addressWithoutSecrets } from "./routes";

describe("addressWithoutSecrets", () => {
  const token = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

  it("keeps an ordinary page's address and query as they are", () => {
    expect(addressWithoutSecrets("/ha/states/25", "")).toBe("/ha/states/25");
    expect(addressWithoutSecrets("/yo", "?state=kano")).toBe("/yo?state=kano");
    expect(addressWithoutSecrets("/schools/7", "")).toBe("/schools/7");
  });

  it("leaves out an e-mailed link's token, in the path or the query, in any language", () => {
    expect(addressWithoutSecrets(`/reset-password/${token}`, "")).toBe("/reset-password");
    expect(addressWithoutSecrets(`/ig/verify-email/${token}`, "")).toBe("/ig/verify-email");
    expect(addressWithoutSecrets("/ha/verify-email", `?token=${token}`)).toBe("/ha/verify-email");
    expect(addressWithoutSecrets("/pcm/reset-password", "")).toBe("/pcm/reset-password");
    // The router matches paths in any case, its language prefix included.
    expect(addressWithoutSecrets(`/HA/Reset-Password/${token}`, "")).toBe("/HA/Reset-Password");
    expect(addressWithoutSecrets(`/Verify-Email`, `?token=${token}`)).toBe("/Verify-Email");
  });
});
