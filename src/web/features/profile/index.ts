// The profile feature's public entry: other folders import only what is exported here.
export { ProfilePage } from "./ProfilePage";
