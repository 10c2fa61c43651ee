import type { ReactNode } from "react";
import { useT } from "../../i18n";
import { describedBy, fieldIds } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import styles from "./EyewitnessForm.module.css";

export interface Choice<Value extends string> {
  value: Value;
  label: string;
  hint?: string;
}

export interface ChoiceGroupProps<Value extends string> {
  /** The first radio's id (the error summary links to it); the others add their value to it. */
  id: string;
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  choices: readonly Choice<Value>[];
  value: Value | "";
  onChange: (value: Value) => void;
  disabled?: boolean;
  required?: boolean;
}

/**
 * One question answered by a radio button: a fieldset whose legend is the question, its hint and error
 * ("Error: …") read with it. Keyboard: Tab reaches the group (the chosen radio, else the first), arrow keys
 * move and choose. Each choice's own hint describes its radio.
 */
export function ChoiceGroup<Value extends string>({
  id,
  name,
  legend,
  hint,
  error,
  choices,
  value,
  onChange,
  disabled,
  required,
}: ChoiceGroupProps<Value>) {
  const t = useT();
  const ids = fieldIds(id);
  return (
    <div className={error ? `${formStyles.field} ${formStyles.fieldInError}` : formStyles.field}>
      <fieldset className={styles.fieldset} aria-describedby={describedBy(id, { hint, error })}>
        <legend className={styles.legend}>{legend}</legend>
        {hint ? (
          <div id={ids.hint} className={formStyles.hint}>
            {hint}
          </div>
        ) : null}
        {error ? (
          <p id={ids.error} className={formStyles.error}>
            <span className="visually-hidden">{t("report.errorPrefix")}</span>
            {error}
          </p>
        ) : null}
        <div className={styles.choices}>
          {choices.map((choice, index) => {
            const choiceId = index === 0 ? id : `${id}-${choice.value}`;
            const hintId = `${choiceId}-choice-hint`;
            return (
              <div key={choice.value} className={styles.choice}>
                <input
                  id={choiceId}
                  type="radio"
                  name={name}
                  value={choice.value}
                  checked={value === choice.value}
                  onChange={() => onChange(choice.value)}
                  disabled={disabled}
                  required={required}
                  aria-describedby={choice.hint ? hintId : undefined}
                  className={styles.radio}
                />
                <label htmlFor={choiceId} className={styles.choiceLabel}>
                  {choice.label}
                </label>
                {choice.hint ? (
                  <div id={hintId} className={styles.choiceHint}>
                    {choice.hint}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
