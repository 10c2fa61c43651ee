import { ZxcvbnFactory, type MatchExtended } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN_LENGTH, passwordMessages, type PasswordOwner } from "./password-policy";

// How hard a new password is to guess, estimated the way password crackers guess: zxcvbn-ts, with its
// lists of common passwords and words and its keyboard layouts, and the words an attacker of this site
// tries first (the site's name, the country, the subject) and the owner's own details. The character
// rules (password-policy.ts) let through "Inclusion!Atlas1", "Example.test1!" (for an address at
// example.test) and "Aa1!aaaa"; this check refuses them and says why.
//
// The server checks every new password with it. The lists weigh about 240 KB gzipped, so the web app
// loads this module only when a form is about to use it (a dynamic import): public pages do not grow.

/**
 * zxcvbn's score (0–4) a new password needs: 3 means more than 10^8 guesses, "safely unguessable" in
 * zxcvbn's words (some protection even when a stolen hash is attacked offline).
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The one exception: a password of the minimum length (8) in which zxcvbn recognises nothing (no word,
 * name, date or pattern: only "bruteforce") is estimated at exactly 10^8 guesses and scores 2. The form
 * tells people "At least 8 characters", and such a password can only be found by trying every
 * combination, which the sign-in limits make impractical online and argon2id slows offline; refusing it
 * would make the stated minimum untrue.
 */
function isUnrecognisedAtMinimumLength(scored: string, sequence: MatchExtended[], score: number): boolean {
  return (
    score === MIN_PASSWORD_SCORE - 1 &&
    [...scored].length >= PASSWORD_MIN_LENGTH &&
    sequence.every((match) => match.pattern === "bruteforce")
  );
}

/**
 * Only the first 64 characters are scored. zxcvbn's work grows faster than the length (for repeated
 * symbols, tens of milliseconds at 64 characters, hundreds at 256), and a longer password is judged by
 * its first 64 characters: more characters after them never make it weaker.
 */
export const SCORED_LENGTH = 64;

/** What an attacker of this site tries first, whoever the person is. */
export const siteWords = ["inclusion atlas", "inclusionatlas", "inclusion", "atlas", "nigeria", "disability"];

/** Parts of the owner's details shorter than this are too common inside words to count. */
const OWN_WORD_MIN_LENGTH = 3;

const SITE_DICTIONARY = "site";
const patternKinds = new Set(["repeat", "sequence", "spatial", "date", "regex"]);

let checker: ZxcvbnFactory | undefined;

/** Built on first use: ranking the lists takes about 50 ms, which only a new password needs. */
function strengthChecker(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...dictionary, [SITE_DICTIONARY]: siteWords },
    graphs: adjacencyGraphs,
    maxLength: SCORED_LENGTH,
    // Trying every symbol-for-letter swap of a long run of symbols costs hundreds of milliseconds; 5
    // swaps still find "P@$$w0rd", and the site's words are looked for with every swap undone
    // (findKnownWords).
    l33tMaxSubstitutions: 5,
  });
  return checker;
}

const lower = (text: string) => text.normalize("NFKC").toLowerCase().trim();
const longEnough = (word: string) => [...word].length >= OWN_WORD_MIN_LENGTH;

/**
 * The owner's words an attacker would try: the e-mail's local part and its pieces, the domain and its
 * labels but the last ("com", "ng": too short and common to mean anything), the names and their pieces.
 */
function ownWords(owner: PasswordOwner): { email: string[]; names: string[] } {
  const address = lower(owner.email ?? "");
  const at = address.lastIndexOf("@");
  const [localPart, domain] = at < 0 ? [address, ""] : [address.slice(0, at), address.slice(at + 1)];
  const labels = domain.split(".").slice(0, -1);
  const email = [localPart, ...localPart.split(/[._+-]+/), domain, ...labels];
  const names = (owner.names ?? []).map(lower).flatMap((name) => [name, ...name.split(/[\s'’-]+/)]);
  return { email: [...new Set(email.filter(longEnough))], names: [...new Set(names.filter(longEnough))] };
}

interface KnownWords {
  site: boolean;
  email: boolean;
  name: boolean;
  /** The password without them: what an attacker who knows them still has to guess. */
  remainder: string;
}

/** The usual symbol-for-letter swaps; "1" stands for an i or an l, so both are tried. */
const swaps: Record<string, string> = {
  "4": "a",
  "@": "a",
  "3": "e",
  "0": "o",
  $: "s",
  "5": "s",
  "7": "t",
  "+": "t",
  "!": "i",
};

/** One folded character per character typed (lower case, swaps undone), so positions stay the same. */
function fold(characters: string[], one: "i" | "l"): string[] {
  return characters.map((character) => {
    const small = character.toLowerCase();
    if ([...small].length !== 1) return character;
    return small === "1" || small === "|" ? one : (swaps[small] ?? small);
  });
}

/**
 * Which of the site's and owner's words the password holds, ignoring case and the usual swaps
 * ("Inclu$ion", "Atl4s"), and the rest of it.
 */
function findKnownWords(password: string, own: { email: string[]; names: string[] }): KnownWords {
  const characters = [...password];
  const covered = new Array<boolean>(characters.length).fill(false);
  const kinds = [
    ["site", siteWords],
    ["email", own.email],
    ["name", own.names],
  ] as const;
  const found = { site: false, email: false, name: false };
  for (const one of ["i", "l"] as const) {
    const folded = fold(characters, one);
    for (const [kind, words] of kinds) {
      for (const word of words) {
        const target = fold([...word], one);
        for (let start = 0; start + target.length <= folded.length; start++) {
          if (target.every((character, offset) => folded[start + offset] === character)) {
            found[kind] = true;
            covered.fill(true, start, start + target.length);
          }
        }
      }
    }
  }
  const remainder = characters.filter((_, index) => !covered[index]).join("");
  return { ...found, remainder };
}

/** The reason the password is built on known words, from what it holds and what zxcvbn matched. */
function knownWordsWeakness(
  found: KnownWords,
  matches: MatchExtended[],
  own: { email: string[] },
): GuessableWeakness | null {
  const dictionaryMatches = matches.filter((match) => match.pattern === "dictionary");
  const site = found.site || dictionaryMatches.some((match) => match.dictionaryName === SITE_DICTIONARY);
  if (site) return "siteName";
  const ownMatches = dictionaryMatches.filter((match) => match.dictionaryName === "userInputs");
  const email = found.email || ownMatches.some((match) => own.email.includes(String(match.matchedWord)));
  if (email) return "emailAddress";
  if (found.name || ownMatches.length > 0) return "personal";
  return null;
}

/** Why a password that meets the character rules is still easy to guess (passwordMessages' names). */
export type GuessableWeakness = "siteName" | "emailAddress" | "personal" | "pattern" | "common" | "guessable";

/**
 * Null when the password is hard enough to guess, else the sentence saying why it is not: built on the
 * site's name, on the owner's e-mail address or name, a simple pattern, common words, or just too short.
 * Meant for a password that meets the character rules (describePasswordProblems).
 */
export function guessablePasswordProblem(password: string, owner: PasswordOwner = {}): string | null {
  const weakness = guessablePasswordWeakness(password, owner);
  return weakness && passwordMessages[weakness];
}

/** guessablePasswordProblem's reason by name, or null. */
export function guessablePasswordWeakness(
  password: string,
  owner: PasswordOwner = {},
): GuessableWeakness | null {
  const zxcvbn = strengthChecker();
  const scored = [...password].slice(0, SCORED_LENGTH).join("");
  const own = ownWords(owner);
  const userInputs = [...own.email, ...own.names];
  const found = findKnownWords(scored, own);
  const result = zxcvbn.check(scored, userInputs);
  const strongEnough = (text: string, checked = zxcvbn.check(text, userInputs)) =>
    checked.score >= MIN_PASSWORD_SCORE ||
    isUnrecognisedAtMinimumLength(text, checked.sequence, checked.score);
  if (strongEnough(scored, result)) {
    // Strong as a whole, yet maybe only thanks to the site's or the owner's words, which an attacker of
    // this site or this person tries first: what is left without them must be strong on its own.
    const knowsWords = found.site || found.email || found.name;
    if (!knowsWords || strongEnough(found.remainder)) return null;
  }
  const matches = result.sequence;
  const known = knownWordsWeakness(found, matches, own);
  if (known) return known;
  // Otherwise the largest part zxcvbn recognised says what the password is made of.
  const recognised = matches
    .filter((match) => match.pattern !== "bruteforce" && match.pattern !== "separator")
    .sort((a, b) => b.token.length - a.token.length)[0];
  if (!recognised) return "guessable";
  return patternKinds.has(recognised.pattern) ? "pattern" : "common";
}
