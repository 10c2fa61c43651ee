import { useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { OwnReportView } from "../../../domain/reports/report-rules";
import { useFailureText, useT } from "../../i18n";
import { useApiMutation } from "../../lib/use-api";
import { toast } from "../../ui/toast/toast-store";
import { withdrawReport } from "../moderation";
import { publishedQueries } from "../published";
import { myReportsQueries } from "./my-reports-api";
import styles from "./MyReportsPage.module.css";

/**
 * "Withdraw" on one of the reporter's own reports, at any time: a confirmation in words (what happens, and
 * that it is for good), then the server takes it out of public view and open data at once. A withdrawn
 * report says so instead.
 */
export function WithdrawReport({ report }: { report: OwnReportView }) {
  const t = useT();
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const withdraw = useApiMutation({
    mutationFn: () => withdrawReport(report.id),
    onSuccess: () => {
      toast.success(t("myReports.withdraw.done"));
      setAsking(false);
      // Every page of the reporter's list, and the public list the report leaves.
      void queryClient.invalidateQueries({ queryKey: myReportsQueries.all });
      void queryClient.invalidateQueries({ queryKey: publishedQueries.all });
    },
    onError: (error) => {
      toast.error(failureText(error, { other: t("myReports.withdraw.failed") }));
      // Withdrawn meanwhile in another tab, or no longer the reporter's: the list says how it is now.
      void queryClient.invalidateQueries({ queryKey: myReportsQueries.all });
    },
  });
  if (report.withdrawnAt) return <p className={styles.status}>{t("myReports.withdraw.withdrawn")}</p>;
  if (!asking) {
    return (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setAsking(true);
          requestAnimationFrame(() => question.current?.focus());
        }}
      >
        {t("myReports.withdraw.button")}
      </button>
    );
  }
  return (
    <div role="group" aria-label={t("myReports.withdraw.button")}>
      <p ref={question} tabIndex={-1}>
        {t("myReports.withdraw.confirm")}
      </p>
      <button
        type="button"
        className="button"
        aria-disabled={withdraw.isPending || undefined}
        onClick={() => {
          if (!withdraw.isPending) withdraw.mutate();
        }}
      >
        {t("myReports.withdraw.yes")}
      </button>{" "}
      <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
        {t("myReports.withdraw.cancel")}
      </button>
    </div>
  );
}
