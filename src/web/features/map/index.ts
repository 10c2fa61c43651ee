// The map feature's public entry: other folders import only what is exported here.
export { MapPanel } from "./MapPanel";
export { NigeriaMap } from "./NigeriaMap";
