import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import { paths } from "../../domain/routes";
import { afterLoad, loadServiceWorkerRegistration, OfflineNotice } from "../features/offline";
import { loadOutboxSender } from "../features/reports/lazy";
import { DataLayerProvider } from "../lib/data-layer-provider";
import { Spinner } from "../ui/Spinner";
import { Toaster } from "../ui/toast/Toaster";
import type { Route } from "./+types/root";
import { markRootHydrated } from "./hydration-mark";
import { SiteFooter } from "./layout/SiteFooter";
import { SiteHeader } from "./layout/SiteHeader";
import { pageTitle } from "./page-title";
import "./styles/global.css";
import styles from "./root.module.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d3b" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Header, main landmark and footer around every public page; the skip link comes first in the tab order.
 * The signed-in area (the dashboard layout route) brings its own top bar, navigation and main (#main).
 */
function Shell({ children }: { children: ReactNode }) {
  const inDashboard = useMatches().some((match) => match.id === "routes/dashboard/layout");
  if (inDashboard) {
    return (
      <>
        <a href="#main" className={styles.skipLink}>
          Skip to main content
        </a>
        <OfflineNotice />
        {children}
        <Toaster />
      </>
    );
  }
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to main content
      </a>
      <SiteHeader />
      <OfflineNotice />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}

export default function Root() {
  // Marks the moment the page became interactive (tests wait for it; pages hydrate after the first paint).
  // The report outbox's sender, loaded after the page's load event like the service worker: reports
  // waiting on this device are sent a moment later, and no page's first load carries its code.
  const [OutboxSender, setOutboxSender] = useState<ComponentType | null>(null);
  useEffect(() => {
    markRootHydrated();
    // The service worker's code is loaded after the page's load event: it adds nothing to the first load.
    afterLoad(() => {
      void loadServiceWorkerRegistration().then((module) => module.registerServiceWorker());
      void loadOutboxSender().then((module) => setOutboxSender(() => module.OutboxSender));
    });
  }, []);
  return (
    <DataLayerProvider>
      <Shell>
        {OutboxSender && <OutboxSender />}
        <Outlet />
      </Shell>
    </DataLayerProvider>
  );
}

/** What a client-rendered page shows while its code loads. */
export function HydrateFallback() {
  return (
    <div className={styles.fallback}>
      <title>{pageTitle()}</title>
      <Spinner label="Loading Inclusion Atlas…" />
      <noscript>
        <p>
          This page needs JavaScript, which is turned off or could not load. The public pages (the map, the
          states, the schools) work without it: <a href="/">go to the home page</a>.
        </p>
      </noscript>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Shell>
      <title>{pageTitle(notFound ? "Page not found" : "Something went wrong")}</title>
      <div className="container">
        <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
        <p>
          {notFound
            ? "We could not find that page."
            : "This page could not be shown. Please check your connection and try again."}
        </p>
        <Link className="button" to={paths.home()}>
          Back to Home
        </Link>
      </div>
    </Shell>
  );
}
