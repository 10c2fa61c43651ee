import { formatNumber } from "../../../domain/format";
import type { CommentType, ReportStatus } from "../../../domain/reports/report-rules";
import type { Translate } from "../../i18n";

// The words of the review queue that depend on a report's status or a decision: the names of the
// decisions, what a decision did, and the status line (catalogue: reviews).

/** The button for a decision: back to pending is "Unpublish" for a verified report, else "Return to queue". */
export function decisionLabel(t: Translate, from: ReportStatus, to: ReportStatus): string {
  if (to === "verified") return t("reviews.decision.verify");
  if (to === "rejected") return t("reviews.decision.reject");
  return t(from === "verified" ? "reviews.decision.unpublish" : "reviews.decision.returnToQueue");
}

/** What a decision did (as the server's decisionMessage says it in English). */
export function decisionDone(t: Translate, from: ReportStatus, to: ReportStatus): string {
  if (to === "verified") return t("reviews.done.verified");
  if (to === "rejected") return t("reviews.done.rejected");
  return t(from === "verified" ? "reviews.done.returnedToPending" : "reviews.done.reopened");
}

/** The status line under the filters: how many reports the filter holds, and the page. */
export function queueSummary(
  t: Translate,
  status: ReportStatus,
  commentType: CommentType | null,
  meta: { total: number; page: number; last_page: number },
  stateName?: string,
): string {
  const values = {
    status,
    hasType: commentType ? "yes" : "no",
    type: commentType ? t(`common.commentType.${commentType}`) : "",
    hasState: stateName ? "yes" : "no",
    state: stateName ?? "",
  };
  if (meta.total === 0) return t("reviews.summary.none", values);
  const count = t("reviews.summary.count", { ...values, count: meta.total });
  return meta.last_page > 1
    ? `${count} ${t("reviews.summary.page", { page: formatNumber(meta.page), lastPage: formatNumber(meta.last_page) })}`
    : count;
}
