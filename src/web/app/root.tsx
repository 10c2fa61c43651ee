import { type ComponentType, type ReactNode, useEffect, useReducer, useRef, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
} from "react-router";
import { paths } from "../../domain/routes";
import { localizePath, withoutLanguage } from "../../i18n/languages";
import { DraftNotice } from "../i18n/DraftNotice";
import { LanguageProvider, useT } from "../i18n/language-context";
import { Link } from "../i18n/links";
import { baseRouteId } from "../i18n/route-ids";
import {
  addCarriedMessages,
  languageCodes,
  languages,
  pageMessages,
  shownLanguageOf,
  shownTranslatorFor,
} from "../i18n/runtime";
import { afterLoad, loadServiceWorkerRegistration, OfflineNotice } from "../features/offline";
import { loadOutboxSender } from "../features/eyewitness/lazy";
import { DataLayerProvider } from "../lib/data-layer-provider";
import { markRootHydrated } from "../lib/hydration-mark";
import { useSessionUser } from "../lib/session";
import { pageTitle } from "../ui/page-title";
import { LaterPart } from "../ui/LaterPart";
import { Spinner } from "../ui/Spinner";
import { Toaster } from "../ui/toast/Toaster";
import type { Route } from "./+types/root";
import { siteSettingsOf, type SiteSettings } from "./datasets";
import { SiteFooter } from "./layout/SiteFooter";
import { SiteHeader } from "./layout/SiteHeader";
import { servedPreviewTags } from "./served-head";
import { T } from "../i18n/T";
import "./styles/global.css";
import styles from "./root.module.css";
import { neverAgainDuringTheVisit } from "./revalidate";
import { sayUnauthorizedInPageLanguage } from "./unauthorized-notice";

// The shell's messages (header, footer, errors) in the page's language: in every page the server renders,
// and, for pages rendered in the browser, the English of the app shell until their own clientLoader has
// loaded their language (PageLanguage below). With them, the deployer's settings (the public address, the
// footer's contacts), which the server reads when it starts: one build serves any site.
export async function loader({ request, context }: Route.LoaderArgs) {
  return { i18n: await pageMessages(request, ["common"]), site: siteSettingsOf(context) };
}

/**
 * The deployer's settings, as the server rendered the page with them: the root loader's (the first match
 * is always the root route; useMatches is part of the first load already, useRouteLoaderData would not be).
 */
function useSiteSettings(): SiteSettings | undefined {
  return (useMatches()[0]?.loaderData as { site?: SiteSettings } | undefined)?.site;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/**
 * The page's language: its path's, once that language's shell messages are here (always, on a prerendered
 * page, whose loaders carry them). A page rendered in the browser starts from the app shell's English and
 * turns to its language when its clientLoader has loaded it, so hydration matches the shell's HTML.
 */
function usePageLanguage(): string {
  const { pathname } = useLocation();
  for (const match of useMatches()) addCarriedMessages(match.loaderData);
  return shownLanguageOf(pathname);
}

/**
 * The site's title, which the app shell (a client-rendered page before its code has loaded) and any route
 * without a meta of its own show; the root's error page's title ("Page not found", "Something went wrong").
 * Titles come from routes' meta, rendered in the <head> by <Meta/>, never from a <title> in a component:
 * React hoists one into the <head>, other renderers leave it where it is.
 */
export const meta: Route.MetaFunction = ({ error, location }) => {
  const t = shownTranslatorFor(location.pathname);
  if (!error) return [{ title: pageTitle(undefined, t) }, ...servedPreviewTags(location.pathname)];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: pageTitle(t(notFound ? "common.pageNotFound" : "common.somethingWentWrong")) }];
};

/**
 * The same page in every language, for search engines and for browsers offering a translation: absolute
 * addresses (PUBLIC_URL as the server has it), as search engines require of alternates.
 */
function LanguageAlternates() {
  const { pathname } = useLocation();
  const publicUrl = useSiteSettings()?.publicUrl ?? "";
  const page = withoutLanguage(pathname, languageCodes);
  return (
    <>
      {languages.map((language) => (
        <link
          key={language.code}
          rel="alternate"
          hrefLang={language.code}
          href={publicUrl + localizePath(page, language.code)}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={publicUrl + page} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const language = usePageLanguage();
  // An error page whose messages arrive without a loader (an unknown id's, /pcm/states/99) asks for
  // another look at the page's language (useNamespaces' turnsPage).
  const [, messagesArrived] = useReducer((count: number) => count + 1, 0);
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d3b" />
        <Meta />
        {/* The alternates before <Links/>: React's server renders a stylesheet after every other element of
            the <head>, and the browser's renderer (Preact) hydrates elements in order by tag name, keeping
            the served attributes. In this order the served <link>s and the rendered ones pair up; the other
            way round the stylesheet's <link> was taken for an alternate, and the next navigation gave it a
            page's address (the site lost its styles). */}
        <LanguageAlternates />
        <Links />
      </head>
      <body>
        <LanguageProvider language={language} messagesArrived={messagesArrived}>
          {children}
        </LanguageProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Header, main landmark and footer around every public page; the skip link comes first in the tab order.
 * The signed-in area (the dashboard layout route) brings its own top bar, navigation and main (#main).
 * `outbox` (the report outbox's status band, rendered after the load event) goes with the other notices,
 * outside <main>: the main landmark holds the page alone, exactly as the server rendered it.
 */
function Shell({ children, outbox }: { children: ReactNode; outbox?: ReactNode }) {
  const t = useT();
  const inDashboard = useMatches().some((match) => baseRouteId(match.id) === "routes/dashboard/layout");
  const contacts = useSiteSettings()?.contacts;
  if (inDashboard) {
    return (
      <>
        <a href="#main" className="skip-link">
          {t("common.skipToMain")}
        </a>
        <DraftNotice />
        <OfflineNotice />
        {outbox}
        {children}
        <Toaster />
      </>
    );
  }
  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        {t("common.skipToMain")}
      </a>
      {/* The header hydrates in a task of its own after the rest of the layout (LaterPart): with it and the
          footer, the layout was one long task on a slow phone. */}
      <LaterPart name="site-header" inShell>
        <SiteHeader />
      </LaterPart>
      <DraftNotice />
      <OfflineNotice />
      {outbox}
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      {/* Not hydrated at all: only links and text (StaticPart). */}
      <SiteFooter contacts={contacts} />
      <Toaster />
    </div>
  );
}

sayUnauthorizedInPageLanguage();

/**
 * After a route change, focus goes to the new page's heading (its main when it has none), so screen readers
 * read where the visitor has arrived; unless the page has already put it somewhere in its main. A page whose
 * content arrives a moment later (a lazy part) is waited for, a few frames at most.
 */
function focusHeading(frames = 30) {
  const main = document.getElementById("main");
  const active = document.activeElement;
  if (!main || (active && active !== document.body && active !== main && main.contains(active))) return;
  const heading = main.querySelector("h1");
  if (!heading && frames) {
    requestAnimationFrame(() => focusHeading(frames - 1));
    return;
  }
  const target = heading ?? main;
  target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

export default function Root() {
  const { pathname } = useLocation();
  const arrived = useRef(pathname);
  useEffect(() => {
    if (arrived.current === pathname) return;
    arrived.current = pathname;
    focusHeading();
  }, [pathname]);
  // Marks the moment the page became interactive (tests wait for it; pages hydrate after the first paint).
  // The report outbox's sender, loaded after the page's load event like the service worker: reports
  // waiting on this device are sent a moment later, and no page's first load carries its code. Only for a
  // signed-in visitor: reports wait for the account that wrote them (kept for its next sign-in, sent by the
  // service worker with no page open), so a signed-out visit has nothing to send and never loads it.
  const [OutboxSender, setOutboxSender] = useState<ComponentType | null>(null);
  const [loaded, setLoaded] = useState(false);
  const signedIn = useSessionUser() !== null;
  useEffect(() => {
    markRootHydrated();
    // The service worker's code is loaded after the page's load event: it adds nothing to the first load.
    afterLoad(() => {
      void loadServiceWorkerRegistration().then((module) => module.registerServiceWorker());
      setLoaded(true);
    });
  }, []);
  useEffect(() => {
    if (!loaded || !signedIn || OutboxSender) return;
    void loadOutboxSender().then((module) => setOutboxSender(() => module.OutboxSender));
  }, [loaded, signedIn, OutboxSender]);
  return (
    <DataLayerProvider>
      <Shell outbox={OutboxSender && <OutboxSender />}>
        <Outlet />
      </Shell>
    </DataLayerProvider>
  );
}

/** What a client-rendered page shows while its code loads. */
export function HydrateFallback() {
  const t = useT();
  return (
    <div className={styles.fallback}>
      <Spinner label={t("common.loadingApp")} />
      <noscript>
        <p>
          {/* eslint-disable-next-line jsx-a11y/anchor-has-content -- <T> puts the message's words in the link */}
          <T id="common.needsJavaScript" components={{ link: <a href="/" /> }} />
        </p>
      </noscript>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = t(notFound ? "common.pageNotFound" : "common.somethingWentWrong");
  return (
    <Shell>
      <div className="container">
        <h1>{heading}</h1>
        <p>{t(notFound ? "common.pageNotFoundText" : "common.somethingWentWrongText")}</p>
        <Link className="button" to={paths.home()}>
          {t("common.backToHome")}
        </Link>
      </div>
    </Shell>
  );
}

// The root's data never changes during a visit (src/web/app/revalidate.ts says why it is not asked again).
export const shouldRevalidate = neverAgainDuringTheVisit;
