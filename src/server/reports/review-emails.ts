import { commentTypeLabels, type ReportStatus } from "../../domain/reports/report-rules";
import { ANONYMOUS_REPORTER } from "../../domain/reports/review-rules";
import { paths } from "../../domain/routes";
import { composeMail, greeting, type OutgoingMail } from "../mail/compose";
import type { DecidedReport } from "./review-store";

// The e-mail a reporter gets for each decision on their report (issue 6): which report, what was
// decided, the reviewer's note, and a link to "My reports". The link is built from PUBLIC_URL (DESIGN §7).

const sentOn = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Africa/Lagos",
});

const EXCERPT_LENGTH = 120;

export function decisionEmail(
  report: DecidedReport,
  decision: { from: ReportStatus; to: ReportStatus; note: string | null },
  publicUrl: string,
): OutgoingMail {
  const which = `your ${commentTypeLabels[report.commentType].toLowerCase()} report sent on ${sentOn.format(report.createdAt)}`;
  const excerpt = `It began: “${excerptOf(report.comment)}”`;
  const note = decision.note ? [`The reviewer's note: ${decision.note}`] : [];
  const hello = greeting(report.reporter.firstname);
  const actions = [{ label: "See my reports", url: `${publicUrl}${paths.myReports()}` }];

  switch (decision.to) {
    case "verified":
      return composeMail(report.reporter.email, {
        subject: "Your eyewitness report is published on Inclusion Atlas",
        heading: "Your report is verified and published",
        paragraphs: [
          hello,
          `Thank you for ${which}. Our team has reviewed and verified it, and it now appears on the public page of verified eyewitness reports.`,
          excerpt,
          report.showFirstName
            ? "It shows your first name, as you chose on the form, but never your last name or your e-mail address."
            : `It is published as “${ANONYMOUS_REPORTER}”: it shows neither your name nor your e-mail address.`,
          ...note,
        ],
        actions,
      });
    case "rejected":
      return composeMail(report.reporter.email, {
        subject: "Your eyewitness report was not published on Inclusion Atlas",
        heading: "Your report was not published",
        paragraphs: [
          hello,
          `Thank you for ${which}. Our team has reviewed it and decided not to publish it.`,
          excerpt,
          ...note,
        ],
        actions,
        closing: ["You are welcome to send another report at any time."],
      });
    case "pending":
      return composeMail(report.reporter.email, {
        subject: "Your eyewitness report is being reviewed again on Inclusion Atlas",
        heading: "Your report is being reviewed again",
        paragraphs: [
          hello,
          decision.from === "verified"
            ? `Our team has taken ${which} off the public page of verified reports while it is reviewed again.`
            : `Our team is reviewing ${which} again.`,
          excerpt,
          ...note,
        ],
        actions,
        closing: ["We will write to you again when it has been reviewed."],
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
