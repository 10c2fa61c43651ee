import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import { T } from "../../i18n";
import { isRootHydrating, whenWhollyHydrated } from "../../lib/hydration-mark";
import { importWithRetry } from "../../lib/import-with-retry";
import { LoadFailureBoundary } from "../../ui/LoadFailureBoundary";
import { Spinner } from "../../ui/Spinner";
import type { ExplorerProps } from "./Explorer";

// The explorer is an island (decision record 0034). Below the fold of /states and of a state's page, its
// code (about 12 KB compressed with the map's outlines) is the largest part of those pages' JavaScript that
// the visitor does not need at once. On the server its code is loaded before rendering (top-level await)
// and handed to lazy() as a settled thenable, so the HTML holds the explorer itself. In the browser:
// - when the served page hydrates, the explorer stays the server's HTML until it comes within a screen of
//   the viewport or a link in it takes the focus; it then hydrates on its own (the renderer keeps a
//   suspended part's served DOM until its code has come). The page says it is
//   interactive without waiting for it. Its links work meanwhile as plain links; its buttons and slider
//   show only once it is interactive (Explorer.module.css), so no press is lost;
// - if the address's query changed before then (the table's sort or filters, which leave the page as it
//   is), the served explorer showed another view than the address now asks for, and the renderer does not
//   correct a served element's attributes as it hydrates: once hydrated, it is rendered anew (a part still
//   waiting for its code cannot be replaced: the renderer fails to unmount it);
// - its code is also fetched, not run, once the page has loaded and the browser is idle (not when the
//   visitor asked to save data, nor offline): after the page is usable, so it costs no time to usable, and
//   the service worker keeps it with the page, which a visitor may read again offline (docs/public-site.md);
// - when the app renders a page itself (a later navigation), the code is fetched at once, with a spinner.

type ExplorerModule = { default: ComponentType<ExplorerProps> };

/** The explorer's chunk, fetched (and run) once: later calls get the same module. */
const explorerCode = () => import("./Explorer");

const prerendered: ExplorerModule | undefined = import.meta.env.SSR
  ? await explorerCode().then(({ Explorer }) => ({ default: Explorer }))
  : undefined;

/** Lets the explorer's code be fetched; called once it is wanted, and at once for a page the app renders. */
let wanted: () => void = () => undefined;
const whenWanted = new Promise<void>((resolve) => (wanted = resolve));

const LazyExplorer = lazy((): Promise<ExplorerModule> =>
  prerendered
    ? ({
        then: (resolve: (module: ExplorerModule) => void) => resolve(prerendered),
      } as Promise<ExplorerModule>)
    : whenWanted.then(() => importWithRetry(explorerCode)).then(({ Explorer }) => ({ default: Explorer })),
);

/**
 * Fetches the explorer's code once the page is wholly interactive, has loaded and the browser is idle (the
 * idle time between two parts' hydration is not the page's); returns the cancellation.
 */
function fetchWhenIdle(): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData || !navigator.onLine) return () => undefined;
  let idle: number | undefined;
  let cancelled = false;
  const fetchCode = () => void explorerCode().catch(() => undefined);
  const whenIdle = () => {
    idle =
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(fetchCode)
        : window.setTimeout(fetchCode, 0);
  };
  whenWhollyHydrated(() => {
    if (cancelled) return;
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
  });
  return () => {
    cancelled = true;
    window.removeEventListener("load", whenIdle);
    if (idle === undefined) return;
    if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/** How near the viewport the explorer's place must come for its code to be fetched: a screen's height. */
const NEAR = "100% 0px";

/** The explorer, its code fetched when it is wanted; if it cannot be fetched, a way to try again. */
export function ExplorerSection(props: ExplorerProps) {
  // Read once: whether this section came with the served page (an island until wanted).
  const [island] = useState(() => typeof document !== "undefined" && isRootHydrating());
  const { search } = useLocation();
  const [servedSearch] = useState(search);
  // The query when the served explorer had hydrated; another than it was served for: rendered anew.
  const [hydratedAt, setHydratedAt] = useState<string>();
  const renderedAnew = island && hydratedAt !== undefined && hydratedAt !== servedSearch;
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!island) {
      wanted();
      return;
    }
    const element = place.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      wanted();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wanted();
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    // A keyboard reaches a link of the served explorer without scrolling it into view first.
    element.addEventListener("focusin", wanted);
    const cancelFetch = fetchWhenIdle();
    return () => {
      observer.disconnect();
      element.removeEventListener("focusin", wanted);
      cancelFetch();
    };
  }, [island]);

  return (
    <div ref={place}>
      <LoadFailureBoundary fallback={<ExplorerLoadFailure />}>
        <Suspense fallback={<Spinner />}>
          <LazyExplorer
            key={renderedAnew ? "rendered" : "served"}
            {...props}
            onInteractive={island ? () => setHydratedAt(window.location.search) : undefined}
          />
        </Suspense>
      </LoadFailureBoundary>
    </div>
  );
}

/** The explorer's code could not be fetched, even after its retries: say so where it was. */
function ExplorerLoadFailure() {
  const { pathname, search } = useLocation();
  return (
    <p role="alert">
      {/* eslint-disable-next-line jsx-a11y/anchor-has-content -- <T> puts the message's words in the link */}
      <T id="explorer.loadFailed" components={{ link: <a href={pathname + search} /> }} />
    </p>
  );
}
