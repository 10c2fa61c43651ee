// The schools feature's public entry: other folders import only what is exported here.
export { CORRECTION_ANCHOR, SchoolDetails, SchoolNotFound } from "./SchoolDetails";
export { SchoolsDialog } from "./SchoolsDialog";
export { useSchoolsDialog } from "./use-schools-dialog";
export { SchoolResultsPage, type SchoolResultsData } from "./SchoolResultsPage";
