import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from "react";
import { useT } from "../i18n/language-context";
import styles from "./InfoTooltip.module.css";
import { useDocumentListener } from "./useDocumentListener";

interface InfoTooltipProps {
  /** Accessible name of the "i" button, e.g. "About disability population". */
  label: string;
  /** The explanation; phrasing content only (it sits inside a span). */
  children: ReactNode;
}

/** Space kept between the tip and the edges of the viewport, in CSS pixels. */
const VIEWPORT_MARGIN = 8;

/**
 * An "i" button that explains a figure (WCAG 1.4.13 content on hover or focus).
 *
 * Keyboard: Tab to the button shows the tip; Enter or Space pins or closes it; Escape closes it without
 * moving focus. Screen readers: the tip is the button's description (aria-describedby), so it is read
 * whether or not it is shown. Pointer: hovering shows it, and the pointer can move onto the tip.
 * Touch: a tap toggles it, a tap elsewhere closes it.
 */
export function InfoTooltip({ label, children }: InfoTooltipProps) {
  const t = useT();
  const tipId = useId();
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const tipRef = useRef<HTMLSpanElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  // Escape (or a tap elsewhere) hides the tip until the next hover, focus or click.
  const [dismissed, setDismissed] = useState(false);
  const open = !dismissed && (hovered || focused || pinned);

  // Escape, or a press outside, hides the tip; heard from the moment the tip is drawn.
  function dismiss() {
    setPinned(false);
    setDismissed(true);
  }
  useDocumentListener(
    "keydown",
    (event) => {
      if (event.key === "Escape") dismiss();
    },
    open,
  );
  useDocumentListener(
    "pointerdown",
    (event) => {
      if (!wrapperRef.current?.contains(event.target as Node)) dismiss();
    },
    open,
  );

  // Keep the tip inside the viewport at 320px and when magnified: shift it sideways if it would overflow.
  useLayoutEffect(() => {
    const tip = tipRef.current;
    if (!open || !tip) return;
    tip.style.removeProperty("--tip-shift");
    const viewportWidth = document.documentElement.clientWidth;
    if (viewportWidth === 0) return;
    const { left, right } = tip.getBoundingClientRect();
    let shift = 0;
    if (left < VIEWPORT_MARGIN) shift = VIEWPORT_MARGIN - left;
    else if (right > viewportWidth - VIEWPORT_MARGIN) shift = viewportWidth - VIEWPORT_MARGIN - right;
    if (shift !== 0) tip.style.setProperty("--tip-shift", `${shift}px`);
  }, [open]);

  // Touch pointers also fire enter and leave around a tap; only a mouse hovers.
  function onPointerEnter(event: ReactPointerEvent) {
    if (event.pointerType !== "mouse") return;
    setHovered(true);
    setDismissed(false);
  }
  function onPointerLeave(event: ReactPointerEvent) {
    if (event.pointerType === "mouse") setHovered(false);
  }

  function toggle() {
    if (open && pinned) {
      setPinned(false);
      setDismissed(true);
    } else {
      setPinned(true);
      setDismissed(false);
    }
  }

  return (
    // The wrapper only listens for the pointer, so the tip stays open while the pointer is over it.
    <span
      ref={wrapperRef}
      className={styles.wrapper}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <button
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-describedby={tipId}
        onClick={toggle}
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
      >
        <span className={styles.icon} aria-hidden="true">
          {t("common.infoIcon")}
        </span>
      </button>
      <span ref={tipRef} id={tipId} role="tooltip" className={styles.tip} hidden={!open}>
        {children}
      </span>
    </span>
  );
}
