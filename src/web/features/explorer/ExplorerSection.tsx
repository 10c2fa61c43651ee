import { lazy, Suspense, type ComponentType } from "react";
import { expectLaterPart, markPartHydrated } from "../../lib/hydration-mark";
import { importWithRetry } from "../../lib/import-with-retry";
import { LoadFailureBoundary } from "../../ui/LoadFailureBoundary";
import { Spinner } from "../../ui/Spinner";
import type { ExplorerProps } from "./Explorer";

// The explorer's code is a chunk of its own, loaded only by the pages that show it, as the home page's
// content is (routes/home.tsx): on the server it is loaded before rendering (top-level await) and handed to
// lazy() as a settled thenable, so the HTML holds the explorer itself; in the browser the prerendered
// explorer hydrates once its code has arrived, and the page is marked interactive after that.

type ExplorerModule = { default: ComponentType<ExplorerProps> };
const importExplorer = (): Promise<ExplorerModule> =>
  importWithRetry(() => import("./Explorer")).then(({ Explorer }) => ({ default: Explorer }));

const prerendered = import.meta.env.SSR ? await importExplorer() : undefined;
// Announced when first rendered before the page is interactive, not when this module loads: the build may
// put this module in the chunk other pages share (the home page's too), which must not wait for it.
let announced = false;
function announceLaterPart() {
  if (announced || import.meta.env.SSR || typeof document === "undefined") return;
  announced = true;
  if (document.documentElement.dataset.hydrated !== "true") expectLaterPart();
}

const LazyExplorer = lazy((): Promise<ExplorerModule> =>
  prerendered
    ? ({
        then: (resolve: (module: ExplorerModule) => void) => resolve(prerendered),
      } as Promise<ExplorerModule>)
    : importExplorer(),
);

/** The explorer, its code fetched when shown; if it cannot be fetched, the rest of the page stays. */
export function ExplorerSection(props: ExplorerProps) {
  announceLaterPart();
  return (
    <LoadFailureBoundary fallback={null} onFailure={markPartHydrated}>
      <Suspense fallback={<Spinner />}>
        <LazyExplorer {...props} />
      </Suspense>
    </LoadFailureBoundary>
  );
}
