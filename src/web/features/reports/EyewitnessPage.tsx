import { useRef, useState } from "react";
import { useSessionUser } from "../../lib/session";
import { EyewitnessForm } from "./EyewitnessForm";
import styles from "./EyewitnessForm.module.css";

export const queuedMessage =
  "There is no connection, so your report is kept on this device. It will be sent when the connection returns, and then appear under My reports. You can send another one below.";

/**
 * The dashboard's first page (spec §2: the index is the Eyewitness form): a welcome line, the heading and
 * the form. After a report is accepted the form starts afresh and focus moves to the heading, so keyboard
 * and screen-reader users start again at the top; a note under it says the report was sent. Renders inside
 * the dashboard's main landmark.
 */
export function EyewitnessPage() {
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
      {user ? <p className={styles.welcome}>Welcome, {user.firstname}.</p> : null}
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        Eyewitness report
      </h1>
      {sent > 0 && queued ? (
        <p className={styles.sent}>{queuedMessage}</p>
      ) : sent > 0 ? (
        <p className={styles.sent}>
          Thank you: your report was sent. It is waiting for review, and you can follow it under My reports in
          the dashboard menu. You can send another one below.
        </p>
      ) : null}
      <p className={styles.lead}>
        Tell us what you saw or lived: a barrier, an experience, a question or a contribution, with
        photographs or a video if you have them. Every report is reviewed before anything is published.
      </p>
      <p>All fields are required unless marked optional.</p>
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
