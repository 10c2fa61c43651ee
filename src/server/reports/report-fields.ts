import { z } from "zod";
import { accountMessages } from "../../domain/accounts/messages";
import { EMAIL_MAX_LENGTH } from "../../domain/accounts/schemas";
import {
  COMMENT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHOTO_DESCRIPTION_MAX_LENGTH,
  commentTypes,
  isVideoUrl,
  reportMessages as messages,
  reportServerMessages,
} from "../../domain/reports/report-rules";
import {
  DEFAULT_PLACE_PRECISION,
  HIDDEN_OR_BREAKING_CHARACTERS,
  PLACE_NAME_MAX_LENGTH,
  occurredOnProblem,
  placeMessages,
  placePrecisions,
  type ReportPlace,
} from "../../domain/reports/report-place";
import { lgaOfState, stateLgas } from "../../domain/reports/report-lgas";
import { HttpError } from "../http/errors";

// The text fields of a report (spec §3, §5), checked on the server with the rules and sentences of
// src/domain/reports/report-rules.ts, and its place and date (issue 15) with those of report-place.ts.

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
const requiredFieldNames: readonly ReportFieldName[] = [
  "firstName",
  "lastName",
  "email",
  "commentType",
  "comment",
  "stateId",
  "lga",
  "occurredOn",
];

const VIDEO_URL_MAX_LENGTH = 2048;

/** What a checked checkbox sends: a browser's "on", or the "true" or "1" another client may send. */
const checkedValues = new Set(["true", "on", "1"]);

const required = z.string({ error: messages.fillRequired }).trim().min(1, { error: messages.fillRequired });

// A name is one line as typed: no line breaks, bidi overrides or zero-width characters either.
const name = required
  .max(NAME_MAX_LENGTH, { error: accountMessages.nameTooLong })
  .refine((value) => !HIDDEN_OR_BREAKING_CHARACTERS.test(value), {
    error: accountMessages.nameHasControlCharacters,
  });

const checkbox = z
  .string()
  .optional()
  .transform((value) => value !== undefined && checkedValues.has(value.trim().toLowerCase()));

const reportFieldsSchema = z.object({
  firstName: name,
  lastName: name,
  email: required
    .max(EMAIL_MAX_LENGTH, { error: messages.invalidEmail })
    .pipe(z.email({ error: messages.invalidEmail })),
  commentType: required
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(commentTypes, { error: messages.unknownCommentType })),
  comment: required.max(COMMENT_MAX_LENGTH, { error: messages.commentTooLong }),
  videoUrl: z
    .string()
    .trim()
    .max(VIDEO_URL_MAX_LENGTH, { error: messages.invalidVideoUrl })
    .refine(isVideoUrl, { error: messages.invalidVideoUrl })
    .optional(),
  // A checkbox: publishing anonymously is the default, for the reporter's safety (DESIGN §7), so only
  // an explicit yes shows the first name; absent or anything else is no.
  showFirstName: checkbox,
  peopleConsent: checkbox,
});

export type ReportFields = z.output<typeof reportFieldsSchema> & { place: ReportPlace };

/**
 * The fields as given; an empty videoUrl counts as none. `today` is the date in Nigeria (todayInNigeria),
 * the latest a barrier can have been met. Throws 400 with the one message to act on.
 */
export function parseReportFields(values: ReadonlyMap<string, string>, today: string): ReportFields {
  const input: Record<string, string> = {};
  for (const field of reportFieldNames) {
    // PostgreSQL text cannot hold NUL; nobody types one.
    const value = values.get(field)?.replaceAll("\u0000", "");
    if (value !== undefined && !(field === "videoUrl" && value.trim() === "")) input[field] = value;
  }
  const result = reportFieldsSchema.safeParse(input);
  if (!result.success) {
    const issues = result.error.issues;
    const first = issues.find((issue) => issue.message === messages.fillRequired) ?? issues[0];
    const field = first?.path[0];
    throw new HttpError(
      400,
      first?.message ?? messages.fillRequired,
      typeof field === "string" ? { field } : {},
    );
  }
  return { ...result.data, place: parsePlace(input, today) };
}

/** State, LGA (as the registry spells it), place name, date and how much of it is published. */
function parsePlace(input: Readonly<Record<string, string>>, today: string): ReportPlace {
  const text = (field: ReportFieldName) => input[field]?.trim() ?? "";
  const stateId = text("stateId");
  const state = /^\d{1,2}$/.test(stateId) ? stateLgas(Number(stateId)) : undefined;
  if (!state) throw new HttpError(400, placeMessages.chooseState, { field: "stateId" });

  if (text("lga") === "") throw new HttpError(400, placeMessages.chooseLga, { field: "lga" });
  const lga = lgaOfState(state.stateId, text("lga"));
  if (!lga) throw new HttpError(400, placeMessages.lgaNotInState(state.state), { field: "lga" });

  const place = text("place");
  if (HIDDEN_OR_BREAKING_CHARACTERS.test(place)) {
    throw new HttpError(400, placeMessages.placeHasHiddenCharacters, { field: "place" });
  }
  if (place.length > PLACE_NAME_MAX_LENGTH) {
    throw new HttpError(400, placeMessages.placeTooLong, { field: "place" });
  }

  const occurredOn = text("occurredOn");
  const dateProblem = occurredOnProblem(occurredOn, today);
  if (dateProblem) throw new HttpError(400, dateProblem, { field: "occurredOn" });

  const precisionValue = text("placePrecision").toLowerCase();
  const precision =
    precisionValue === ""
      ? DEFAULT_PLACE_PRECISION
      : placePrecisions.find((known) => known === precisionValue);
  if (!precision) throw new HttpError(400, placeMessages.unknownPrecision, { field: "placePrecision" });
  if (precision === "place" && place === "") {
    throw new HttpError(400, placeMessages.precisionNeedsPlace, { field: "place" });
  }

  return {
    stateId: state.stateId,
    state: state.state,
    lga,
    place: place === "" ? null : place,
    occurredOn,
    precision,
  };
}

/**
 * People may be recognisable in a photo or a video (a file or a link): such a report needs the reporter's
 * word that they agreed, or cannot be identified. Checked once every file is known, before any is kept.
 */
export function requirePeopleConsent(fields: ReportFields, mediaCount: number): void {
  const showsPeople = mediaCount > 0 || fields.videoUrl !== undefined;
  if (showsPeople && !fields.peopleConsent) {
    throw new HttpError(400, placeMessages.consentRequired, { field: "peopleConsent" });
  }
}

/** True once every required field has arrived, so they can be checked before any file is stored. */
export function hasRequiredFields(values: ReadonlyMap<string, string>): boolean {
  return requiredFieldNames.every((field) => values.has(field));
}

/**
 * Repeated, one per photo in the order the photos are attached (an empty one for a photo not described);
 * the web app sends them with the text fields, before the files.
 */
export const PHOTO_DESCRIPTION_FIELD = "photoDescription";

/**
 * The photos' descriptions, paired with the photos by position: whitespace (line breaks included) folded
 * to single spaces, since a text alternative is one line; empty → null. More descriptions than photos is
 * a client's mistake worth saying, not something to drop silently.
 */
export function parsePhotoDescriptions(values: readonly string[], photoCount: number): (string | null)[] {
  if (values.length > photoCount) {
    throw new HttpError(400, reportServerMessages.moreDescriptionsThanPhotos, {
      field: PHOTO_DESCRIPTION_FIELD,
    });
  }
  return values.map((value, index) => {
    const folded = value.replace(/[\p{Cc}\s]+/gu, " ").trim();
    if (folded.length > PHOTO_DESCRIPTION_MAX_LENGTH) {
      throw new HttpError(400, messages.photoDescriptionTooLong(index + 1), {
        field: PHOTO_DESCRIPTION_FIELD,
      });
    }
    return folded === "" ? null : folded;
  });
}
