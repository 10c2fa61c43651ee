// The opendata feature's public entry: other folders import only what is exported here.
export { OpenDataPage, type DatasetVersions } from "./OpenDataPage";
