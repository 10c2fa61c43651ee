// The explorer feature's public entry (issue 31): other folders import only what is exported here.
export { LawSpread } from "./LawSpread";
