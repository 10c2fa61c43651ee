// The closed list of failure codes, in a module of its own without zod, so the web client can tell a code
// of the API from anything else without carrying the contract's schemas into the browser.

/** Machine-readable reasons a request failed; the web app branches on these, never on a message's text. */
export const errorCodes = [
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "EMAIL_NOT_VERIFIED",
  "WRONG_CREDENTIALS",
  "LINK_INVALID",
  "CONFLICT",
  /** Publishing a report whose public text has findings the moderator did not confirm. */
  "FINDINGS_UNCONFIRMED",
  /** The reporter withdrew the report: it is never published or changed again. */
  "REPORT_WITHDRAWN",
  /** A phone report's state, LGA, type or date must be completed by a moderator before publishing. */
  "DETAILS_DUE",
  /** A report with a voice note needs a moderator's transcript before it is published. */
  "TRANSCRIPT_DUE",
  /** Data desk: a field the change edits was changed by another publication since it was proposed. */
  "CHANGE_CONFLICT",
  /** Data desk: another state already has the SDIR rank the change gives. */
  "RANK_TAKEN",
  /** Data desk: an editor may not publish or reject their own change (another person reviews it). */
  "OWN_CHANGE",
  "TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "UNPROCESSABLE",
  "RATE_LIMITED",
  "TIMEOUT",
  "UNAVAILABLE",
  "STORAGE_FULL",
  "INTERNAL",
] as const;

export type KnownErrorCode = (typeof errorCodes)[number];

/** Whether `value` is one of the API's failure codes. */
export function isErrorCode(value: unknown): value is KnownErrorCode {
  return typeof value === "string" && (errorCodes as readonly string[]).includes(value);
}
