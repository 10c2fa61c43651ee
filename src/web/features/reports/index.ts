// The reports feature's public entry: other folders import only what is exported here.
export { EyewitnessPage } from "./EyewitnessPage";
export { MyReportsPage } from "./MyReportsPage";
export { PublishedReportPage } from "./PublishedReportPage";
export { PublishedReportsPage } from "./PublishedReportsPage";
export { ReviewsPage } from "./ReviewsPage";
export { type PublishedAnswer } from "./published-api";
export { formatOccurredOn, formatReportDay } from "./report-format";
export type { EyewitnessSubmission } from "./report-form-checks";
