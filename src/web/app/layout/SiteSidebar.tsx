import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../../i18n/language-context";
import { Link } from "../../i18n/links";
import site from "../../../../data/site.json";
import { paths } from "../../../domain/routes";
import { importWithRetry } from "../../lib/import-with-retry";
import { useSessionUser } from "../../lib/session";
import { LoadFailureBoundary } from "../../ui/LoadFailureBoundary";
import { Dialog } from "../../ui/Dialog";
import { ExternalLink } from "../../ui/ExternalLink";
import styles from "./SiteSidebar.module.css";

/**
 * The sidebar: a full-screen overlay (a modal dialog: focus stays inside, Escape closes, focus returns to
 * the toggle) with tiles Home, About, Blog, Eyewitness and Verified reports, and the sign-in links, or, when
 * signed in, a welcome with the first name, a Dashboard link and Logout. The prerendered HTML shows the sign-in links
 * (no one is signed in at build time); the welcome replaces them once the page has hydrated.
 */
const loadLogoutButton = () => importWithRetry(() => import("./LogoutButton"));
const LogoutButton = lazy(loadLogoutButton);

export function SiteSidebar() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const user = useSessionUser();
  // Signed in (known only once hydrated): the Logout button's code is fetched now, before the menu opens.
  useEffect(() => {
    // A failure here is shown where the button would be, by the boundary below.
    if (user) loadLogoutButton().catch(() => {});
  }, [user]);
  const location = useLocation();
  const [shownFor, setShownFor] = useState(location.key);

  // Following a link (any navigation) closes the overlay.
  if (shownFor !== location.key) {
    setShownFor(location.key);
    setOpen(false);
  }

  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t("common.menu.open")}</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t("common.menu.title")} size="fullscreen">
        <nav aria-label={t("common.menu.main")}>
          <ul className={styles.tiles}>
            <li>
              <Link className={styles.tile} to={paths.home()}>
                {t("common.home")}
              </Link>
            </li>
            <li>
              <Link className={styles.tile} to={paths.about()}>
                {t("common.about")}
              </Link>
            </li>
            <li>
              {site.blogUrl ? (
                <ExternalLink className={styles.tile} href={site.blogUrl}>
                  {t("common.blog")}
                </ExternalLink>
              ) : (
                <Link className={styles.tile} to={paths.blog()}>
                  {t("common.blog")}
                </Link>
              )}
            </li>
            <li>
              <Link className={styles.tile} to={paths.eyewitness()}>
                {t("common.eyewitness")}
              </Link>
            </li>
            <li>
              <Link className={styles.tile} to={paths.publishedReports()}>
                {t("common.menu.verifiedReports")}
              </Link>
            </li>
          </ul>
        </nav>
        <div className={styles.account}>
          {user ? (
            <>
              <p className={styles.accountText}>{t("common.menu.welcome", { name: user.firstname })}</p>
              <div className={styles.accountLinks}>
                <Link className="button" to={paths.dashboard()}>
                  {t("common.menu.dashboard")}
                </Link>
                <LoadFailureBoundary
                  fallback={
                    // Logging out needs its code; without it, a full load of the page fetches it again.
                    <a className="button button--secondary" href={location.pathname}>
                      {t("common.menu.reloadToLogOut")}
                    </a>
                  }
                >
                  <Suspense fallback={null}>
                    <LogoutButton onLoggedOut={() => setOpen(false)} />
                  </Suspense>
                </LoadFailureBoundary>
              </div>
            </>
          ) : (
            <>
              <p className={styles.accountText}>{t("common.menu.signInInvite")}</p>
              <div className={styles.accountLinks}>
                <Link className="button" to={paths.register()}>
                  {t("common.menu.signUp")}
                </Link>
                <Link className="button button--secondary" to={paths.login()}>
                  {t("common.menu.logIn")}
                </Link>
              </div>
            </>
          )}
        </div>
      </Dialog>
    </>
  );
}
