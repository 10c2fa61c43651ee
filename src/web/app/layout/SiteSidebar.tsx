import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
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
        <span className="visually-hidden">Open menu</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Menu" size="fullscreen">
        <nav aria-label="Main">
          <ul className={styles.tiles}>
            <li>
              <Link className={styles.tile} to={paths.home()}>
                Home
              </Link>
            </li>
            <li>
              <Link className={styles.tile} to={paths.about()}>
                About
              </Link>
            </li>
            <li>
              {site.blogUrl ? (
                <ExternalLink className={styles.tile} href={site.blogUrl}>
                  Blog
                </ExternalLink>
              ) : (
                <Link className={styles.tile} to={paths.blog()}>
                  Blog
                </Link>
              )}
            </li>
            <li>
              <Link className={styles.tile} to={paths.eyewitness()}>
                Eyewitness
              </Link>
            </li>
            <li>
              <Link className={styles.tile} to={paths.publishedReports()}>
                Verified reports
              </Link>
            </li>
          </ul>
        </nav>
        <div className={styles.account}>
          {user ? (
            <>
              <p className={styles.accountText}>Welcome, {user.firstname}</p>
              <div className={styles.accountLinks}>
                <Link className="button" to={paths.dashboard()}>
                  Dashboard
                </Link>
                <LoadFailureBoundary
                  fallback={
                    // Logging out needs its code; without it, a full load of the page fetches it again.
                    <a className="button button--secondary" href={location.pathname}>
                      Reload to log out
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
              <p className={styles.accountText}>Share what you have seen or lived: sign up or log in.</p>
              <div className={styles.accountLinks}>
                <Link className="button" to={paths.register()}>
                  Sign Up
                </Link>
                <Link className="button button--secondary" to={paths.login()}>
                  Login
                </Link>
              </div>
            </>
          )}
        </div>
      </Dialog>
    </>
  );
}
