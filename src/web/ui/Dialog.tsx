import { type ReactNode, type RefObject, useEffect, useEffectEvent, useId, useRef } from "react";
import { useT } from "../i18n/language-context";
import styles from "./Dialog.module.css";
import { keepTabInside } from "./focus-trap";
import { addOpenModal, removeOpenModal } from "./modal-stack";

// Accessibility contract: a native <dialog> opened with showModal(), so the page behind is inert and
// hidden from screen readers. Its accessible name is the title (an h2). Opening moves focus into it (the
// initialFocusRef element, else the Close button); Escape and the Close button ask the owner to close;
// closing returns focus to the element that was focused before opening.

export interface DialogProps {
  open: boolean;
  /** Called when the visitor asks to close (Escape or the Close button); the owner then sets open=false. */
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading unless titleHidden. */
  title: string;
  titleHidden?: boolean;
  /** "fullscreen" covers the whole viewport (the site menu). */
  size?: "default" | "wide" | "fullscreen";
  /** The element to focus when the dialog opens; the Close button when absent. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** The id of the text that says what the dialog asks, read out with its name when it opens. */
  describedBy?: string;
  children: ReactNode;
}

export function Dialog({
  open,
  onClose,
  title,
  titleHidden = false,
  size = "default",
  initialFocusRef,
  describedBy,
  children,
}: DialogProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const requestClose = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const native = typeof dialog.showModal === "function";

    // The browser's own Escape handling: keep React the owner of `open` by cancelling and asking.
    const onCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // Chromium lets a repeated Escape close the dialog even when cancel is prevented; follow it.
    const onNativeClose = () => requestClose();
    // Without showModal (old browsers, jsdom) the dialog is shown non-modally; Escape still closes it.
    const onEscapeKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") requestClose();
    };
    const onTabKey = (event: KeyboardEvent) => keepTabInside(dialog, event);

    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onNativeClose);
    dialog.addEventListener("keydown", onTabKey);
    if (native) {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute("open", "");
      dialog.addEventListener("keydown", onEscapeKey);
    }
    addOpenModal(dialog);
    (initialFocusRef?.current ?? closeButtonRef.current)?.focus();

    return () => {
      dialog.removeEventListener("cancel", onCancel);
      // Removed before close() so closing from here does not call onClose a second time.
      dialog.removeEventListener("close", onNativeClose);
      dialog.removeEventListener("keydown", onEscapeKey);
      dialog.removeEventListener("keydown", onTabKey);
      removeOpenModal(dialog);
      if (native && typeof dialog.close === "function") {
        if (dialog.open) dialog.close();
      } else {
        dialog.removeAttribute("open");
      }
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  return (
    <dialog
      ref={dialogRef}
      className={`${styles.dialog} ${size === "default" ? "" : styles[size]}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={titleHidden ? "visually-hidden" : styles.title}>
          {title}
        </h2>
        <button
          ref={closeButtonRef}
          type="button"
          className={`button button--secondary ${styles.close}`}
          onClick={onClose}
        >
          {t("common.close")}
          <span aria-hidden="true" className={styles.closeIcon}>
            ×
          </span>
        </button>
      </div>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
