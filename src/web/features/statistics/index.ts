// The statistics feature's public entry: other folders import only what is exported here.
export { NationalStatistics } from "./NationalStatistics";
export { figureCards, type FigureCards } from "./national-figures";
