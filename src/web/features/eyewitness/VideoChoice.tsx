import { useRef, useState, type ChangeEvent } from "react";
import { T, useT } from "../../i18n";
import { fieldIds } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import { TextField } from "../../ui/form/TextField";
import { ChoiceGroup, type Choice } from "./ChoiceGroup";
import styles from "./EyewitnessForm.module.css";
import { reportFields, videoProblem, type VideoSource } from "./report-form-checks";
import { formatFileSize } from "../report-shared";

export const VIDEO_ACCEPT = "video/mp4,video/quicktime,video/x-msvideo";

export interface VideoChoiceProps {
  source: VideoSource;
  onSourceChange: (source: VideoSource) => void;
  file: File | null;
  onFileChange: (file: File | null) => void;
  url: string;
  onUrlChange: (url: string) => void;
  /** What the last submit found wrong with the video file or the link. */
  fileError?: string;
  urlError?: string;
  disabled?: boolean;
}

/**
 * One video, as a file or as a link (a radio choice; only the chosen one is sent). A file of the wrong
 * type or over 100 MB is refused at once with a message naming it; a chosen file is shown with its size
 * and a Remove button, after which focus returns to the file input.
 */
export function VideoChoice({
  source,
  onSourceChange,
  file,
  onFileChange,
  url,
  onUrlChange,
  fileError,
  urlError,
  disabled,
}: VideoChoiceProps) {
  const t = useT();
  const sources: readonly Choice<VideoSource>[] = [
    { value: "file", label: t("report.video.fileChoice"), hint: t("report.video.fileHint") },
    { value: "link", label: t("report.video.linkChoice"), hint: t("report.video.linkChoiceHint") },
  ];
  const [refused, setRefused] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    const problem = videoProblem(chosen, (key, values) => t(`report.checks.${key}`, values));
    setRefused(problem);
    if (!problem) onFileChange(chosen);
  }

  function remove() {
    onFileChange(null);
    setRefused(null);
    input.current?.focus();
  }

  const ids = fieldIds(reportFields.videoFile);
  const error = refused ?? fileError;
  const hint = file ? t("report.video.replaces") : t("report.video.fileHint");
  return (
    <>
      <ChoiceGroup
        id={reportFields.videoSource}
        name="videoSource"
        legend={t("report.video.legend")}
        choices={sources}
        value={source}
        onChange={onSourceChange}
        disabled={disabled}
      />
      {source === "file" ? (
        <div className={error ? `${formStyles.field} ${formStyles.fieldInError}` : formStyles.field}>
          <label className={formStyles.label} htmlFor={reportFields.videoFile}>
            {t("report.video.fileLabel")}
          </label>
          <div id={ids.hint} className={formStyles.hint}>
            {hint}
          </div>
          {error ? (
            <p id={ids.error} className={formStyles.error}>
              <span className="visually-hidden">{t("report.errorPrefix")}</span>
              {error}
            </p>
          ) : null}
          <input
            ref={input}
            id={reportFields.videoFile}
            type="file"
            accept={VIDEO_ACCEPT}
            onChange={choose}
            disabled={disabled}
            className={styles.fileInput}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
          />
          <p className="visually-hidden" role="status">
            {file ? t("report.video.chosenStatus", { name: file.name }) : ""}
          </p>
          {file ? (
            <div className={styles.chosenVideo}>
              <p className={styles.slotName}>
                {t("report.video.chosen", { name: file.name, size: formatFileSize(file.size) })}
              </p>
              <button type="button" className="button button--secondary" onClick={remove} disabled={disabled}>
                <T
                  id="report.video.remove"
                  values={{ name: file.name }}
                  components={{ hidden: <span className="visually-hidden" /> }}
                />
              </button>
            </div>
          ) : null}
        </div>
      ) : (
        <TextField
          id={reportFields.videoUrl}
          type="url"
          label={t("report.video.linkLabel")}
          hint={t("report.video.linkHint")}
          value={url}
          onChange={onUrlChange}
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          autoCapitalize="none"
          disabled={disabled}
          error={urlError}
        />
      )}
    </>
  );
}
