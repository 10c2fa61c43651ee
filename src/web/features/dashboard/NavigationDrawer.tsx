import { type ReactNode, useEffect, useRef } from "react";
import { Link, useT } from "../../i18n";
import { paths } from "../../../domain/routes";
import type { UserRole } from "../../../domain/accounts/user";
import { Dialog } from "../../ui/Dialog";
import { DashboardNavigation } from "./DashboardNavigation";
import styles from "./NavigationDrawer.module.css";

export interface NavigationDrawerProps {
  open: boolean;
  onClose: () => void;
  role: UserRole;
  logo: ReactNode;
  /** Id of the drawer's content, for the toggle's aria-controls. */
  id: string;
}

/**
 * The dashboard navigation on small screens: a modal side drawer over a dark overlay, with a
 * Close button, the logo and the navigation list. Focus moves in and stays inside; Escape, the Close
 * button and a click on the overlay close it, and focus returns to the menu toggle.
 */
export function NavigationDrawer({ open, onClose, role, logo, id }: NavigationDrawerProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const t = useT();

  // The overlay is the dialog's ::backdrop: a click there reaches the <dialog> itself, outside its box.
  useEffect(() => {
    const dialog = contentRef.current?.closest("dialog");
    if (!open || !dialog) return;
    const onClick = (event: MouseEvent) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) onClose();
    };
    dialog.addEventListener("click", onClick);
    return () => dialog.removeEventListener("click", onClick);
  }, [open, onClose]);

  return (
    <Dialog open={open} onClose={onClose} title={t("dashboard.navigationMenu")} titleHidden size="fullscreen">
      <div ref={contentRef} id={id} className={styles.drawer}>
        <Link to={paths.home()} className={styles.logo}>
          {logo}
        </Link>
        <DashboardNavigation role={role} />
      </div>
    </Dialog>
  );
}
