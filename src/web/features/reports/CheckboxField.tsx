import type { ReactNode } from "react";
import formStyles from "../../ui/form/form.module.css";
import styles from "./EyewitnessForm.module.css";

export interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * One yes-or-no choice: a native checkbox with its label beside it (the label is a large click target) and
 * its hint read as the checkbox's description. Keyboard: Tab reaches it, Space ticks and unticks it.
 */
export function CheckboxField({ id, label, hint, checked, onChange, disabled }: CheckboxFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className={`${formStyles.field} ${styles.choice}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        className={styles.radio}
      />
      <label htmlFor={id} className={styles.choiceLabel}>
        {label}
      </label>
      {hint ? (
        <div id={hintId} className={styles.choiceHint}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}
