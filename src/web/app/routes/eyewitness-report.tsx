import { PublishedReportPage } from "../../features/reports";
import type { Route } from "./+types/eyewitness-report";

// Client-rendered (not prerendered: reports come and go); the server writes the report's title and
// link-preview tags into the app shell it answers with (src/server/site/report-meta.ts). The page sets
// its own <title> as the report loads, so this route has no meta function.
export default function EyewitnessReport({ params }: Route.ComponentProps) {
  return <PublishedReportPage key={params.reportId} reportId={params.reportId} />;
}
