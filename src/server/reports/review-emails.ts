import type { ReportStatus } from "../../domain/reports/report-rules";
import { ANONYMOUS_REPORTER } from "../../domain/reports/review-rules";
import { paths } from "../../domain/routes";
import { DEFAULT_LANGUAGE, localizePath } from "../../i18n/languages";
import { composeMail, emailText, greeting, type OutgoingMail } from "../mail/compose";
import type { DecidedReport } from "./review-store";

// The e-mail a reporter gets for each decision on their report: which report, what was
// decided, the reviewer's note, and a link to "My reports". Written in the reporter's account language
// (the "email" catalogue); the link is built from PUBLIC_URL (docs/architecture.md) and opens the page in that language.

const EXCERPT_LENGTH = 120;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "1 March 2026" in English (British order, as before languages), the language's own form otherwise. */
function sentOn(date: Date, language: string): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === DEFAULT_LANGUAGE ? "en-GB" : language, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Africa/Lagos",
    });
    dateFormats.set(language, format);
  }
  return format.format(date);
}

export function decisionEmail(
  report: DecidedReport,
  decision: { from: ReportStatus; to: ReportStatus; note: string | null },
  publicUrl: string,
): OutgoingMail {
  const { language } = report.reporter;
  const t = emailText(language);
  // Which report: its kind and the day it was sent, placed in each sentence by the sentence's own message.
  const which = {
    type: t(`decision.type.${report.commentType}`),
    date: sentOn(report.createdAt, language),
  };
  const excerpt = t("decision.excerpt", { excerpt: excerptOf(report.comment) });
  const note = decision.note ? [t("decision.note", { note: decision.note })] : [];
  const hello = greeting(report.reporter.firstname, language);
  const actions = [
    { label: t("decision.action"), url: `${publicUrl}${localizePath(paths.myReports(), language)}` },
  ];

  switch (decision.to) {
    case "verified":
      return composeMail(report.reporter.email, {
        language,
        subject: t("decision.verified.subject"),
        heading: t("decision.verified.heading"),
        paragraphs: [
          hello,
          t("decision.verified.body", which),
          excerpt,
          report.showFirstName
            ? t("decision.verified.showsFirstName")
            : t("decision.verified.anonymous", { anonymous: ANONYMOUS_REPORTER }),
          // What a moderator changed before publishing, so nothing public surprises the reporter.
          ...(report.publicComment !== report.comment
            ? [t("decision.verified.textChanged", { text: report.publicComment })]
            : []),
          ...(report.blurredPhotos > 0 || report.hiddenMedia > 0
            ? [
                t("decision.verified.photosChanged", {
                  blurred: report.blurredPhotos,
                  hidden: report.hiddenMedia,
                }).trim(),
              ]
            : []),
          ...note,
          t("decision.verified.withdraw"),
        ],
        actions,
      });
    case "rejected":
      return composeMail(report.reporter.email, {
        language,
        subject: t("decision.rejected.subject"),
        heading: t("decision.rejected.heading"),
        paragraphs: [hello, t("decision.rejected.body", which), excerpt, ...note],
        actions,
        closing: [t("decision.rejected.closing")],
      });
    case "pending":
      return composeMail(report.reporter.email, {
        language,
        subject: t("decision.pending.subject"),
        heading: t("decision.pending.heading"),
        paragraphs: [
          hello,
          decision.from === "verified"
            ? t("decision.pending.unpublished", which)
            : t("decision.pending.again", which),
          excerpt,
          ...note,
        ],
        actions,
        closing: [t("decision.pending.closing")],
      });
  }
}

/** The start of the comment, on one line, so the reporter knows which report this is. */
function excerptOf(comment: string): string {
  // By code points, so a cut never splits an emoji or other character in two.
  const characters = Array.from(comment.replace(/\s+/g, " ").trim());
  if (characters.length <= EXCERPT_LENGTH) return characters.join("");
  return `${characters
    .slice(0, EXCERPT_LENGTH - 1)
    .join("")
    .trimEnd()}…`;
}
