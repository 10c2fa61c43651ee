// The eyewitness feature's public entry (the report form, the outbox that sends it, the reports kept on the
// device): other folders import only what is exported here.
export { EyewitnessPage } from "./EyewitnessPage";
export { fetchMyReports, type MyReportsAnswer } from "./report-api";
