import { useLogout } from "../../features/dashboard";
import { useT } from "../../i18n/language-context";

/**
 * The sidebar's Logout button, a module of its own: logging out brings the API client, which the pages
 * that never call the API (the home page) would otherwise carry in their first load.
 */
export default function LogoutButton({ onLoggedOut }: { onLoggedOut: () => void }) {
  const t = useT();
  const { logOut, loggingOut, dialog } = useLogout({ onLoggedOut });
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={loggingOut || undefined}
        onClick={() => void logOut()}
      >
        {t(loggingOut ? "common.menu.loggingOut" : "common.menu.logOut")}
      </button>
      {dialog}
    </>
  );
}
