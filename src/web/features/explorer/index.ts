// The explorer feature's public entry: other folders import only what is exported here. Pages
// mount LawSpreadSection, which loads the explorer's code as a chunk of its own.
export { LawSpreadSection } from "./LawSpreadSection";
