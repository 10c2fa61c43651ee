// "Suggest a correction": anyone, signed in or not, tells us a state or school record is wrong,
// with a source if they have one; moderators and admins accept or dismiss it beside the eyewitness reports.
// A mistake in a draft translation is a correction too: its subject is the language and the
// page the mistake is on, instead of a record.
// Shared by the server (which enforces every rule) and the web app (whose checks are for convenience).

import { isCitableWebAddress } from "../web-address";

export const correctionSubjects = ["state", "school", "translation"] as const;
export type CorrectionSubject = (typeof correctionSubjects)[number];

export const correctionStatuses = ["new", "accepted", "dismissed"] as const;
export type CorrectionStatus = (typeof correctionStatuses)[number];

export const CORRECTION_TEXT_MIN_LENGTH = 10;
export const CORRECTION_TEXT_MAX_LENGTH = 2000;
export const CORRECTION_URL_MAX_LENGTH = 500;
export const CORRECTION_EMAIL_MAX_LENGTH = 254;
export const CORRECTION_PAGE_MAX_LENGTH = 500;

export const correctionMessages = {
  sent: "Thank you. Your correction has been sent and will be checked by a moderator.",
  unreadable: "We could not read the correction. Please fill in what is wrong and try again.",
  unknownSubject: "We could not find the record this correction is about. Please reload the page.",
  textMissing: `Please say what is wrong, in at least ${CORRECTION_TEXT_MIN_LENGTH} characters.`,
  textTooLong: `Please keep the correction to ${CORRECTION_TEXT_MAX_LENGTH} characters.`,
  badUrl: "The source link must be a web address starting with http:// or https://.",
  badEmail: "Please enter a valid e-mail address, or leave it empty.",
  pageMissing: "Please give the address of the page with the mistake, for example /ha/states/25.",
  badLanguage: "Please choose the language of the translation.",
  tooMany: (minutes: number) =>
    `You have sent many corrections in a short time. Please try again in about ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  notFound: "That correction does not exist.",
  unknownStatusFilter: "Unknown status. Choose new, accepted or dismissed.",
  decisionUnreadable: "Please choose Accept or Dismiss.",
  conflict: "Someone else has already decided on this correction. The list has been refreshed.",
  accepted: "Correction accepted.",
  dismissed: "Correction dismissed.",
} as const;

export interface CorrectionInput {
  subject: CorrectionSubject;
  /** The state's or school's id; null for a translation. */
  subjectId: number | null;
  /** For a translation: the code of its language ("ha") and the page with the mistake; else null. */
  language: string | null;
  page: string | null;
  whatIsWrong: string;
  sourceUrl: string;
  email: string;
  /** The language of the page it was sent from ("" when not given): any reply to the sender is in it. */
  pageLanguage?: string;
}

type CheckedCorrection = Pick<CorrectionInput, "whatIsWrong" | "sourceUrl" | "email">;

/** The first problem with a correction as a person would fix it, or null when it can be sent. */
export function correctionProblem(input: CheckedCorrection): string | null {
  return correctionFieldProblem(input)?.message ?? null;
}

/** Which of `correctionMessages` a problem with a correction is: the web app words it by this key. */
export type CorrectionProblemKey =
  "textMissing" | "textTooLong" | "badUrl" | "badEmail" | "pageMissing" | "badLanguage";

type FieldProblem<Field extends string, Key extends CorrectionProblemKey> = {
  field: Field;
  key: Key;
  message: string;
};
type CorrectionFieldProblem = FieldProblem<keyof CheckedCorrection, CorrectionProblemKey>;

const problem = <Field extends string, Key extends CorrectionProblemKey>(field: Field, key: Key) => ({
  field,
  key,
  message: correctionMessages[key],
});

/** The same, with the field of the body it is about (the API's `field`) and the message's key. */
export function correctionFieldProblem(input: CheckedCorrection): CorrectionFieldProblem | null {
  return correctionFieldProblems(input)[0] ?? null;
}

/** Every field's problem, in the order of the form: a form lists them all at once. */
export function correctionFieldProblems(input: CheckedCorrection): CorrectionFieldProblem[] {
  const problems: CorrectionFieldProblem[] = [];
  const text = input.whatIsWrong.trim();
  if (text.length < CORRECTION_TEXT_MIN_LENGTH) problems.push(problem("whatIsWrong", "textMissing"));
  else if (text.length > CORRECTION_TEXT_MAX_LENGTH) problems.push(problem("whatIsWrong", "textTooLong"));
  const url = input.sourceUrl.trim();
  if (url && (url.length > CORRECTION_URL_MAX_LENGTH || !isCitableWebAddress(url))) {
    problems.push(problem("sourceUrl", "badUrl"));
  }
  const email = input.email.trim();
  if (email && (email.length > CORRECTION_EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) {
    problems.push(problem("email", "badEmail"));
  }
  return problems;
}

/**
 * What is wrong with a translation correction's language and page, in the order of the form. `languages`
 * are the codes of the translated languages (English, the source, has no translation to correct). The page
 * is an address on this site ("/ha/states/25") or a whole web address, as a person would paste it.
 */
export function translationProblems(
  input: { language: string; page: string },
  languages: readonly string[],
): FieldProblem<"language" | "page", "badLanguage" | "pageMissing">[] {
  const problems: FieldProblem<"language" | "page", "badLanguage" | "pageMissing">[] = [];
  if (!languages.includes(input.language)) problems.push(problem("language", "badLanguage"));
  const page = input.page.trim();
  if (
    !page ||
    page.length > CORRECTION_PAGE_MAX_LENGTH ||
    !(sitePath(page) !== null || isCitableWebAddress(page))
  ) {
    problems.push(problem("page", "pageMissing"));
  }
  return problems;
}

/**
 * The page as an address on this site ("/ha/states/25"), or null when it is not one a browser would open
 * here: "//host", a backslash ("/\evil.example" opens another site too) or a control character or space are refused.
 * Only what this returns is ever made a link.
 */
export function sitePath(page: string): string | null {
  const typed = page.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!typed.startsWith("/") || typed.startsWith("//") || /[\\\u0000-\u0020\u007f]/.test(typed)) return null;
  try {
    const url = new URL(typed, "http://site.invalid");
    return url.host === "site.invalid" ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/** What a moderator sees of one correction. */
export interface CorrectionView {
  id: string;
  subject: CorrectionSubject;
  subjectId: number | null;
  /** The state's or school's name, as the datasets give it; for a translation, its language's English name. */
  subjectName: string;
  /** For a translation: its language's code and the page with the mistake, as the sender gave it. */
  language: string | null;
  page: string | null;
  whatIsWrong: string;
  sourceUrl: string | null;
  /** The sender's address: for those who decide on corrections only (null for an editor). */
  email: string | null;
  status: CorrectionStatus;
  createdAt: string;
  decidedAt: string | null;
  /** The published data desk change that came from it, or null. */
  changeId: string | null;
}

export interface CorrectionListAnswer {
  success: true;
  corrections: CorrectionView[];
  counts: Record<CorrectionStatus, number>;
  meta: { total: number; page: number; per_page: number; last_page: number };
}
