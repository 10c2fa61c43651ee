import { paths } from "../../domain/routes";
import { DEFAULT_LANGUAGE, localizePath } from "../../i18n/languages";
import { composeMail, emailText, type OutgoingMail } from "../mail/compose";
import { siteLanguages } from "../i18n/server-messages";

// The one e-mail a visitor gets when their correction of a state or school led to a published data desk
// change: in the language of the page they sent it from (else their account's, else English),
// with a link to the record's public history in that language. Queued by publishChange in the same
// transaction as the publication, and only by the first publication from that correction.

export interface CorrectionUsed {
  email: string;
  subject: "state" | "school";
  subjectId: number;
  /** The state's or school's name as the datasets give it. */
  subjectName: string;
  /** The correction's page language, or the sender account's; null when neither is known. */
  language: string | null;
}

/** The language a sender is written to: the first known of those given, English otherwise. */
export function senderLanguage(...candidates: (string | null | undefined)[]): string {
  const known = siteLanguages();
  return candidates.find((code): code is string => !!code && known.includes(code)) ?? DEFAULT_LANGUAGE;
}

/** `/states/25/history` or `/schools/3/history`, in the language's path (`/ha/states/25/history`). */
export function historyPath(subject: "state" | "school", id: number, language: string): string {
  const page = subject === "state" ? paths.state(id) : paths.school(id);
  return localizePath(`${page}/history`, language);
}

export function correctionUsedEmail(correction: CorrectionUsed, publicUrl: string): OutgoingMail {
  const language = senderLanguage(correction.language);
  const t = emailText(language);
  return composeMail(correction.email, {
    language,
    subject: t("correctionUsed.subject"),
    heading: t("correctionUsed.heading"),
    paragraphs: [
      t("greetingNoName"),
      t("correctionUsed.body", { name: correction.subjectName }),
      t("correctionUsed.history"),
    ],
    actions: [
      {
        label: t("correctionUsed.action", { name: correction.subjectName }),
        url: `${publicUrl}${historyPath(correction.subject, correction.subjectId, language)}`,
      },
    ],
    closing: [t("correctionUsed.once")],
  });
}
