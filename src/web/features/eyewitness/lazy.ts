// The eyewitness feature's second public entry, for code other folders load on demand. It is kept apart from
// index.ts because importing the index statically puts the feature's pages in the importer's first load.

/** The outbox's sender: the layout loads it after the page's load event, so no page's first load carries it. */
export const loadOutboxSender = () => import("./OutboxSender");

/** The reports kept on the device (drafts, outbox): what signing out forgets, or asks about first. */
export const loadReportStore = () => import("./report-store");

/** The outbox's sender, for "Send it now" when signing out. */
export const loadOutbox = () => import("./outbox");
