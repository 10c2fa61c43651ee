import type { UploadProgress as Progress } from "../../lib/upload";
import styles from "./EyewitnessForm.module.css";
import { formatUploadAmount, uploadPercent } from "./report-format";

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
  const total = progress?.total ?? null;
  const percent = progress && total ? uploadPercent(progress.loaded, total) : null;
  const sent = percent === 100;
  const text = sent
    ? "Upload complete. Waiting for the server to confirm your report…"
    : percent === null
      ? "Uploading…"
      : `Uploading: ${percent}% (${formatUploadAmount(progress?.loaded ?? 0, total ?? 0)})`;
  const step = percent === null ? null : Math.floor(percent / ANNOUNCE_EVERY) * ANNOUNCE_EVERY;
  const announcement = sent
    ? "Upload complete. Waiting for the server to confirm your report."
    : step === null
      ? "Uploading your report."
      : `Uploading: ${step}%`;

  return (
    <div className={styles.upload}>
      <label htmlFor={PROGRESS_ID} className={styles.uploadLabel}>
        Sending your report
      </label>
      <progress id={PROGRESS_ID} className={styles.progress} max={100} value={percent ?? undefined}>
        {percent === null ? "" : `${percent}%`}
      </progress>
      <p className={styles.uploadText}>{text}</p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Cancel upload
      </button>
    </div>
  );
}
