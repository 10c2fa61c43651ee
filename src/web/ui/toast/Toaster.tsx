import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { useTopModalDialog } from "../modal-stack";
import { useT } from "../../i18n/language-context";
import styles from "./Toaster.module.css";
import { currentToasts, subscribeToasts, toast, TOAST_DURATION_MS, type Toast } from "./toast-store";

const noToasts: readonly Toast[] = [];
const kindLabels = {
  success: "common.toast.success",
  warning: "common.toast.warning",
  error: "common.toast.error",
  info: "common.toast.info",
} as const;

/** The one live region for toasts; rendered once by the root layout. */
export function Toaster() {
  const t = useT();
  const items = useSyncExternalStore(subscribeToasts, currentToasts, () => noToasts);
  // A modal dialog makes the rest of the page inert: toasts are shown inside the top dialog meanwhile.
  const host = useTopModalDialog();
  const ref = useRef<HTMLElement>(null);
  // Top-centre, but never over the site's header or top bar (while on screen), the page's heading, what has
  // focus, an open menu or a dialog's title bar: below them when they are there (what is taller than half
  // the screen, a whole section, is not avoided).
  useLayoutEffect(() => {
    // Nothing to place: measuring the page's boxes forces a layout, which on the first render would make
    // the page's hydration a longer task (on a slow phone, a tap unanswered meanwhile).
    if (items.length === 0) return;
    const place = () => {
      const region = ref.current;
      if (!region) return;
      region.style.top = "";
      const boxes = [
        document.activeElement,
        ...document.querySelectorAll(
          'header:not(main *), main h1, dialog[open] > :first-child, [aria-expanded="true"] + *',
        ),
      ]
        .map((element) => element?.getBoundingClientRect())
        .filter((box) => box && box.height < innerHeight / 2)
        .sort((a, b) => a!.top - b!.top);
      for (const box of boxes) {
        const own = region.getBoundingClientRect();
        if (box!.top < own.bottom && box!.bottom > own.top && box!.left < own.right && box!.right > own.left)
          region.style.top = `${box!.bottom + 8}px`;
      }
    };
    const later = () => requestAnimationFrame(place);
    place();
    addEventListener("focusin", place);
    addEventListener("click", later);
    // What the toast reacts to may change the layout after this effect: saving the profile renames the
    // account in the header, which can wrap to a second line and push the heading under the toast (React
    // drew both in one commit; Preact commits the toaster first). Placed again whenever those boxes change.
    const resized = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(() => place());
    for (const element of document.querySelectorAll("header:not(main *), main h1, main"))
      resized?.observe(element);
    return () => {
      removeEventListener("focusin", place);
      removeEventListener("click", later);
      resized?.disconnect();
    };
  }, [items]);
  // A toast belongs to its page: following a link or going back clears it (capture: before the link's
  // own handler, which may show a new one). One shown by an action that then navigates stays.
  useEffect(() => {
    const leave = (event: Event) =>
      (event.type === "popstate" || (event.target as Element).closest?.('a[href]:not([href^="#"])')) &&
      toast.clear();
    addEventListener("click", leave, true);
    addEventListener("popstate", leave);
    return () => {
      removeEventListener("click", leave, true);
      removeEventListener("popstate", leave);
    };
  }, []);
  const region = (
    <section ref={ref} className={styles.region} aria-label={t("common.toast.region")}>
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
  const t = useT();
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
      <span className="visually-hidden">
        {t("common.toast.kindPrefix", { kind: t(kindLabels[item.kind]) })}{" "}
      </span>
      <span className={styles.message}>{item.message}</span>
      <button
        type="button"
        className={styles.close}
        onClick={() => toast.dismiss(item.id)}
        aria-label={t("common.toast.dismiss")}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
