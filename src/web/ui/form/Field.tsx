import type { ReactNode } from "react";
import { useT } from "../../i18n/language-context";
import styles from "./form.module.css";

/** Ids of a field's hint and error, which its input names in aria-describedby. */
export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

/** The ids an input is described by, in reading order: hint, error, then anything the caller adds. */
export function describedBy(
  id: string,
  { hint, error, extra }: { hint?: ReactNode; error?: string; extra?: string },
): string | undefined {
  const ids = fieldIds(id);
  const list = [hint ? ids.hint : null, error ? ids.error : null, extra ?? null].filter(Boolean);
  return list.length > 0 ? list.join(" ") : undefined;
}

/**
 * Label, hint and error around one input. The error is prefixed with a visually hidden "Error:" so a
 * screen reader says it is one, and a bar marks the field (not colour alone).
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  const t = useT();
  const ids = fieldIds(id);
  return (
    <div className={error ? `${styles.field} ${styles.fieldInError}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <div id={ids.hint} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={ids.error} className={styles.error}>
          <span className="visually-hidden">{t("common.fieldErrorPrefix")} </span>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}
