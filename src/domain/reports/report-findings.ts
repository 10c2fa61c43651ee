import type { PlacePrecision } from "./report-place";

// What in a report's text may identify a person or a place more precisely than the reporter chose to
// publish: found before publication and shown to the moderator, who removes it or confirms it is meant.
// A pure function of the text, so the server (which enforces the confirmation) and the review screen
// (which highlights) find exactly the same spans.

export const findingKinds = ["phone", "email", "web", "address", "facility", "town", "name"] as const;
export type FindingKind = (typeof findingKinds)[number];

export interface TextFinding {
  /** The same for the same words of the same kind, wherever they are: what a moderator confirms. */
  id: string;
  kind: FindingKind;
  /** UTF-16 offsets into the text, end excluded. */
  start: number;
  end: number;
  text: string;
}

/** What the check needs to know about the report besides its text. */
export interface FindingContext {
  firstName: string;
  lastName: string;
  /** The reporter chose to publish their first name: it is then no finding. */
  showFirstName: boolean;
  precision: PlacePrecision;
  /** The LGA and the town or place name the reporter gave (null when none). */
  lga: string | null;
  placeName: string | null;
  /** The names a state-only report must not name: its state's LGAs and towns (data/towns.json). */
  stateTowns: readonly string[];
}

/** What the moderator's screen and the refusal call each kind. */
export const findingKindLabels: Record<FindingKind, string> = {
  phone: "Phone number",
  email: "E-mail address",
  web: "Web address",
  address: "House or plot number",
  facility: "Name of a facility",
  town: "Name of a town",
  name: "The reporter's name",
};

/** What a redacted span becomes in the public text. */
export const REDACTED = "[removed]";

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const WEB =
  /\b(?:https?:\/\/|www\.)[^\s<>"]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|ng|org|net|info|gov|edu)(?:\.ng)?(?:\/[^\s<>"]*)?/giu;
// Nigerian numbers: +234 or 234 or a leading 0, then 7/8/9 and 0/1 and eight more digits, spaces or
// dashes anywhere between them (0803 123 4567, +234-803-123-4567).
const PHONE = /(?:\+\s?234|\b234|\b0)[\s-]?[789][01](?:[\s-]?\d){8}\b/g;
const HOUSE_NUMBER = /\b(?:No|Number|Plot|House|Flat|Block)\.?\s*\d+[a-z]?\b/giu;
const STREET_ADDRESS =
  /\b\d+[a-z]?,?\s+(?:\p{Lu}[\p{L}'’-]*\s+){1,3}(?:Street|St\.?|Road|Rd\.?|Avenue|Ave\.?|Close|Crescent|Way|Lane|Drive|Estate)(?=\W|$)/gu;
const FACILITY_WORDS = [
  "Primary Health Centre",
  "Primary Health Center",
  "Health Centre",
  "Health Center",
  "Teaching Hospital",
  "Hospital",
  "Clinic",
  "Maternity",
  "Pharmacy",
  "School",
  "Academy",
  "College",
  "Polytechnic",
  "University",
  "Church",
  "Cathedral",
  "Mosque",
  "Market",
  "Motor Park",
  "Park",
];
/** "[Hh]ospital": the facility word capitalised or not, while the names around it must be. */
function eitherCase(word: string): string {
  return `[${word.charAt(0)}${word.charAt(0).toLowerCase()}]${word.slice(1)}`;
}
const NAME_WORD = String.raw`\p{Lu}[\p{L}'’-]*`;
const FACILITY = new RegExp(
  String.raw`(?:${NAME_WORD}\s+){0,3}(?:${FACILITY_WORDS.map(eitherCase).join("|")})\b(?:\s+${NAME_WORD}){0,2}`,
  "gu",
);

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function wordsPattern(words: readonly string[]): RegExp | null {
  const usable = words.map((word) => word.trim()).filter((word) => word.length >= 2);
  if (usable.length === 0) return null;
  const alternatives = usable
    .sort((a, b) => b.length - a.length)
    .map((word) => escapeForPattern(word).replace(/\s+/g, String.raw`\s+`));
  return new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${alternatives.join("|")})(?![\p{L}\p{N}])`, "giu");
}

function matchesOf(text: string, pattern: RegExp, kind: FindingKind): TextFinding[] {
  return [...text.matchAll(pattern)].map((match) => {
    const found = match[0].replace(/[\s,.;:]+$/u, "");
    const start = match.index;
    return { id: findingId(kind, found), kind, start, end: start + found.length, text: found };
  });
}

function findingId(kind: FindingKind, text: string): string {
  return `${kind}:${text.toLowerCase().replace(/\s+/g, " ")}`;
}

/** A facility match is only a name when it has a word besides the facility word ("the hospital" is not). */
function namesAFacility(text: string): boolean {
  const rest = FACILITY_WORDS.reduce(
    (left, word) => left.replace(new RegExp(`\\b${escapeForPattern(word)}\\b`, "giu"), " "),
    text,
  );
  return /\p{Lu}/u.test(rest.replace(/\b(?:The|A|An|At|In|On|Our|My|This|That)\b/gu, ""));
}

/**
 * The spans of `text` that may identify people or places beyond what the reporter chose to publish, in
 * order, none overlapping (the first kind listed wins: an e-mail is not also a web address).
 */
export function findIdentifyingText(text: string, context: FindingContext): TextFinding[] {
  const found: TextFinding[] = [
    ...matchesOf(text, EMAIL, "email"),
    ...matchesOf(text, WEB, "web"),
    ...matchesOf(text, PHONE, "phone"),
    ...matchesOf(text, HOUSE_NUMBER, "address"),
    ...matchesOf(text, STREET_ADDRESS, "address"),
    ...matchesOf(text, FACILITY, "facility").filter((finding) => namesAFacility(finding.text)),
  ];
  const towns: string[] = [];
  if (context.precision === "state") {
    towns.push(...context.stateTowns);
    if (context.lga) towns.push(context.lga);
  }
  if (context.precision !== "place" && context.placeName) towns.push(context.placeName);
  const townPattern = wordsPattern(towns);
  if (townPattern) found.push(...matchesOf(text, townPattern, "town"));
  const names = context.showFirstName ? [context.lastName] : [context.firstName, context.lastName];
  const namePattern = wordsPattern(names);
  if (namePattern) found.push(...matchesOf(text, namePattern, "name"));

  const kept: TextFinding[] = [];
  for (const finding of found) {
    if (finding.end <= finding.start) continue;
    if (kept.some((other) => finding.start < other.end && other.start < finding.end)) continue;
    kept.push(finding);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** The text with [start, end) replaced by "[removed]"; null when the span is not inside the text. */
export function redactSpan(text: string, start: number, end: number): string | null {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > text.length || start >= end) {
    return null;
  }
  return `${text.slice(0, start)}${REDACTED}${text.slice(end)}`;
}

/** The findings not among the ones the moderator confirmed, each id once. */
export function unconfirmedFindings(findings: readonly TextFinding[], confirmed: readonly string[]) {
  const seen = new Set(confirmed);
  const left: TextFinding[] = [];
  for (const finding of findings) {
    if (seen.has(finding.id)) continue;
    seen.add(finding.id);
    left.push(finding);
  }
  return left;
}
