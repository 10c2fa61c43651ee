import { dictionary } from "@zxcvbn-ts/language-common";

// The 10,000 most common passwords, from the list zxcvbn-ts maintains (ordered by how often each
// appears in leaked password sets). Checked on the server only: the list is too large for the web app,
// whose forms show the shared character rules (src/domain/accounts/password-policy.ts) as hints.

export const COMMON_PASSWORD_COUNT = 10_000;

const commonPasswords: ReadonlySet<string> = new Set(
  dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT).map((password) => password.toLowerCase()),
);

/** True when the password, ignoring case, is one of the 10,000 most common. */
export function isAmongMostCommonPasswords(password: string): boolean {
  return commonPasswords.has(password.normalize("NFKC").toLowerCase());
}

export const commonPasswordListSize = commonPasswords.size;
