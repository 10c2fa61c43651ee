import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { isHydrating } from "../../lib/hydration-state";
import { importWithRetry } from "../../lib/import-with-retry";
import { LoadFailureBoundary } from "../../ui/LoadFailureBoundary";
import { Spinner } from "../../ui/Spinner";
import type { ExplorerProps } from "./Explorer";

// The explorer is an island (decision record 0034). Below the fold of /states and of a state's page, its
// code (about 12 KB compressed with the map's outlines) is the largest part of those pages' JavaScript that
// the visitor does not need at once. On the server its code is loaded before rendering (top-level await)
// and handed to lazy() as a settled thenable, so the HTML holds the explorer itself. In the browser:
// - when the served page hydrates, the explorer stays the server's HTML, and its code is fetched only when
//   it comes within a screen of the viewport or a control in it takes the focus; it then hydrates on its
//   own (the renderer keeps a suspended part's served DOM until its code has come). The page says it is
//   interactive without waiting for it. Its links work meanwhile as plain links; its buttons and slider
//   show only once it is interactive (Explorer.module.css), so no press is lost;
// - when the app renders a page itself (a later navigation), the code is fetched at once, with a spinner.

type ExplorerModule = { default: ComponentType<ExplorerProps> };

const prerendered: ExplorerModule | undefined = import.meta.env.SSR
  ? await import("./Explorer").then(({ Explorer }) => ({ default: Explorer }))
  : undefined;

/** Lets the explorer's code be fetched; called once it is wanted, and at once for a page the app renders. */
let wanted: () => void = () => undefined;
const whenWanted = new Promise<void>((resolve) => (wanted = resolve));

const LazyExplorer = lazy((): Promise<ExplorerModule> =>
  prerendered
    ? ({
        then: (resolve: (module: ExplorerModule) => void) => resolve(prerendered),
      } as Promise<ExplorerModule>)
    : whenWanted
        .then(() => importWithRetry(() => import("./Explorer")))
        .then(({ Explorer }) => ({ default: Explorer })),
);

/** How near the viewport the explorer's place must come for its code to be fetched: a screen's height. */
const NEAR = "100% 0px";

/** The explorer, its code fetched when it is wanted; if it cannot be fetched, the rest of the page stays. */
export function ExplorerSection(props: ExplorerProps) {
  // Read once: whether this section came with the served page (an island until wanted).
  const [island] = useState(() => typeof document !== "undefined" && isHydrating());
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
    return () => {
      observer.disconnect();
      element.removeEventListener("focusin", wanted);
    };
  }, [island]);

  return (
    <div ref={place}>
      <LoadFailureBoundary fallback={null}>
        <Suspense fallback={<Spinner />}>
          <LazyExplorer {...props} />
        </Suspense>
      </LoadFailureBoundary>
    </div>
  );
}
