import { createHash, randomBytes } from "node:crypto";

// Bearer, verification and reset tokens (docs/architecture.md): 256 random bits, sent to the user once; only their
// SHA-256 is stored, so a copy of the database cannot be used to sign in or to take over an account.

export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
