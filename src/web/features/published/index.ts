// The published feature's public entry (the public list of verified reports and one report's page): other
// folders import only what is exported here.
export { PublishedReportPage } from "./PublishedReportPage";
export { PublishedReportsPage } from "./PublishedReportsPage";
export { publishedQueries, type PublishedAnswer } from "./published-api";
