import { type KeyboardEvent, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useT } from "../../i18n";
import { paths } from "../../../domain/routes";
import { useDocumentListener } from "../../ui/useDocumentListener";
import styles from "./AccountMenu.module.css";
import { useLogout } from "./use-logout";

export interface AccountMenuProps {
  firstname: string;
}

/**
 * The top bar's account menu: a disclosure button showing the first name that reveals a link to
 * the home page ("Homepage") and a Logout button. Keyboard: Enter or Space toggles it; ArrowDown (or
 * ArrowUp) opens it on the first (or last) item; arrows, Home and End move between the items; Escape
 * closes it and returns focus to the button; tabbing or clicking away closes it.
 */
export function AccountMenu({ firstname }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const listId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { logOut, loggingOut, dialog } = useLogout({
    onLoggedOut: () => setOpen(false),
    // The question about unsent reports opens from the account button, where focus returns if the
    // person stays signed in.
    onAsking: () => {
      setOpen(false);
      buttonRef.current?.focus();
    },
  });

  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>("a, button") ?? [])];
  const openOn = (which: "first" | "last") => {
    // Shown synchronously so the item can take focus at once.
    flushSync(() => setOpen(true));
    (which === "first" ? items()[0] : items().at(-1))?.focus();
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  // A pointer press outside closes the menu (focus goes wherever the press put it), from the moment it opens.
  useDocumentListener(
    "pointerdown",
    (event) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    },
    open,
  );

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openOn(event.key === "ArrowDown" ? "first" : "last");
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (index + 1) % all.length,
      ArrowUp: (index - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    const target = move[event.key];
    if (target !== undefined) {
      event.preventDefault();
      all[target]?.focus();
    }
  };

  return (
    // Escape anywhere inside (button or items) closes the menu; the handler only listens, it adds no
    // interaction of its own.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={containerRef}
      className={styles.menu}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        // Tabbing out of the menu closes it. A null relatedTarget is ignored: Safari does not focus a
        // clicked button, and closing then would swallow the click on Logout.
        const next = event.relatedTarget;
        if (open && next instanceof Node && !containerRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={onButtonKeyDown}
      >
        <span className={styles.name}>{firstname}</span>
        <span className="visually-hidden">{` ${t("dashboard.yourAccount")}`}</span>
        <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
      {/* Arrow keys move between the two items; each is a real link or button. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <ul ref={listRef} id={listId} className={styles.list} hidden={!open} onKeyDown={onListKeyDown}>
        <li>
          <Link className={styles.item} to={paths.home()}>
            {t("dashboard.homepage")}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={styles.item}
            aria-disabled={loggingOut || undefined}
            onClick={() => void logOut()}
          >
            {loggingOut ? t("dashboard.loggingOut") : t("dashboard.logout")}
          </button>
        </li>
      </ul>
      {dialog}
    </div>
  );
}
