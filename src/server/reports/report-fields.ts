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
import { HttpError } from "../http/errors";

// The text fields of a report (spec §3, §5), checked on the server with the rules and sentences of
// src/domain/reports/report-rules.ts.

export const reportFieldNames = [
  "firstName",
  "lastName",
  "email",
  "commentType",
  "comment",
  "videoUrl",
  "showFirstName",
] as const;
export type ReportFieldName = (typeof reportFieldNames)[number];
const requiredFieldNames: readonly ReportFieldName[] = [
  "firstName",
  "lastName",
  "email",
  "commentType",
  "comment",
];

const VIDEO_URL_MAX_LENGTH = 2048;

/** What a checked checkbox sends: a browser's "on", or the "true" or "1" another client may send. */
const checkedValues = new Set(["true", "on", "1"]);

const required = z.string({ error: messages.fillRequired }).trim().min(1, { error: messages.fillRequired });

const name = required
  .max(NAME_MAX_LENGTH, { error: accountMessages.nameTooLong })
  .regex(/^[^\p{Cc}]*$/u, { error: accountMessages.nameHasControlCharacters });

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
  showFirstName: z
    .string()
    .optional()
    .transform((value) => value !== undefined && checkedValues.has(value.trim().toLowerCase())),
});

export type ReportFields = z.output<typeof reportFieldsSchema>;

/** The fields as given; an empty videoUrl counts as none. Throws 400 with the one message to act on. */
export function parseReportFields(values: ReadonlyMap<string, string>): ReportFields {
  const input: Record<string, string> = {};
  for (const field of reportFieldNames) {
    // PostgreSQL text cannot hold NUL; nobody types one.
    const value = values.get(field)?.replaceAll("\u0000", "");
    if (value !== undefined && !(field === "videoUrl" && value.trim() === "")) input[field] = value;
  }
  const result = reportFieldsSchema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const missing = issues.find((issue) => issue.message === messages.fillRequired);
  throw new HttpError(400, (missing ?? issues[0])?.message ?? messages.fillRequired);
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
  if (values.length > photoCount) throw new HttpError(400, reportServerMessages.moreDescriptionsThanPhotos);
  return values.map((value, index) => {
    const folded = value.replace(/[\p{Cc}\s]+/gu, " ").trim();
    if (folded.length > PHOTO_DESCRIPTION_MAX_LENGTH) {
      throw new HttpError(400, messages.photoDescriptionTooLong(index + 1));
    }
    return folded === "" ? null : folded;
  });
}
