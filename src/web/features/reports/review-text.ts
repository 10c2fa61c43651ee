import { formatNumber, pluralize } from "../../../domain/format";
import { commentTypeLabels, type CommentType, type ReportStatus } from "../../../domain/reports/report-rules";
import { REVIEW_NOTE_MAX_LENGTH, reviewMessages } from "../../../domain/reports/review-rules";

// The words of the review queue: the role page's 'Access Denied' sentence (spec §2), the names of the
// decisions, and the status line.

export const reviewsText = {
  accessDenied: "Access Denied - You don't have permission to access this page.",
  loading: "Loading reports…",
  emptyPage: "There are no reports on this page.",
  noteLabel: "Note to the reporter",
  noteHint: `Required to reject. The reporter reads it in My reports and in an e-mail. Up to ${formatNumber(
    REVIEW_NOTE_MAX_LENGTH,
  )} characters.`,
  sending: "Sending your decision…",
  decisionFailed: "Your decision could not be sent. Please try again.",
} as const;

/** The status filter's names (the counts follow them: "Pending (3)"). */
export const statusFilterLabels: Record<ReportStatus, string> = {
  pending: "Pending",
  verified: "Verified",
  rejected: "Rejected",
};

/** The button for a decision: back to pending is "Unpublish" for a verified report, else "Return to queue". */
export function decisionLabel(from: ReportStatus, to: ReportStatus): string {
  if (to === "verified") return "Verify";
  if (to === "rejected") return "Reject";
  return from === "verified" ? "Unpublish" : "Return to queue";
}

/** What a decision did, when the server sent no sentence of its own. */
export function decisionDone(to: ReportStatus): string {
  if (to === "verified") return reviewMessages.verified;
  if (to === "rejected") return reviewMessages.rejected;
  return reviewMessages.returnedToPending;
}

/** The status line under the filters: how many reports the filter holds, and the page. */
export function queueSummary(
  status: ReportStatus,
  commentType: CommentType | null,
  meta: { total: number; page: number; last_page: number },
  stateName?: string,
): string {
  const type = commentType ? ` of the type ${commentTypeLabels[commentType]}` : "";
  const kind = stateName ? `${type} from ${stateName}` : type;
  if (meta.total === 0) return `There are no ${status} reports${kind}.`;
  const order = status === "pending" ? ", oldest first" : "";
  const count = `${formatNumber(meta.total)} ${status} ${pluralize(meta.total, "report")}${kind}${order}.`;
  return meta.last_page > 1
    ? `${count} Page ${formatNumber(meta.page)} of ${formatNumber(meta.last_page)}.`
    : count;
}
