import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { afterLoad } from "../../features/offline";
import { useT } from "../../i18n/language-context";
import { T } from "../../i18n/T";
import { whenWhollyHydrated } from "../../lib/hydration-mark";
import { importWithRetry } from "../../lib/import-with-retry";
import { yieldToEventLoop } from "../../lib/yield-to-event-loop";
import { LoadFailureBoundary } from "../../ui/LoadFailureBoundary";
import styles from "./SiteSidebar.module.css";

/**
 * The sidebar's toggle, in every page's header. The overlay it opens (SiteMenu.tsx) is its own chunk: it is
 * fetched once the page has loaded (so it is there when someone taps), or at once if the toggle is used
 * first; nothing of it is in the prerendered HTML, where the closed overlay would be invisible anyway.
 */
const loadSiteMenu = () =>
  importWithRetry(() => import("./SiteMenu")).then(({ SiteMenu }) => ({ default: SiteMenu }));
const SiteMenu = lazy(loadSiteMenu);

export function SiteSidebar() {
  const t = useT();
  const [open, setOpen] = useState(false);
  // The overlay is rendered (closed) once its code is wanted: after the load event and once the whole page
  // has hydrated, or on first use. Not before the page says it is hydrated: the header then still matches
  // the served HTML (the header hydrates in a task of its own, which can come after the load event).
  const [menuWanted, setMenuWanted] = useState(false);
  useEffect(() => {
    afterLoad(() =>
      whenWhollyHydrated(() => {
        // In a task of its own: the page's last part has just hydrated in this one.
        void yieldToEventLoop().then(() => {
          // A failure here is shown, on first use, by the boundary below.
          loadSiteMenu().catch(() => {});
          setMenuWanted(true);
        });
      }),
    );
  }, []);
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
        onClick={() => {
          setMenuWanted(true);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t("common.menu.open")}</span>
      </button>
      {menuWanted ? (
        <LoadFailureBoundary fallback={<MenuLoadFailure />}>
          <Suspense fallback={null}>
            <SiteMenu open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </LoadFailureBoundary>
      ) : null}
    </>
  );
}

/** The overlay's code could not be fetched, even after its retries: say so where it would have opened. */
function MenuLoadFailure() {
  const { pathname } = useLocation();
  return (
    <p role="alert" className={styles.loadFailure}>
      {/* eslint-disable-next-line jsx-a11y/anchor-has-content -- <T> puts the message's words in the link */}
      <T id="common.menu.loadFailed" components={{ link: <a href={pathname} /> }} />
    </p>
  );
}
