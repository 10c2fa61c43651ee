// The states feature's public entry: other folders import only what is exported here.
export { NationalActLink } from "./PolicyDocumentLink";
export { StateOverview } from "./StateOverview";
export { StatePolicyPage } from "./StatePolicyPage";
export { StateReports } from "./StateReports";
