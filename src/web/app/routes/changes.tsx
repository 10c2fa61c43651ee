import {
  ChangesPage,
  HistoryLoadFailed,
  feedAddresses,
  historyDays,
  loadChanges,
} from "../../features/history";
import { languageOfRequest, pageMessages, translatorFor } from "../../i18n";
import { isUnknownPageError } from "../not-found-error";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/changes";

// /changes: every published change, rendered on the server from the database (the load
// context's history reader) and kept until the next publication (decision record 0019). The filter is a GET
// form: it works before the page's script has run.

// `datadesk` names the fields (their labels).
const namespaces = ["history", "datadesk"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [i18n, data] = await Promise.all([
    pageMessages(request, namespaces),
    loadChanges(new URL(request.url), context.history, request.signal),
  ]);
  // The days in words, made here: the browser shows the server's (history-text.ts says why).
  return { ...data, days: historyDays(data.answer, languageOfRequest(request)), i18n };
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
  return <ChangesPage answer={loaderData.answer} filter={loaderData.filter} days={loaderData.days} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <HistoryLoadFailed notFound={isUnknownPageError(error)} />;
}
