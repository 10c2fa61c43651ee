import { useCallback, useRef, useState } from "react";
import { pageMessages, useNavigate, useT } from "../../i18n";
import { paths } from "../../../domain/routes";
import { apiRoute, isSessionEnded, request, UNAUTHORIZED_MESSAGE } from "../../lib/api-client";
import { session } from "../../lib/session";
import { currentToasts, toast } from "../../ui/toast/toast-store";

/** In English (tests compare with it); the page shows dashboard.loggedOutOffline in its language. */
export const LOGGED_OUT_OFFLINE_MESSAGE =
  "You are logged out on this device, but the server could not be reached to end your session. It will expire on its own.";

const logoutRoute = apiRoute("accounts.logout", "POST", "/api/v1/auth/logout");

export interface UseLogoutOptions {
  /** Runs once the local session is cleared, before going home (closes the menu or overlay). */
  onLoggedOut?: () => void;
}

/**
 * Logging out (spec §4): the server ends the session (the token stops working), the stored user is
 * cleared, 'Logout successful' is shown and the visitor goes to the home page. The local session is
 * cleared even when the server cannot be reached, and the visitor is told so.
 */
export function useLogout({ onLoggedOut }: UseLogoutOptions = {}) {
  const navigate = useNavigate();
  const t = useT();
  const [loggingOut, setLoggingOut] = useState(false);
  const inFlight = useRef(false);

  const logOut = useCallback(async () => {
    if (inFlight.current) return; // a double click sends one request
    inFlight.current = true;
    setLoggingOut(true);
    let serverEndedSession = true;
    try {
      await request(logoutRoute, {});
    } catch (error) {
      if (isSessionEnded(error)) {
        // The session had already ended on the server: logging out succeeded. The client's generic
        // 'Unauthorized! Logging Out...' notice would only confuse here.
        for (const shown of currentToasts()) {
          if (shown.message === UNAUTHORIZED_MESSAGE) toast.dismiss(shown.id);
        }
      } else {
        serverEndedSession = false;
      }
    } finally {
      inFlight.current = false;
      setLoggingOut(false);
    }
    // Public pages log out too (the site's sidebar) without having loaded the dashboard's messages.
    await pageMessages(new Request(window.location.href), ["dashboard"]).catch(() => undefined);
    session.signOut();
    if (serverEndedSession) toast.success(t("dashboard.loggedOut"));
    else toast.warning(t("dashboard.loggedOutOffline"));
    onLoggedOut?.();
    await navigate(paths.home(), { replace: true });
  }, [navigate, onLoggedOut, t]);

  return { logOut, loggingOut };
}
