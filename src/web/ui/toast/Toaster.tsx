import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { useTopModalDialog } from "../Dialog";
import styles from "./Toaster.module.css";
import { currentToasts, subscribeToasts, toast, TOAST_DURATION_MS, type Toast } from "./toast-store";

const noToasts: readonly Toast[] = [];
const kindLabels = { success: "Success", warning: "Warning", error: "Error", info: "Information" } as const;

/** The one live region for toasts; rendered once by the root layout. */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, currentToasts, () => noToasts);
  // A modal dialog makes the rest of the page inert: toasts are shown inside the top dialog meanwhile.
  const host = useTopModalDialog();
  const region = (
    <section className={styles.region} aria-label="Notifications">
      <div role="status" aria-live="polite" aria-atomic="false">
        <ol className={styles.list}>
          {items.map((item) => (
            <ToastItem key={item.id} item={item} />
          ))}
        </ol>
      </div>
    </section>
  );
  return host ? createPortal(region, host) : region;
}

function ToastItem({ item }: { item: Toast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => toast.dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, item.id]);

  return (
    // Hover and focus pause the timer so the message can be read; the li itself is not operable.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      className={`${styles.toast} ${styles[item.kind]}`}
      data-kind={item.kind}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="visually-hidden">{kindLabels[item.kind]}: </span>
      <span className={styles.message}>{item.message}</span>
      <button
        type="button"
        className={styles.close}
        onClick={() => toast.dismiss(item.id)}
        aria-label="Dismiss notification"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
