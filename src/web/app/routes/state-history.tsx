import {
  HistoryLoadFailed,
  HistoryLoading,
  RecordHistoryPage,
  loadRecordHistory,
  recordFeedAddresses,
} from "../../features/history";
import { pageMessages, translatorFor } from "../../i18n";
import { isUnknownPageError } from "../not-found-error";
import { pageMeta } from "../page-title";
import type { Route } from "./+types/state-history";

// /states/{id}/history (issue 28): every published change to one state, linked from its page's Sources.
// Fetched from the open-data API in the browser for now (not prerendered); at the move to server rendering
// this clientLoader becomes the route's loader as it is.

// `datadesk` names the fields (their labels).
const namespaces = ["history", "datadesk"];

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const [i18n, answer] = await Promise.all([
    pageMessages(request, namespaces),
    loadRecordHistory("state", params.stateId, new URL(request.url), request.signal),
  ]);
  return { answer, i18n };
}

export function meta({ data, location }: Route.MetaArgs) {
  const t = translatorFor(location.pathname);
  if (!data) return [];
  const title = t("history.record.title", { name: data.answer.record_name });
  const feeds = recordFeedAddresses(data.answer);
  return [
    ...pageMeta(title, t("history.record.intro")),
    { tagName: "link", rel: "alternate", type: "application/atom+xml", href: feeds.atom, title },
    { tagName: "link", rel: "alternate", type: "application/json", href: feeds.json },
  ];
}

export default function StateHistory({ loaderData }: Route.ComponentProps) {
  return <RecordHistoryPage answer={loaderData.answer} />;
}

export function HydrateFallback() {
  return <HistoryLoading />;
}

/** Unknown ids (/states/9999/history) and failures end here. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <HistoryLoadFailed notFound={isUnknownPageError(error)} />;
}
