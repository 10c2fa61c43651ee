// The education feature's public entry: other folders import only what is exported here.
export { EducationSection } from "./EducationSection";
