// The comparison feature's public entry: other folders import only what is exported here.
export { StatesComparison } from "./StatesComparison";
