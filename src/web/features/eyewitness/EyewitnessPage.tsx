import { useRef, useState } from "react";
import { useT } from "../../i18n";
import { useSessionUser } from "../../lib/session";
import { EyewitnessForm } from "./EyewitnessForm";
import styles from "./EyewitnessForm.module.css";

/**
 * The dashboard's first page (the index is the Eyewitness form): a welcome line, the heading and
 * the form. After a report is accepted the form starts afresh and focus moves to the heading, so keyboard
 * and screen-reader users start again at the top; a note under it says the report was sent. Renders inside
 * the dashboard's main landmark.
 */
export function EyewitnessPage() {
  const t = useT();
  const user = useSessionUser();
  const heading = useRef<HTMLHeadingElement>(null);
  // Each accepted report starts a new form: fresh fields, chosen files and their previews released.
  const [sent, setSent] = useState(0);
  const [queued, setQueued] = useState(false);
  const startAgain = (wasQueued: boolean) => {
    heading.current?.focus();
    setQueued(wasQueued);
    setSent((count) => count + 1);
  };

  return (
    <div className={styles.page}>
      {user ? <p className={styles.welcome}>{t("report.welcome", { name: user.firstname })}</p> : null}
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {t("report.title")}
      </h1>
      {sent > 0 && queued ? (
        <p className={styles.sent}>{t("report.queued")}</p>
      ) : sent > 0 ? (
        <p className={styles.sent}>{t("report.sent")}</p>
      ) : null}
      <p className={styles.lead}>{t("report.lead")}</p>
      <p>{t("report.requiredNote")}</p>
      {user ? (
        <EyewitnessForm
          key={`${user.id}-${sent}`}
          user={user}
          onSubmitted={() => startAgain(false)}
          onQueued={() => startAgain(true)}
        />
      ) : null}
    </div>
  );
}
