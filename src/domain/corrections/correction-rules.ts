// "Suggest a correction" (issue 14): anyone, signed in or not, tells us a state or school record is wrong,
// with a source if they have one; moderators and admins accept or dismiss it beside the eyewitness reports.
// Shared by the server (which enforces every rule) and the web app (whose checks are for convenience).

export const correctionSubjects = ["state", "school"] as const;
export type CorrectionSubject = (typeof correctionSubjects)[number];

export const correctionStatuses = ["new", "accepted", "dismissed"] as const;
export type CorrectionStatus = (typeof correctionStatuses)[number];

export const CORRECTION_TEXT_MIN_LENGTH = 10;
export const CORRECTION_TEXT_MAX_LENGTH = 2000;
export const CORRECTION_URL_MAX_LENGTH = 500;
export const CORRECTION_EMAIL_MAX_LENGTH = 254;

export const correctionMessages = {
  sent: "Thank you. Your correction has been sent and will be checked by a moderator.",
  unreadable: "We could not read the correction. Please fill in what is wrong and try again.",
  unknownSubject: "We could not find the record this correction is about. Please reload the page.",
  textMissing: `Please say what is wrong, in at least ${CORRECTION_TEXT_MIN_LENGTH} characters.`,
  textTooLong: `Please keep the correction to ${CORRECTION_TEXT_MAX_LENGTH} characters.`,
  badUrl: "The source link must be a web address starting with http:// or https://.",
  badEmail: "Please enter a valid e-mail address, or leave it empty.",
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
  subjectId: number;
  whatIsWrong: string;
  sourceUrl: string;
  email: string;
}

type CheckedCorrection = Pick<CorrectionInput, "whatIsWrong" | "sourceUrl" | "email">;

/** The first problem with a correction as a person would fix it, or null when it can be sent. */
export function correctionProblem(input: CheckedCorrection): string | null {
  return correctionFieldProblem(input)?.message ?? null;
}

/** Which of `correctionMessages` a problem with a correction is: the web app words it by this key. */
export type CorrectionProblemKey = "textMissing" | "textTooLong" | "badUrl" | "badEmail";

/** The same, with the field of the body it is about (the API's `field`) and the message's key. */
export function correctionFieldProblem(
  input: CheckedCorrection,
): { field: keyof CheckedCorrection; key: CorrectionProblemKey; message: string } | null {
  const problem = (field: keyof CheckedCorrection, key: CorrectionProblemKey) => ({
    field,
    key,
    message: correctionMessages[key],
  });
  const text = input.whatIsWrong.trim();
  if (text.length < CORRECTION_TEXT_MIN_LENGTH) return problem("whatIsWrong", "textMissing");
  if (text.length > CORRECTION_TEXT_MAX_LENGTH) return problem("whatIsWrong", "textTooLong");
  const url = input.sourceUrl.trim();
  if (url && (url.length > CORRECTION_URL_MAX_LENGTH || !isWebAddress(url))) {
    return problem("sourceUrl", "badUrl");
  }
  const email = input.email.trim();
  if (email && (email.length > CORRECTION_EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) {
    return problem("email", "badEmail");
  }
  return null;
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** What a moderator sees of one correction. */
export interface CorrectionView {
  id: string;
  subject: CorrectionSubject;
  subjectId: number;
  /** The state's or school's name, as the datasets give it. */
  subjectName: string;
  whatIsWrong: string;
  sourceUrl: string | null;
  email: string | null;
  status: CorrectionStatus;
  createdAt: string;
  decidedAt: string | null;
}

export interface CorrectionListAnswer {
  success: true;
  corrections: CorrectionView[];
  counts: Record<CorrectionStatus, number>;
  meta: { total: number; page: number; per_page: number; last_page: number };
}
