import {
  ChangesPage,
  HistoryLoadFailed,
  HistoryLoading,
  feedAddresses,
  loadChanges,
} from "../../features/history";
import { pageMessages, translatorFor } from "../../i18n";
import { isUnknownPageError } from "../not-found-error";
import { pageMeta } from "../page-title";
import type { Route } from "./+types/changes";

// /changes (issue 28): every published change. Its data is fetched from the open-data API in the browser
// for now (not prerendered: it changes with every publication); at the move to server rendering this
// clientLoader becomes the route's loader as it is.

// `datadesk` names the fields (their labels).
const namespaces = ["history", "datadesk"];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [i18n, data] = await Promise.all([
    pageMessages(request, namespaces),
    loadChanges(new URL(request.url), request.signal),
  ]);
  return { ...data, i18n };
}

export function meta({ data, location }: Route.MetaArgs) {
  const t = translatorFor(location.pathname);
  if (!data) return [];
  const feeds = feedAddresses(data.filter);
  return [
    ...pageMeta(t("history.changes.title"), t("history.changes.description")),
    // Feed readers and browsers find the feeds of the filter shown.
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      href: feeds.atom,
      title: t("history.changes.title"),
    },
    { tagName: "link", rel: "alternate", type: "application/json", href: feeds.json },
  ];
}

export default function Changes({ loaderData }: Route.ComponentProps) {
  return <ChangesPage answer={loaderData.answer} filter={loaderData.filter} />;
}

export function HydrateFallback() {
  return <HistoryLoading />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <HistoryLoadFailed notFound={isUnknownPageError(error)} />;
}
