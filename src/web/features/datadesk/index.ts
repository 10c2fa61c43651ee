// The data desk's public entry: other folders import only what is exported here.
export { ChangesPage } from "./ChangesPage";
export { DataDeskPage } from "./DataDeskPage";
export { DocumentsPage } from "./DocumentsPage";
export { ImportPage } from "./ImportPage";
export { NewSchoolPage } from "./NewSchoolPage";
export { RecordPage } from "./RecordPage";
export { startDesk } from "./datadesk-api";
export { startDocuments } from "./documents-api";
