import { type ReactNode, useCallback, useId, useState } from "react";
import { useLocation } from "react-router";
import { Link, useT } from "../../i18n";
import { LanguageSwitch } from "../../i18n/LanguageSwitch";
import { paths } from "../../../domain/routes";
import type { SessionUser } from "../../lib/session";
import { AccountMenu } from "./AccountMenu";
import { DashboardNavigation } from "./DashboardNavigation";
import styles from "./DashboardShell.module.css";
import { NavigationDrawer } from "./NavigationDrawer";
import { readSidebarCollapsed, saveSidebarCollapsed } from "./sidebar-preference";
import { useWideScreen } from "./use-wide-screen";

export interface DashboardShellProps {
  user: SessionUser;
  logo: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in layout: a top bar (menu toggle, logo, account menu), the navigation and the
 * main landmark (#main, the skip link's target). On wide screens the navigation is a sidebar, 250px or
 * collapsed to 80px of icons (remembered on this device); on small screens it is a drawer. The toggle's
 * aria-expanded tells which: sidebar labels shown, or drawer open.
 */
export function DashboardShell({ user, logo, children }: DashboardShellProps) {
  const wide = useWideScreen();
  const t = useT();
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const [shownFor, setShownFor] = useState(location.key);
  const sidebarId = useId();
  const drawerId = useId();

  // Following a link closes the drawer, and so does growing into the sidebar layout.
  if (drawerOpen && (shownFor !== location.key || wide)) setDrawerOpen(false);
  if (shownFor !== location.key) setShownFor(location.key);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const toggle = () => {
    if (!wide) {
      setDrawerOpen(true);
      return;
    }
    const next = !collapsed;
    setCollapsed(next);
    saveSidebarCollapsed(next);
  };

  return (
    <div className={`${styles.shell} ${collapsed ? styles.collapsed : ""}`}>
      <header className={styles.topBar}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={wide ? !collapsed : drawerOpen}
          aria-controls={wide ? sidebarId : drawerId}
          onClick={toggle}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.toggleIcon}>
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{t("dashboard.navigationMenu")}</span>
        </button>
        <Link to={paths.home()} className={styles.logo}>
          {logo}
        </Link>
        <div className={styles.languageSwitch}>
          <LanguageSwitch />
        </div>
        <AccountMenu firstname={user.firstname} />
      </header>
      <div className={styles.body}>
        {wide ? (
          <DashboardNavigation
            id={sidebarId}
            role={user.role}
            collapsed={collapsed}
            className={styles.sidebar}
          />
        ) : (
          <NavigationDrawer
            id={drawerId}
            open={drawerOpen}
            onClose={closeDrawer}
            role={user.role}
            logo={logo}
          />
        )}
        <main id="main" tabIndex={-1} className={styles.main}>
          {children}
        </main>
      </div>
    </div>
  );
}
