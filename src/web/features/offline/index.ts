// The offline feature's public entry: other folders import only what is exported here.
export { OfflineNotice } from "./OfflineNotice";
export { afterLoad } from "./after-load";
// Loaded after the page's load event, so the service worker adds nothing to a page's first load.
export const loadServiceWorkerRegistration = () => import("./register");
