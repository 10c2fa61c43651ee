import { type MouseEvent, useId, useLayoutEffect, useRef } from "react";
import { useT } from "../../i18n/language-context";
import type { FormProblem } from "./form-problem";
import styles from "./form.module.css";

/**
 * "There is a problem": shown at the top of a form after a failed submit. It takes focus when it appears
 * (and again on every new submit), so keyboard and screen-reader users land on it; role="alert" announces
 * it. Each field to fix is a link that moves focus to that field.
 */
export function ErrorSummary({ problem, title }: { problem: FormProblem; title?: string }) {
  const t = useT();
  const titleId = useId();
  const summary = useRef<HTMLDivElement>(null);

  // A new problem object is a new submit: focus again even if the text is the same.
  useLayoutEffect(() => {
    summary.current?.focus();
  }, [problem]);

  return (
    <div ref={summary} className={styles.summary} role="alert" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className={styles.summaryTitle}>
        {title ?? t("common.errorSummaryTitle")}
      </h2>
      {problem.message ? <p className={styles.summaryMessage}>{problem.message}</p> : null}
      {problem.fields.length > 0 ? (
        <ul className={styles.summaryList}>
          {problem.fields.map((field) => (
            <li key={field.fieldId}>
              <a href={`#${field.fieldId}`} onClick={(event) => focusField(event, field.fieldId)}>
                {field.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

// Focus the input itself (a plain #link would only scroll, and would change the URL's hash), and bring
// its label into view with it.
function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const input = document.getElementById(fieldId);
  if (!input) return;
  event.preventDefault();
  const label = input instanceof HTMLInputElement ? input.labels?.[0] : undefined;
  input.focus({ preventScroll: true });
  (label ?? input).scrollIntoView?.({ block: "center" });
}
