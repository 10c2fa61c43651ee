// The estimates feature's public entry: other folders import only what is exported here.
export { EstimatesExplainer } from "./EstimatesExplainer";
