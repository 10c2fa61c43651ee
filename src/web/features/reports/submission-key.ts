// The key every try of one report carries (the Idempotency-Key header): the server stores a report once
// per key and reporter, so a retry after a lost answer never makes a second one.

/** A new idempotency key for one report: a random UUID (random hex where randomUUID is missing). */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}
