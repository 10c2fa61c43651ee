// The dashboard feature's public entry: other folders import only what is exported here.
export { DashboardGate } from "./DashboardGate";
export { useLogout } from "./use-logout";
