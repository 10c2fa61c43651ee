import { useState } from "react";
import { useT } from "../../i18n";
import { useApiQuery } from "../../lib/use-api";
import { reviewQueries } from "./review-api";
import { useReportDates } from "../report-shared";
import styles from "./ReviewsPage.module.css";

// A report's history for moderators, loaded when opened: each change to what goes public, each decision,
// who made it and when. The server keeps it (the audit log); this only shows it.

export function ReportHistory({ reportId, version }: { reportId: string; version: string }) {
  const t = useT();
  const dates = useReportDates();
  const [open, setOpen] = useState(false);
  const history = useApiQuery({ ...reviewQueries.history(reportId, version), enabled: open });
  return (
    <details className={styles.history} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t("reviews.protect.history")}</summary>
      {history.data ? (
        <ol>
          {history.data.history.map((entry, index) => (
            <li key={index}>
              <time dateTime={entry.at}>{dates.dateTime(entry.at)}</time>
              {" · "}
              {entry.by ? `${entry.by.firstname} ${entry.by.lastname}`.trim() : t("reviews.protect.system")}
              {" · "}
              {t(`reviews.protect.action.${actionKey(entry.action)}`)}
            </li>
          ))}
        </ol>
      ) : open ? (
        <p role="status">{history.failure ? t("reviews.protect.historyFailed") : t("reviews.loading")}</p>
      ) : null}
    </details>
  );
}

const knownActions = {
  "report.submitted": "submitted",
  "report.reviewed": "reviewed",
  "report.public-text-changed": "textChanged",
  "report.media-hidden": "mediaHidden",
  "report.media-shown": "mediaShown",
  "report.photo-blurred": "photoBlurred",
  "report.withdrawn": "withdrawn",
} as const;

function actionKey(action: string): (typeof knownActions)[keyof typeof knownActions] | "other" {
  return action in knownActions ? knownActions[action as keyof typeof knownActions] : "other";
}
