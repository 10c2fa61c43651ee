import type { ReactNode } from "react";
import { NavLink, useT, type MessageKey } from "../../i18n";
import type { UserRole } from "../../../domain/accounts/user";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import styles from "./DashboardNavigation.module.css";

interface NavigationItem {
  /** Its name's message id. */
  label: MessageKey;
  to: string;
  /** The index route is current only on its own path, not on its children's. */
  end?: boolean;
  icon: ReactNode;
}

const icon = (children: ReactNode) => (
  <svg
    className={styles.icon}
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
);

const eyewitness: NavigationItem = {
  label: "dashboard.nav.eyewitness",
  to: paths.dashboard(),
  end: true,
  icon: icon(
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>,
  ),
};

const myReports: NavigationItem = {
  label: "dashboard.nav.myReports",
  to: paths.myReports(),
  icon: icon(
    <>
      <path d="M6 3h9l4 4v14H6Z" />
      <path d="M9 12h7M9 16h7M9 8h4" />
    </>,
  ),
};

const profile: NavigationItem = {
  label: "dashboard.nav.profile",
  to: paths.profile(),
  icon: icon(
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </>,
  ),
};

const reviews: NavigationItem = {
  label: "dashboard.nav.reviews",
  to: paths.reviews(),
  icon: icon(
    <>
      <path d="M4 4h16v12H8l-4 4Z" />
      <path d="m9 10 2 2 4-4" />
    </>,
  ),
};

const userRoles: NavigationItem = {
  label: "dashboard.nav.userRoles",
  to: paths.userRoles(),
  icon: icon(
    <>
      <path d="M12 3 20 6v6c0 4.8-3.4 8-8 9-4.6-1-8-4.2-8-9V6Z" />
      <path d="m9 12 2 2 4-4" />
    </>,
  ),
};

const dataDesk: NavigationItem = {
  label: "dashboard.nav.dataDesk",
  to: paths.dataDesk(),
  icon: icon(
    <>
      <ellipse cx="12" cy="5" rx="8" ry="3" />
      <path d="M4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5" />
      <path d="M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
    </>,
  ),
};

/**
 * The dashboard's pages a person may open: reviews and role administration only for those allowed (admins
 * and moderators), the data desk only for editors and admins.
 */
export function dashboardItems(role: UserRole): NavigationItem[] {
  return [
    eyewitness,
    myReports,
    profile,
    ...(can(role, "report:review") ? [reviews] : []),
    ...(can(role, "users:list") ? [userRoles] : []),
    // Editors and admins.
    ...(can(role, "data:propose") ? [dataDesk] : []),
  ];
}

export interface DashboardNavigationProps {
  role: UserRole;
  /** Icons only; each item keeps its name as visually hidden text for screen readers and voice control. */
  collapsed?: boolean;
  id?: string;
  className?: string;
}

/**
 * The dashboard's navigation list (sidebar and drawer). A landmark named "Dashboard"; the current page's
 * link carries aria-current="page" (set by NavLink).
 */
export function DashboardNavigation({ role, collapsed = false, id, className }: DashboardNavigationProps) {
  const t = useT();
  return (
    <nav id={id} aria-label={t("dashboard.navLabel")} className={className}>
      <ul className={`${styles.list} ${collapsed ? styles.collapsed : ""}`}>
        {dashboardItems(role).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={styles.link}>
              {item.icon}
              <span className={collapsed ? "visually-hidden" : styles.label}>{t(item.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
