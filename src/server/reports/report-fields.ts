import {
  PHOTO_DESCRIPTION_MAX_LENGTH,
  reportMessages as messages,
  reportServerMessages,
} from "../../domain/reports/report-rules";
import {
  checkReportText,
  consentProblem,
  missingMessages,
  reportFieldNames,
  requiredReportFields,
  type CheckedReportText,
  type ReportFieldProblem,
  type ReportText,
} from "../../domain/reports/report-fields";
import { HttpError } from "../http/errors";

// The text fields of a report as the multipart form brings them, checked with the rules and sentences of
// src/domain/reports/report-fields.ts (the web form's too). The answer is one problem to act on.

/** What a checked checkbox sends: a browser's "on", or the "true" or "1" another client may send. */
const checkedValues = new Set(["true", "on", "1"]);

// A checkbox: publishing anonymously is the default, for the reporter's safety (docs/architecture.md), so only an
// explicit yes shows the first name; absent or anything else is no.
const isChecked = (value: string | undefined) =>
  value !== undefined && checkedValues.has(value.trim().toLowerCase());

export type ReportFields = CheckedReportText & { showFirstName: boolean; peopleConsent: boolean };

/**
 * The one problem the API answers with: any empty name, e-mail, type or comment is the product's "Please
 * fill in all required fields" (on the first of them); otherwise the first problem, in the rules' order.
 */
function refusal(problems: readonly ReportFieldProblem[]): HttpError | null {
  const empty = problems.find((problem) => problem.missing && problem.field in missingMessages);
  const first = empty ? { field: empty.field, message: messages.fillRequired } : problems[0];
  return first ? new HttpError(400, first.message, { field: first.field }) : null;
}

/**
 * The fields as given; an empty videoUrl counts as none. `today` is the date in Nigeria (todayInNigeria),
 * the latest a barrier can have been met. Throws 400 with the one message to act on.
 */
export function parseReportFields(values: ReadonlyMap<string, string>, today: string): ReportFields {
  const input: Record<string, string> = {};
  for (const field of reportFieldNames) {
    // PostgreSQL text cannot hold NUL; nobody types one.
    const value = values.get(field)?.replaceAll("\u0000", "");
    if (value !== undefined) input[field] = value;
  }
  const { problems, report } = checkReportText(input as ReportText, today);
  const refused = refusal(problems);
  if (refused || !report) throw refused ?? new HttpError(400, messages.fillRequired);
  return {
    ...report,
    showFirstName: isChecked(input.showFirstName),
    peopleConsent: isChecked(input.peopleConsent),
  };
}

/**
 * People may be recognisable in a photo or a video (a file or a link): such a report needs the reporter's
 * word that they agreed, or cannot be identified. Checked once every file is known, before any is kept.
 */
export function requirePeopleConsent(fields: ReportFields, mediaCount: number): void {
  const problem = consentProblem(mediaCount > 0 || fields.videoUrl !== null, fields.peopleConsent);
  if (problem) throw new HttpError(400, problem.message, { field: problem.field });
}

/** True once every required field has arrived, so they can be checked before any file is stored. */
export function hasRequiredFields(values: ReadonlyMap<string, string>): boolean {
  return requiredReportFields.every((field) => values.has(field));
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
