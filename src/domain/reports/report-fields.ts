import { z } from "zod";
import type { KeysUnder } from "../../i18n/message-keys";
import { accountMessages } from "../accounts/messages";
import { EMAIL_MAX_LENGTH } from "../accounts/schemas";
import {
  DEFAULT_PLACE_PRECISION,
  HIDDEN_OR_BREAKING_CHARACTERS,
  PLACE_NAME_MAX_LENGTH,
  occurredOnProblem,
  placeMessages,
  placePrecisions,
  type ReportPlace,
} from "./report-place";
import { lgaOfState, stateLgas } from "./report-lgas";
import {
  COMMENT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  commentTypes,
  isVideoUrl,
  reportMessages,
  type CommentType,
} from "./report-rules";

// The text fields of a report and its place and date: each field's rules, limits
// and sentences, once. The server checks what arrives in the multipart form with them and answers with
// one problem; the web form checks the draft with them and lists every problem beside its field.

/** The API's names of a report's text fields (its multipart form). */
export const reportFieldNames = [
  "firstName",
  "lastName",
  "email",
  "commentType",
  "comment",
  "videoUrl",
  "showFirstName",
  "stateId",
  "lga",
  "place",
  "occurredOn",
  "placePrecision",
  "peopleConsent",
] as const;
export type ReportFieldName = (typeof reportFieldNames)[number];

/** The fields every report has; the others may be left out. */
export const requiredReportFields: readonly ReportFieldName[] = [
  "firstName",
  "lastName",
  "email",
  "commentType",
  "comment",
  "stateId",
  "lga",
  "occurredOn",
];

/** A field left empty, in the words of the field itself (the form shows them beside each field). */
export const missingMessages = {
  firstName: "Enter your first name",
  lastName: "Enter your last name",
  email: "Enter your e-mail address",
  commentType: "Choose a comment type",
  comment: "Enter your comment",
  photos: "Add at least one photograph, or choose None",
  videoFile: "Choose a video file, or choose None",
  videoUrl: "Enter a link to the video, or choose None",
} as const;

export const nameTooLong = (label: string) =>
  `Your ${label} can be at most ${NAME_MAX_LENGTH.toLocaleString("en-US")} characters long.`;

/** Longer than any address a person types or pastes; such a value is a mistake, not a link. */
export const VIDEO_URL_MAX_LENGTH = 2048;

/** One thing to fix in a report, on one field; `missing` when the field was left empty. */
export interface ReportFieldProblem {
  field: ReportFieldName;
  message: string;
  missing: boolean;
}

/**
 * Which rule a problem broke, as a key, and the values its sentence names: the web app shows the sentence
 * of its page's language from that (`report.checks.<key>`); the `message` stays the English sentence the
 * server answers with.
 */
export interface ReportRule {
  key: KeysUnder<"report.checks.">;
  values?: Record<string, string>;
}

// Kept beside each problem rather than on it, so a problem stays { field, message, missing }.
const rulesOfProblems = new WeakMap<ReportFieldProblem, ReportRule>();

/** The rule a problem of checkReportText or consentProblem broke. */
export function problemRule(problem: ReportFieldProblem): ReportRule {
  return rulesOfProblems.get(problem) ?? { key: "unknown" };
}

function withRule(problem: ReportFieldProblem, rule: ReportRule): ReportFieldProblem {
  rulesOfProblems.set(problem, rule);
  return problem;
}

/** The keys of the date rules, by the sentence occurredOnProblem answers with. */
const dateRules: ReadonlyMap<string, ReportRule["key"]> = new Map([
  [placeMessages.chooseDate, "chooseDate"],
  [placeMessages.invalidDate, "invalidDate"],
  [placeMessages.dateInFuture, "dateInFuture"],
  [placeMessages.dateTooEarly, "dateTooEarly"],
]);

/** The text of a report as given, each field a string ("" or absent when left empty). */
export type ReportText = Partial<Record<Exclude<ReportFieldName, "showFirstName" | "peopleConsent">, string>>;

/** The text of a report once every rule is met: trimmed, the comment type and LGA as the rules spell them. */
export interface CheckedReportText {
  firstName: string;
  lastName: string;
  email: string;
  commentType: CommentType;
  comment: string;
  /** Null when none was given. */
  videoUrl: string | null;
  place: ReportPlace;
}

const emailSchema = z.email();

/** The state an id ("1".."37") names, if any. */
export function reportState(stateId: string) {
  const id = stateId.trim();
  return /^\d{1,2}$/.test(id) ? stateLgas(Number(id)) : undefined;
}

/** Why a video link cannot be sent, or null when it can. */
export function videoUrlProblem(value: string): string | null {
  const url = value.trim();
  return url.length > VIDEO_URL_MAX_LENGTH || !isVideoUrl(url) ? reportMessages.invalidVideoUrl : null;
}

/**
 * People may be recognisable in a photo or a video (a file or a link): such a report needs the reporter's
 * word that they agreed, or cannot be identified.
 */
export function consentProblem(showsPeople: boolean, consent: boolean): ReportFieldProblem | null {
  return showsPeople && !consent
    ? withRule(
        { field: "peopleConsent", message: placeMessages.consentRequired, missing: true },
        { key: "consentRequired" },
      )
    : null;
}

/**
 * Every problem with a report's text, in the order the server checks them (who, what, then where and
 * when), and the checked report when there is none. `today` is the date in Nigeria (todayInNigeria), the
 * latest a barrier can have been met.
 */
export function checkReportText(
  input: ReportText,
  today: string,
): { problems: ReportFieldProblem[]; report: CheckedReportText | null } {
  const problems: ReportFieldProblem[] = [];
  const text = (field: keyof ReportText) => input[field]?.trim() ?? "";
  const refuse: Refuse = (field, message, rule, missing = false) => {
    problems.push(withRule({ field, message, missing }, rule));
  };

  const name = (field: "firstName" | "lastName", label: string) => {
    const value = text(field);
    // A name is one line as typed: no line breaks, bidi overrides or zero-width characters either.
    if (value === "") refuse(field, missingMessages[field], { key: `missing.${field}` }, true);
    else if (value.length > NAME_MAX_LENGTH) refuse(field, nameTooLong(label), { key: `${field}TooLong` });
    else if (HIDDEN_OR_BREAKING_CHARACTERS.test(value))
      refuse(field, accountMessages.nameHasControlCharacters, { key: "nameHasControlCharacters" });
    return value;
  };
  const firstName = name("firstName", "first name");
  const lastName = name("lastName", "last name");

  const email = text("email");
  if (email === "") refuse("email", missingMessages.email, { key: "missing.email" }, true);
  else if (email.length > EMAIL_MAX_LENGTH || !emailSchema.safeParse(email).success) {
    refuse("email", reportMessages.invalidEmail, { key: "invalidEmail" });
  }

  const typeValue = text("commentType").toLowerCase();
  const commentType = commentTypes.find((known) => known === typeValue);
  if (typeValue === "")
    refuse("commentType", missingMessages.commentType, { key: "missing.commentType" }, true);
  else if (!commentType)
    refuse("commentType", reportMessages.unknownCommentType, { key: "unknownCommentType" });

  const comment = text("comment");
  if (comment === "") refuse("comment", missingMessages.comment, { key: "missing.comment" }, true);
  else if (comment.length > COMMENT_MAX_LENGTH)
    refuse("comment", reportMessages.commentTooLong, { key: "commentTooLong" });

  const videoUrl = text("videoUrl");
  const videoProblem = videoUrl === "" ? null : videoUrlProblem(videoUrl);
  if (videoProblem) refuse("videoUrl", videoProblem, { key: "invalidVideoUrl" });

  const place = checkPlace(input, today, refuse);
  if (problems.length > 0 || !commentType || !place) return { problems, report: null };
  return {
    problems,
    report: { firstName, lastName, email, commentType, comment, videoUrl: videoUrl || null, place },
  };
}

type Refuse = (field: ReportFieldName, message: string, rule: ReportRule, missing?: boolean) => void;

/** State, LGA (as the registry spells it), place name, date and how much of it is published. */
function checkPlace(input: ReportText, today: string, refuse: Refuse): ReportPlace | null {
  const text = (field: keyof ReportText) => input[field]?.trim() ?? "";
  let ok = true;
  const problem: Refuse = (field, message, rule, missing = false) => {
    refuse(field, message, rule, missing);
    ok = false;
  };

  // Without a state, only the state is asked for: its LGAs are not known yet.
  const state = reportState(text("stateId"));
  let lga: string | undefined;
  if (!state) problem("stateId", placeMessages.chooseState, { key: "chooseState" }, true);
  else if (text("lga") === "") problem("lga", placeMessages.chooseLga, { key: "chooseLga" }, true);
  else {
    lga = lgaOfState(state.stateId, text("lga"));
    if (!lga)
      problem("lga", placeMessages.lgaNotInState(state.state), {
        key: "lgaNotInState",
        values: { state: state.state },
      });
  }

  const place = text("place");
  if (HIDDEN_OR_BREAKING_CHARACTERS.test(place))
    problem("place", placeMessages.placeHasHiddenCharacters, { key: "placeHasHiddenCharacters" });
  else if (place.length > PLACE_NAME_MAX_LENGTH)
    problem("place", placeMessages.placeTooLong, { key: "placeTooLong" });

  const occurredOn = text("occurredOn");
  const dateProblem = occurredOnProblem(occurredOn, today);
  if (dateProblem) {
    const key = dateRules.get(dateProblem) ?? "invalidDate";
    problem("occurredOn", dateProblem, { key }, dateProblem === placeMessages.chooseDate);
  }

  const precisionValue = text("placePrecision").toLowerCase();
  const precision =
    precisionValue === ""
      ? DEFAULT_PLACE_PRECISION
      : placePrecisions.find((known) => known === precisionValue);
  if (!precision) problem("placePrecision", placeMessages.unknownPrecision, { key: "unknownPrecision" });
  else if (precision === "place" && place === "")
    problem("place", placeMessages.precisionNeedsPlace, { key: "precisionNeedsPlace" });

  if (!ok || !state || !lga || !precision) return null;
  return {
    stateId: state.stateId,
    state: state.state,
    lga,
    place: place === "" ? null : place,
    occurredOn,
    precision,
  };
}
