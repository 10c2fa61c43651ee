// The my-reports feature's public entry (the signed-in reporter's own reports): other folders import only
// what is exported here.
export { MyReportsPage } from "./MyReportsPage";
export { startMyReports } from "./my-reports-api";
