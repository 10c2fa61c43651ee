import { useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useT } from "../../i18n";
import { Dialog } from "../../ui/Dialog";
import styles from "./UnsentReportsDialog.module.css";

/** The person's answer; "cancel" (Escape, Close) stays signed in with everything as it was. */
export type UnsentChoice = "send" | "keep" | "delete" | "cancel";

export interface UnsentReportsDialogProps {
  /** Reports of this account still on the device. */
  count: number;
  sending: boolean;
  /** Why "Send it now" did not send everything, in the page's language. */
  problem: string | null;
  onChoose: (choice: UnsentChoice) => void;
}

/**
 * Asked when someone signs out with reports still unsent on this device: send them now, keep them on this
 * phone for this account's next sign-in, or delete them. A modal dialog (focus on "Send it now", Escape
 * or Close keeps the person signed in), put in the document's body so that neither the account menu nor
 * the site menu it is opened from handles its keys.
 */
export function UnsentReportsDialog({ count, sending, problem, onChoose }: UnsentReportsDialogProps) {
  const t = useT();
  const questionId = useId();
  const sendButton = useRef<HTMLButtonElement>(null);
  const choices: { choice: UnsentChoice; label: string }[] = [
    {
      choice: "send",
      label: sending ? t("dashboard.unsent.sending") : t("dashboard.unsent.send", { count }),
    },
    { choice: "keep", label: t("dashboard.unsent.keep", { count }) },
    { choice: "delete", label: t("dashboard.unsent.delete", { count }) },
  ];
  return createPortal(
    <Dialog
      open
      onClose={() => onChoose("cancel")}
      title={t("dashboard.unsent.title", { count })}
      describedBy={questionId}
      initialFocusRef={sendButton}
    >
      <p id={questionId}>{t("dashboard.unsent.question", { count })}</p>
      {problem ? (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : null}
      <div className={styles.choices}>
        {choices.map(({ choice, label }, index) => (
          <button
            key={choice}
            ref={index === 0 ? sendButton : undefined}
            type="button"
            className={index === 0 ? "button" : "button button--secondary"}
            aria-disabled={sending || undefined}
            onClick={() => {
              // While sending, the buttons stay where they are (focus is not lost) but do nothing.
              if (!sending) onChoose(choice);
            }}
          >
            {label}
          </button>
        ))}
      </div>
    </Dialog>,
    document.body,
  );
}
