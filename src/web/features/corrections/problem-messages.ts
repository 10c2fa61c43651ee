import {
  CORRECTION_TEXT_MAX_LENGTH,
  CORRECTION_TEXT_MIN_LENGTH,
  type CorrectionProblemKey,
} from "../../../domain/corrections/correction-rules";
import type { MessageKey } from "../../i18n";

/** A problem found before sending, as the catalogue words it (problems.<field> is also the server's). */
export const problemMessages: Record<
  CorrectionProblemKey,
  { id: MessageKey; values?: Record<string, unknown> }
> = {
  textMissing: {
    id: "corrections.problems.textMissing",
    values: { min: String(CORRECTION_TEXT_MIN_LENGTH) },
  },
  textTooLong: {
    id: "corrections.problems.textTooLong",
    values: { max: String(CORRECTION_TEXT_MAX_LENGTH) },
  },
  badUrl: { id: "corrections.problems.sourceUrl" },
  badEmail: { id: "corrections.problems.email" },
  pageMissing: { id: "corrections.problems.page" },
  badLanguage: { id: "corrections.problems.language" },
};
