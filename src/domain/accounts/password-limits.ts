// The password rule's figures and the order its parts are named in: all a refusal's sentence needs. The
// rule's code and the common passwords (password-policy.ts) stay with the account forms and the server;
// a page that only says why something failed (a correction on a state page) does not load them.

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase; the cap only keeps hashing cheap for absurd inputs. */
export const PASSWORD_MAX_LENGTH = 256;

/** The character rules, in the order hints and refusals name them. */
export const passwordRuleIds = ["length", "uppercase", "lowercase", "digit", "special"] as const;

export type PasswordRuleId = (typeof passwordRuleIds)[number];
