import { PublishedReportPage } from "../../features/reports";
import { pageMessages } from "../../i18n";
import type { Route } from "./+types/eyewitness-report";

// Client-rendered (not prerendered: reports come and go); the server writes the report's title and
// link-preview tags into the app shell it answers with (src/server/site/report-meta.ts). The page sets
// its own <title> as the report loads, so this route has no meta function.

/** The messages of the page's language, before the page is shown. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await pageMessages(request, ["published", "myReports"]);
  return null;
}

export default function EyewitnessReport({ params }: Route.ComponentProps) {
  return <PublishedReportPage key={params.reportId} reportId={params.reportId} />;
}
