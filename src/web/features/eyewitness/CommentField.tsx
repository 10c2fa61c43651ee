import { useEffect, useRef, useState } from "react";
import { formatNumber } from "../../../domain/format";
import { COMMENT_MAX_LENGTH } from "../../../domain/reports/report-rules";
import { useT, type Translate } from "../../i18n";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import styles from "./EyewitnessForm.module.css";

/** From this many characters on, the count is announced to screen readers (90% of the limit). */
export const ANNOUNCE_FROM = Math.floor(COMMENT_MAX_LENGTH * 0.9);
/** The pause in typing after which the count is announced, so each keystroke is not read out. */
export const ANNOUNCE_DELAY_MS = 500;

const limit = formatNumber(COMMENT_MAX_LENGTH);

/** What a screen reader hears near or over the limit; nothing before. */
export function countAnnouncement(length: number, t: Translate): string {
  if (length < ANNOUNCE_FROM) return "";
  if (length > COMMENT_MAX_LENGTH)
    return t("report.comment.tooManyAnnouncement", { count: length - COMMENT_MAX_LENGTH });
  return t("report.comment.remainingAnnouncement", { count: COMMENT_MAX_LENGTH - length });
}

export interface CommentFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * The comment: a labelled textarea with a live count under it ("1,234 of 5,000 characters"). The count
 * is shown to everyone; a screen reader hears the limit in the hint, and the count itself only near or
 * over the limit, politely, once typing pauses. Going over is allowed (nothing pasted is cut off) and is
 * shown in bold error text, then refused on submit.
 */
export function CommentField({ id, value, onChange, error, disabled }: CommentFieldProps) {
  const t = useT();
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    onChange(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAnnouncement(countAnnouncement(next.length, t)), ANNOUNCE_DELAY_MS);
  };

  const over = value.length > COMMENT_MAX_LENGTH;
  const hint = t("report.comment.hint", { limit });
  return (
    <FieldFrame id={id} label={t("report.comment.label")} hint={hint} error={error}>
      <textarea
        id={id}
        name="comment"
        rows={8}
        value={value}
        onChange={(event) => change(event.target.value)}
        disabled={disabled}
        required
        className={`${formStyles.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
      />
      <p className={over ? `${styles.count} ${styles.countOver}` : styles.count} aria-hidden="true">
        {over
          ? t("report.comment.countOver", {
              length: formatNumber(value.length),
              limit,
              over: formatNumber(value.length - COMMENT_MAX_LENGTH),
            })
          : t("report.comment.count", { length: formatNumber(value.length), limit })}
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </FieldFrame>
  );
}
