import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";

// A phone reporter's number is personal data that could expose them. It is kept in two forms only:
// a keyed hash (HMAC-SHA-256), which links a person's repeat reports and counts their limits but cannot
// be reversed without the key, and — only while a reply is due — the number encrypted with AES-256-GCM.
// Both keys come from the environment (CHANNELS_PHONE_HASH_KEY, CHANNELS_PHONE_ENCRYPTION_KEY), so a copy
// of the database alone reveals no number.

export interface PhoneKeys {
  /** HMAC key of the phone hash. */
  hashKey: Buffer;
  /** 32-byte AES-256-GCM key of the numbers awaiting a reply. */
  encryptionKey: Buffer;
}

/** Keys from the configured secrets: each secret is stretched to 32 bytes with its own label. */
export function phoneKeysFrom(secrets: { hashSecret: string; encryptionSecret: string }): PhoneKeys {
  const derive = (label: string, secret: string) =>
    createHash("sha256").update(`inclusion-atlas/${label}\0`).update(secret).digest();
  return {
    hashKey: derive("phone-hash", secrets.hashSecret),
    encryptionKey: derive("phone-encryption", secrets.encryptionSecret),
  };
}

/**
 * The number in one international form, so "0803 123 4567", "+2348031234567" and "2348031234567" are the
 * same person: digits only, a Nigerian national number (leading 0) given the country code 234.
 */
export function normalizePhone(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  if (/^0\d{10}$/.test(digits)) return `+234${digits.slice(1)}`;
  return `+${digits}`;
}

/** The keyed hash of a number, hex: what the database keeps to link reports and apply limits. */
export function phoneHash(keys: PhoneKeys, raw: string): string {
  return createHmac("sha256", keys.hashKey).update(normalizePhone(raw)).digest("hex");
}

const VERSION = "v1";

/** The number sealed for the reply: "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function encryptPhone(keys: PhoneKeys, raw: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.encryptionKey, iv);
  const sealed = Buffer.concat([cipher.update(normalizePhone(raw), "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The number back, for the moment of sending; throws when the value was altered or the key is another. */
export function decryptPhone(keys: PhoneKeys, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("not a sealed phone number");
  const decipher = createDecipheriv("aes-256-gcm", keys.encryptionKey, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
