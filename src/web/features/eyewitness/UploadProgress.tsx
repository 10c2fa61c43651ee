import { useT } from "../../i18n";
import type { UploadProgress as Progress } from "../../lib/upload";
import styles from "./EyewitnessForm.module.css";
import { formatUploadAmount, uploadPercent } from "../report-shared";

const PROGRESS_ID = "upload-progress";
/** Screen readers hear the progress at each quarter, not at every event. */
const ANNOUNCE_EVERY = 25;

export interface UploadProgressProps {
  /** Bytes sent so far; null before the first report from the browser. */
  progress: Progress | null;
  onCancel: () => void;
}

/**
 * The upload under way: a labelled <progress> bar with the percentage and amount as text ("Uploading: 45%
 * (4.5 of 10 MB)"), a polite status announced at 0, 25, 50, 75 and 100%, and a Cancel upload button. When
 * every byte is sent it says the server is checking the report.
 */
export function UploadProgress({ progress, onCancel }: UploadProgressProps) {
  const t = useT();
  const total = progress?.total ?? null;
  const percent = progress && total ? uploadPercent(progress.loaded, total) : null;
  const sent = percent === 100;
  const text = sent
    ? t("report.upload.complete")
    : percent === null
      ? t("report.upload.uploading")
      : t("report.upload.progress", {
          percent,
          amount: formatUploadAmount(progress?.loaded ?? 0, total ?? 0, t),
        });
  const step = percent === null ? null : Math.floor(percent / ANNOUNCE_EVERY) * ANNOUNCE_EVERY;
  const announcement = sent
    ? t("report.upload.completeAnnouncement")
    : step === null
      ? t("report.upload.started")
      : t("report.upload.step", { percent: step });

  return (
    <div className={styles.upload}>
      <label htmlFor={PROGRESS_ID} className={styles.uploadLabel}>
        {t("report.upload.label")}
      </label>
      <progress id={PROGRESS_ID} className={styles.progress} max={100} value={percent ?? undefined}>
        {percent === null ? "" : t("report.upload.percent", { percent })}
      </progress>
      <p className={styles.uploadText}>{text}</p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t("report.upload.cancel")}
      </button>
    </div>
  );
}
