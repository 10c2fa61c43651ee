import { commonPasswordsExact, commonPasswordWords } from "./common-passwords";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordRuleId } from "./password-limits";

export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordRuleIds,
  type PasswordRuleId,
} from "./password-limits";

// The password rule (docs/architecture.md), one copy for the registration and reset forms' live hints and
// for the server, which enforces it. Lengths count characters as typed (code points), so a password of
// emoji or accented letters is measured the way its owner sees it.

export interface PasswordRule {
  id: PasswordRuleId;
  /** Shown beside the field while typing, e.g. "At least 8 characters". */
  hint: string;
  /** Completes "Your password needs …" in a message that lists what is missing. */
  need: string;
  isMet(password: string): boolean;
}

export const passwordRules: readonly PasswordRule[] = [
  {
    id: "length",
    hint: `At least ${PASSWORD_MIN_LENGTH} characters`,
    need: `at least ${PASSWORD_MIN_LENGTH} characters`,
    isMet: (password) => characterCount(password) >= PASSWORD_MIN_LENGTH,
  },
  {
    id: "uppercase",
    hint: "An uppercase letter (A–Z)",
    need: "an uppercase letter",
    isMet: (password) => /\p{Lu}/u.test(password),
  },
  {
    id: "lowercase",
    hint: "A lowercase letter (a–z)",
    need: "a lowercase letter",
    isMet: (password) => /\p{Ll}/u.test(password),
  },
  {
    id: "digit",
    hint: "A number (0–9)",
    need: "a number",
    isMet: (password) => /\p{Nd}/u.test(password),
  },
  {
    id: "special",
    hint: "A special character, such as ! @ # $ or %",
    need: "a special character such as ! @ # $ or %",
    // Anything that is neither a letter, a digit nor a space counts: punctuation, symbols, emoji.
    isMet: (password) => /[^\p{L}\p{N}\s]/u.test(password),
  },
];

export type PasswordProblem = PasswordRuleId | "tooLong" | "common";

export interface PasswordCheck {
  valid: boolean;
  /** Every rule with whether it is met, in display order: what live hints render. */
  rules: { id: PasswordRuleId; hint: string; met: boolean }[];
  problems: PasswordProblem[];
}

export function checkPassword(password: string): PasswordCheck {
  const rules = passwordRules.map((rule) => ({ id: rule.id, hint: rule.hint, met: rule.isMet(password) }));
  const problems: PasswordProblem[] = rules.filter((rule) => !rule.met).map((rule) => rule.id);
  if (characterCount(password) > PASSWORD_MAX_LENGTH) problems.push("tooLong");
  // A common password only matters once the rest is right; saying so earlier would confuse.
  if (problems.length === 0 && isCommonPassword(password)) problems.push("common");
  return { valid: problems.length === 0, rules, problems };
}

export const passwordMessages = {
  tooLong: `Your password is too long. Please use at most ${PASSWORD_MAX_LENGTH} characters.`,
  personal:
    "Your password must not contain your e-mail address or your name. Please choose one that is harder to guess.",
  common: "This password is too common and easy to guess. Please choose one that is harder to guess.",
  // Why a password is easy to guess, from the strength check (password-strength.ts).
  siteName:
    "This password is too easy to guess: it is built on the site's name. Please choose one that is harder to guess.",
  emailAddress:
    "This password is too easy to guess: it is built on your e-mail address. Please choose one that is harder to guess.",
  pattern:
    "This password is too easy to guess: it follows a simple pattern. Please choose one that is harder to guess.",
  guessable:
    "This password is too easy to guess. Please make it longer, for example with a few words that belong together only for you.",
} as const;

/** Why a password is refused, by name: one of passwordMessages', or the character rules it misses. */
export type PasswordWeakness =
  { name: keyof typeof passwordMessages } | { name: "missingRules"; missing: PasswordRuleId[] };

/** The first reason a person must change the password, or null when it is acceptable. */
export function passwordWeakness(password: string): PasswordWeakness | null {
  const { problems } = checkPassword(password);
  if (problems.includes("tooLong")) return { name: "tooLong" };
  if (problems.includes("common")) return { name: "common" };
  const missing = passwordRules.map((rule) => rule.id).filter((id) => problems.includes(id));
  return missing.length === 0 ? null : { name: "missingRules", missing };
}

/** The English sentence for a weakness (the API's `message`; the web app says it from its key). */
export function weaknessMessage(weakness: PasswordWeakness): string {
  return weakness.name === "missingRules"
    ? (describeMissingRules(weakness.missing) ?? "")
    : passwordMessages[weakness.name];
}

/** One sentence a person can act on, or null when the password is acceptable. */
export function describePasswordProblems(password: string): string | null {
  const weakness = passwordWeakness(password);
  return weakness && weaknessMessage(weakness);
}

/**
 * The sentence for rules a password does not meet, in display order ("Your password needs a number."), or
 * null for none.
 */
export function describeMissingRules(missing: readonly string[]): string | null {
  const needs = passwordRules.filter((rule) => missing.includes(rule.id)).map((rule) => rule.need);
  return needs.length === 0 ? null : `Your password needs ${joinWithAnd(needs)}.`;
}

const leetLetters: Record<string, string> = {
  "@": "a",
  "4": "a",
  "8": "b",
  "3": "e",
  "9": "g",
  "!": "i",
  "0": "o",
  $: "s",
  "5": "s",
  "7": "t",
  "+": "t",
};

/**
 * True for the passwords attackers try first: a listed sequence as written, or a listed word dressed up
 * with capitals, surrounding digits and symbols, separators and the usual symbol-for-letter swaps.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize("NFKC").toLowerCase();
  if (commonPasswordsExact.has(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "").replace(/[\s._-]+/g, "");
  if (core === "") return false;
  const swapped = [...core].map((character) => leetLetters[character] ?? character).join("");
  return [core, swapped.replaceAll("1", "i"), swapped.replaceAll("1", "l")].some((candidate) =>
    commonPasswordWords.has(candidate),
  );
}

/** What a person's password must not contain: their e-mail address's local part and their names. */
export interface PasswordOwner {
  email?: string;
  names?: string[];
}

/** Parts shorter than this are too common inside words to refuse ("al", "jo"). */
const PERSONAL_PART_MIN_LENGTH = 3;

/** True when the password contains the e-mail's local part or one of the names, ignoring case. */
export function containsPersonalDetails(password: string, owner: PasswordOwner): boolean {
  const lower = password.normalize("NFKC").toLowerCase();
  const localPart = owner.email?.split("@")[0] ?? "";
  const parts = [localPart, ...(owner.names ?? [])]
    .map((part) => part.normalize("NFKC").toLowerCase().trim())
    .filter((part) => characterCount(part) >= PERSONAL_PART_MIN_LENGTH);
  return parts.some((part) => lower.includes(part));
}

/** passwordWeakness, and also whether it holds the owner's e-mail or name. */
export function ownPasswordWeakness(password: string, owner: PasswordOwner): PasswordWeakness | null {
  return (
    passwordWeakness(password) ?? (containsPersonalDetails(password, owner) ? { name: "personal" } : null)
  );
}

/** describePasswordProblems, and also whether it holds the owner's e-mail or name. */
export function describeOwnPasswordProblems(password: string, owner: PasswordOwner): string | null {
  const weakness = ownPasswordWeakness(password, owner);
  return weakness && weaknessMessage(weakness);
}

function characterCount(text: string): number {
  return [...text].length;
}

function joinWithAnd(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
