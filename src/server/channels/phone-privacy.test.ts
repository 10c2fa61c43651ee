import { describe, expect, it } from "vitest";
import { decryptPhone, encryptPhone, normalizePhone, phoneHash, phoneKeysFrom } from "./phone-privacy";

const keys = phoneKeysFrom({ hashSecret: "h".repeat(32), encryptionSecret: "e".repeat(32) });
const otherKeys = phoneKeysFrom({ hashSecret: "x".repeat(32), encryptionSecret: "y".repeat(32) });

describe("a phone number's privacy", () => {
  it("hashes the same person's number alike however it is written, and differently under another key", () => {
    expect(normalizePhone("0803 123 4567")).toBe("+2348031234567");
    const hash = phoneHash(keys, "+234 803 123 4567");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(phoneHash(keys, "08031234567")).toBe(hash);
    expect(phoneHash(keys, "2348031234567")).toBe(hash);
    expect(phoneHash(otherKeys, "08031234567")).not.toBe(hash);
  });

  it("seals a number so only the key opens it, and refuses an altered one", () => {
    const sealed = encryptPhone(keys, "08031234567");
    expect(sealed).not.toContain("8031234567");
    expect(encryptPhone(keys, "08031234567")).not.toBe(sealed);
    expect(decryptPhone(keys, sealed)).toBe("+2348031234567");
    expect(() => decryptPhone(otherKeys, sealed)).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("+2348099999999").toString("base64url");
    expect(() => decryptPhone(keys, parts.join("."))).toThrow();
  });
});
