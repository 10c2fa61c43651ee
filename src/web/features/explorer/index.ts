// The explorer feature's public entry: other folders import only what is exported here. Pages mount
// ExplorerSection, which loads the explorer's code as a chunk of its own.
export { ExplorerSection } from "./ExplorerSection";
