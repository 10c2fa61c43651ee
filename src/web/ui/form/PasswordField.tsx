import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { useT } from "../../i18n/language-context";
import { describedBy, FieldFrame } from "./Field";
import styles from "./form.module.css";

export interface PasswordFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "type" | "value" | "onChange" | "children"
> {
  id: string;
  /** Visible label; the show button is named after it ("Show confirm password"). */
  label: string;
  value: string;
  /** Receives the value exactly as typed: a password is never trimmed. */
  onChange: (value: string) => void;
  /** "new-password" on forms that set one, "current-password" on sign-in. */
  autoComplete: "new-password" | "current-password";
  hint?: ReactNode;
  error?: string;
  /** Shown under the input, inside the field: live password rules, for instance. */
  below?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled password input with a Show toggle button after it. Keyboard: Tab reaches the input, then the
 * button; Enter or Space on the button shows or hides the characters. Screen readers hear the button as
 * "Show password, toggle button, pressed / not pressed" (aria-pressed; the name does not change), and the
 * hint and error as with TextField.
 */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  below,
  className,
  "aria-describedby": extraDescription,
  ...input
}: PasswordFieldProps) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className={styles.passwordRow}>
        <input
          {...input}
          id={id}
          type={shown ? "text" : "password"}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={className ? `${styles.input} ${className}` : styles.input}
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error, extra: extraDescription })}
        />
        <button
          type="button"
          className={`button button--secondary ${styles.toggle}`}
          aria-pressed={shown}
          aria-controls={id}
          aria-label={t("common.showPasswordLabel", { label: lowerFirst(label) })}
          onClick={() => setShown((value) => !value)}
        >
          {t("common.showPassword")}
        </button>
      </div>
      {below}
    </FieldFrame>
  );
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
