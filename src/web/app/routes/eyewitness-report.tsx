import { PublishedReportPage } from "../../features/published";
import { pageMessages, translatorFor } from "../../i18n";
import { pageTitle } from "../../ui/page-title";
import { servedPreviewTags } from "../served-head";
import type { Route } from "./+types/eyewitness-report";

// Client-rendered (not rendered by the server: reports come and go); the server writes the report's title
// and link-preview tags into the app shell it answers with (src/server/site/report-meta.ts).

// The page's title until its report has loaded; then the report's own (PublishedReportPage, which loads it).
// The link-preview tags the server wrote for the report stay, as served (served-head.ts).
export const meta: Route.MetaFunction = ({ location }) => [
  { title: pageTitle(translatorFor(location.pathname)("published.report.heading")) },
  ...servedPreviewTags(location.pathname),
];

/** The messages of the page's language, before the page is shown. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await pageMessages(request, ["published", "myReports"]);
  return null;
}

export default function EyewitnessReport({ params }: Route.ComponentProps) {
  return <PublishedReportPage key={params.reportId} reportId={params.reportId} />;
}
