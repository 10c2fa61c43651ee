import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { blogUrl } from "../../../../data/site.json";
import { paths } from "../../../domain/routes";
import { useT } from "../../i18n/language-context";
import { Link } from "../../i18n/links";
import { importWithRetry } from "../../lib/import-with-retry";
import { useSessionUser } from "../../lib/session";
import { Dialog } from "../../ui/Dialog";
import { ExternalLink } from "../../ui/ExternalLink";
import { LoadFailureBoundary } from "../../ui/LoadFailureBoundary";
import styles from "./SiteSidebar.module.css";

// The sidebar's overlay (a modal dialog: focus stays inside, Escape closes, focus returns to the toggle)
// with tiles Home, About, Blog, Eyewitness and Verified reports, and the sign-in links, or, when signed in,
// a welcome with the first name, a Dashboard link and Logout. Loaded apart from the toggle (SiteSidebar.tsx),
// so no page's first load carries it: it is fetched after the page has loaded, or when the toggle is used.

const loadLogoutButton = () => importWithRetry(() => import("./LogoutButton"));
const LogoutButton = lazy(loadLogoutButton);

export function SiteMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const user = useSessionUser();
  const location = useLocation();
  // Signed in: the Logout button's code is fetched now, before the menu opens.
  useEffect(() => {
    // A failure here is shown where the button would be, by the boundary below.
    if (user) loadLogoutButton().catch(() => {});
  }, [user]);
  return (
    <Dialog open={open} onClose={onClose} title={t("common.menu.title")} size="fullscreen">
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
            {blogUrl ? (
              <ExternalLink className={styles.tile} href={blogUrl}>
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
                  <LogoutButton onLoggedOut={onClose} />
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
  );
}
