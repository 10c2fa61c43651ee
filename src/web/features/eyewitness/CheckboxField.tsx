import type { ReactNode } from "react";
import { useT } from "../../i18n";
import { describedBy, fieldIds } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import styles from "./EyewitnessForm.module.css";

export interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** What is wrong after a submit (a required box left unticked): marks it aria-invalid and describes it. */
  error?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  required?: boolean;
}

/**
 * One yes-or-no choice: a native checkbox with its label beside it (the label is a large click target) and
 * its hint, then its error ("Error: …"), read as the checkbox's description. Keyboard: Tab reaches it, Space
 * ticks and unticks it.
 */
export function CheckboxField({
  id,
  label,
  hint,
  error,
  checked,
  onChange,
  disabled,
  required,
}: CheckboxFieldProps) {
  const t = useT();
  const ids = fieldIds(id);
  return (
    <div className={error ? `${formStyles.field} ${formStyles.fieldInError}` : formStyles.field}>
      <div className={styles.choice}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error })}
          className={styles.radio}
        />
        <label htmlFor={id} className={styles.choiceLabel}>
          {label}
        </label>
        {hint ? (
          <div id={ids.hint} className={styles.choiceHint}>
            {hint}
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={ids.error} className={formStyles.error}>
          <span className="visually-hidden">{t("report.errorPrefix")}</span>
          {error}
        </p>
      ) : null}
    </div>
  );
}
