import { type ReactNode, useEffect, useRef } from "react";
import { Navigate } from "react-router";
import { paths } from "../../../domain/routes";
import { useSessionUser } from "../../lib/session";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast/toast-store";
import { useHydrated } from "../../ui/useHydrated";
import { useLocalizePath, useT } from "../../i18n";
import { DashboardShell } from "./DashboardShell";
import styles from "./DashboardShell.module.css";

/** In English (tests compare with it); the page shows dashboard.signInToContinue in its language. */
export const SIGN_IN_TO_CONTINUE = "Please log in to use the dashboard.";

export interface DashboardGateProps {
  /** The product's logo, shown in the top bar and the drawer (it lives in the app layer). */
  logo: ReactNode;
  /** The dashboard page (the route's Outlet). */
  children: ReactNode;
}

/**
 * The signed-in area: a loading state while the stored session is read (never a redirect during
 * hydration), the dashboard shell when someone is signed in, otherwise a redirect to the home page in the
 * page's language (`/`, `/ha`…). Signing out here, in another tab or by a 401 lands on the home page as
 * well. The server remains the authority; this only spares a signed-out visitor an unusable page.
 */
export function DashboardGate({ logo, children }: DashboardGateProps) {
  const hydrated = useHydrated();
  const user = useSessionUser();
  const wasSignedIn = useRef(false);
  const t = useT();
  const localize = useLocalizePath();

  useEffect(() => {
    if (user) wasSignedIn.current = true;
    // Someone who opened the dashboard without being signed in is told why they land on the home page;
    // logging out or a 401 already says so in its own words.
    else if (hydrated && !wasSignedIn.current) toast.info(t("dashboard.signInToContinue"));
  }, [hydrated, user, t]);

  if (!hydrated || !user) {
    return (
      <main id="main" tabIndex={-1} className={styles.pending}>
        <Spinner label={hydrated ? t("dashboard.goingHome") : t("dashboard.loading")} />
        {hydrated ? <Navigate to={localize(paths.home())} replace /> : null}
      </main>
    );
  }

  return (
    <DashboardShell user={user} logo={logo}>
      {children}
    </DashboardShell>
  );
}
