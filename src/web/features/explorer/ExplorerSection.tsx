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
//
// In the browser the code is the page's own `import()` (`code`), written in its route module: the page
// renderer has the browser fetch a route module's lazy imports with the page's first modules
// (src/server/site/lazy-dependencies.ts), and only a route module's. Imported here, in a chunk the public
// pages share, the explorer was asked for once the page had started hydrating, a round trip and 12 KB after
// the framework (0.7 s of a slow phone's 4.7 s to a usable state page).

/** The explorer's module, as the page's route module imports it. */
export type ExplorerCode = () => Promise<{ Explorer: ComponentType<ExplorerProps> }>;

type ExplorerModule = { default: ComponentType<ExplorerProps> };

const prerendered: ExplorerModule | undefined = import.meta.env.SSR
  ? await import("./Explorer").then(({ Explorer }) => ({ default: Explorer }))
  : undefined;
// Announced when first rendered before the page is interactive, not when this module loads: the build may
// put this module in the chunk other pages share (the home page's too), which must not wait for it.
let announced = false;
function announceLaterPart() {
  if (announced || import.meta.env.SSR || typeof document === "undefined") return;
  announced = true;
  if (document.documentElement.dataset.hydrated !== "true") expectLaterPart();
}

// The code given by the first page that shows the explorer: every page's import is of the same module.
let givenCode: ExplorerCode | undefined;
const LazyExplorer = lazy((): Promise<ExplorerModule> =>
  prerendered
    ? ({
        then: (resolve: (module: ExplorerModule) => void) => resolve(prerendered),
      } as Promise<ExplorerModule>)
    : importWithRetry(givenCode!).then(({ Explorer }) => ({ default: Explorer })),
);

/** The explorer, its code fetched when shown; if it cannot be fetched, the rest of the page stays. */
export function ExplorerSection({ code, ...props }: ExplorerProps & { code: ExplorerCode }) {
  announceLaterPart();
  givenCode ??= code;
  return (
    <LoadFailureBoundary fallback={null} onFailure={markPartHydrated}>
      <Suspense fallback={<Spinner />}>
        <LazyExplorer {...props} />
      </Suspense>
    </LoadFailureBoundary>
  );
}
