import {
  HistoryLoadFailed,
  RecordHistoryPage,
  loadRecordHistory,
  historyDays,
  recordFeedAddresses,
} from "../../features/history";
import { languageOfRequest, pageMessages, translatorFor } from "../../i18n";
import { isUnknownPageError } from "../not-found-error";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/state-history";

// /states/{id}/history: every published change to one state, linked from its page's Sources.
// Rendered on the server from the database (the load context's history reader), kept until the next
// publication like every public page (decision record 0019).

// `datadesk` names the fields (their labels).
const namespaces = ["history", "datadesk"];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const [i18n, answer] = await Promise.all([
    pageMessages(request, namespaces),
    loadRecordHistory("state", params.stateId, new URL(request.url), context.history, request.signal),
  ]);
  return { answer, days: historyDays(answer, languageOfRequest(request)), i18n };
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
  return <RecordHistoryPage answer={loaderData.answer} days={loaderData.days} />;
}

/** Unknown ids (/states/9999/history) and failures end here. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <HistoryLoadFailed notFound={isUnknownPageError(error)} />;
}
