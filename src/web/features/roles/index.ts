// The roles feature's public entry: other folders import only what is exported here.
export { UserRolesPage } from "./UserRolesPage";
export { startUserRoles } from "./roles-api";
