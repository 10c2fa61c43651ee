import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from "react";
import { useT } from "../../i18n/language-context";
import styles from "./form.module.css";

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  /** True while the form's request is on its way. */
  loading: boolean;
  /** The label when idle, e.g. "Create account"; 'submit' when none is given. */
  children?: ReactNode;
}

/**
 * A form's submit button. While loading it shows a spinner and 'sending....', is aria-busy and
 * aria-disabled, and ignores presses (Enter in a field included). It stays focusable rather than
 * disabled, so keyboard focus is not thrown back to the top of the page mid-request.
 */
export function SubmitButton({ loading, children, className, onClick, ...button }: SubmitButtonProps) {
  const t = useT();
  const guard = (event: MouseEvent<HTMLButtonElement>) => {
    // Pressing Enter in a field submits through a click on this button: cancelling it stops a second send.
    if (loading) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button
      {...button}
      type="submit"
      className={`button ${styles.submit}${className ? ` ${className}` : ""}`}
      aria-busy={loading}
      aria-disabled={loading || undefined}
      onClick={guard}
    >
      {loading ? (
        <>
          <span className={styles.busyIcon} aria-hidden="true" />
          {t("common.sending")}
        </>
      ) : (
        (children ?? t("common.submit"))
      )}
    </button>
  );
}
