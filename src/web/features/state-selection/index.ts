// The state-selection feature's public entry: other folders import only what is exported here.
export { StateSelect } from "./StateSelect";
export {
  EDUCATION_SECTION_ID,
  MAP_SECTION_ID,
  POLICY_SECTION_ID,
  useStateSelection,
} from "./useStateSelection";
