import { PublishedReportsPage } from "../../features/reports";
import { pageMeta } from "../page-title";

export const meta = () =>
  pageMeta(
    "Verified eyewitness reports",
    "Barriers, experiences, questions and contributions on disability inclusion in Nigeria, each reviewed and verified before it appears.",
  );

/** Prerendered with its introduction and filter; the reports are fetched in the browser (no loader). */
export default function EyewitnessReports() {
  return <PublishedReportsPage />;
}
